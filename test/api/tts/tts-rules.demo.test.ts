// The rules against the demo service's own request check: whatever checkRequest lets through, the demo
// accepts, for every model it serves, with the model list's numbers given to rulesFor as the app would.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkRequest } from '../../../main/api/tts/tts-check'
import { rulesFor, type TtsModelInfo } from '../../../main/api/tts/tts-rules'
import type { SeededAccount } from '../../../main/demo/accounts/directory'
import { TTS_MODELS, type TtsModelDef } from '../../../main/demo/tts/models'
import { parseSpeechRequest } from '../../../main/demo/tts/speech-request'
import { CLASSIC_ALIASES } from '../../../main/demo/tts/voices/classic'
import { V3_ALIASES } from '../../../main/demo/tts/voices/eleven-v3'
import { FREE_LANGUAGES } from '../../../main/demo/tts/voices/free-languages'
import { GEMINI_ALIASES } from '../../../main/demo/tts/voices/gemini'

const ACCOUNT = {} as SeededAccount

function infoOf(m: TtsModelDef): TtsModelInfo {
  const aliases = m.group === 'G' ? GEMINI_ALIASES : m.group === 'classic' ? CLASSIC_ALIASES : m.group === 'v3' ? V3_ALIASES : {}
  return {
    group: m.group,
    free: m.priceVndPer1M === 0,
    price_vnd_per_1m_chars: m.priceVndPer1M,
    free_chars_per_month: m.freeCharsPerMonth ?? null,
    max_input_chars: m.maxInputChars,
    formats: m.formats,
    speed: m.speed,
    voice: { required: m.voiceRequired, default: m.defaultVoice ?? null, aliases },
    english_only: m.englishOnly,
    voices: m.voiceRule === 'language_code' ? FREE_LANGUAGES : m.voices.map((v) => v.id),
  }
} // prettier-ignore

const voiceFor = (m: TtsModelDef) =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(
      'alloy',
      'ballad',
      'Nobody',
      'vi',
      'xx',
      'en-US-Puck',
      'vi-VN-Standard-A',
      'vi-VN-Wavenet-A',
    ),
    fc.constantFrom('en-US-Chirp-HD-O', 'en-US-Chirp-HD-P', 'Kore', ...m.voices.slice(0, 5).map((v) => v.id)),
  )
const textFor = (m: TtsModelDef) =>
  fc.oneof(
    fc.constantFrom('Xin chào, Tiếng Việt.', 'Tiếng Việt'.normalize('NFD'), ' ', 'Hello there.'),
    fc.integer({ min: m.maxInputChars - 2, max: m.maxInputChars + 2 }).map((n) => 'ạ'.repeat(n)),
  )

describe('checkRequest against the demo service', () => {
  for (const m of TTS_MODELS) {
    it(`${m.id}: every request it lets through is accepted, and every refusal is one the demo makes too`, () => {
      const rules = rulesFor(m.id, infoOf(m))
      const choice = fc.record({
        text: textFor(m),
        format: fc.constantFrom('mp3', 'opus', 'aac', 'flac', 'wav', 'pcm', 'ogg'),
        speed: fc.option(fc.constantFrom(0.2, 0.5, 0.7, 1, 1.2, 2, 4, 5), { nil: undefined }),
        voice: voiceFor(m),
      })
      fc.assert(
        fc.property(choice, (c) => {
          const checked = checkRequest(rules, c)
          const body = checked.ok ? checked.request : { model: m.id, input: c.text, voice: c.voice, response_format: c.format, speed: c.speed }
          const demo = parseSpeechRequest(body, ACCOUNT)
          // 501 is the demo's own gap (it cannot encode some formats the real service produces).
          const demoRefused = !demo.ok && demo.refusal.status === 400
          expect(demoRefused).toBe(!checked.ok)
        }), // prettier-ignore
        { numRuns: 150 },
      )
    })
  }
})

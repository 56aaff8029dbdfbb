// Turns a request's `voice` into the voice that speaks, by the model's voice rule, and decides which
// language the demo's synthesizer reads the text in.
import { looksVietnamese } from '../speech/language'
import type { TtsModelDef } from './models'
import { CLASSIC_ALIASES, CLASSIC_LISTED_VOICES, classicVoice } from './voices/classic'
import { V3_ALIASES } from './voices/eleven-v3'
import { FREE_LANGUAGES } from './voices/free-languages'
import { GEMINI_ALIASES, GEMINI_DEFAULT_LOCALE, GEMINI_FALLBACK_VOICE, GEMINI_VOICES } from './voices/gemini'
import { languageOf, type VoiceInfo } from './voices/voice'

export type VoiceResolution =
  | {
      ok: true
      voice: VoiceInfo
      /** ISO 639-1 language the synthesizer reads the text in. */
      lang: string
      /** True when the requested name was unknown and the model's fallback voice was used. */
      fellBack: boolean
    }
  | { ok: false; message: string }

function listMessage(model: TtsModelDef, requested: string, valid: string[], extra = ''): string {
  return `Voice '${requested}' is not available for model '${model.id}'. Valid voices: ${valid.join(', ')}${extra}.`
}

/** Multilingual models read Vietnamese text as Vietnamese and anything else in the voice's own language. */
function spokenLanguage(model: TtsModelDef, v: VoiceInfo, input: string): string {
  if (model.englishOnly) return 'en'
  return looksVietnamese(input) ? 'vi' : languageOf(v.locale)
}

function ok(model: TtsModelDef, v: VoiceInfo, input: string, fellBack = false): VoiceResolution {
  return { ok: true, voice: v, lang: spokenLanguage(model, v, input), fellBack }
}

export function resolveVoice(
  model: TtsModelDef,
  requested: string | undefined,
  input: string,
): VoiceResolution {
  if (requested === undefined) {
    const fallback = model.voices.find((v) => v.id === model.defaultVoice)
    if (!model.voiceRequired && fallback) return ok(model, fallback, input)
    return { ok: false, message: `'voice' is required for model '${model.id}'.` }
  }

  switch (model.voiceRule) {
    case 'language_code': {
      const code = requested.toLowerCase()
      if (!(FREE_LANGUAGES as readonly string[]).includes(code)) {
        return {
          ok: false,
          message: listMessage(model, requested, [...FREE_LANGUAGES], ' (ISO 639-1 codes)'),
        }
      }
      return {
        ok: true,
        voice: { id: code, name: code, gender: 'female', locale: code },
        lang: code,
        fellBack: false,
      }
    }

    case 'fallback': {
      // `<locale>-<Name>` pins the language; a bare name lets the text decide.
      const m = /^([a-z]{2,3}-[A-Z]{2})-(.+)$/.exec(requested)
      const name = GEMINI_ALIASES[requested] ?? m?.[2] ?? requested
      const found = GEMINI_VOICES.find((v) => v.id === name)
      const v = found ?? (GEMINI_VOICES.find((x) => x.id === GEMINI_FALLBACK_VOICE) as VoiceInfo)
      const lang = m ? languageOf(m[1] as string) : looksVietnamese(input) ? 'vi' : 'en'
      return { ok: true, voice: { ...v, locale: m?.[1] ?? GEMINI_DEFAULT_LOCALE }, lang, fellBack: !found }
    }

    case 'pattern': {
      const v = classicVoice(CLASSIC_ALIASES[requested] ?? requested)
      if (!v) {
        const listed = CLASSIC_LISTED_VOICES.map((x) => x.id)
        return {
          ok: false,
          message: listMessage(
            model,
            requested,
            listed,
            ', or another <locale>-<Tier>-<Letter> voice of the service',
          ),
        }
      }
      // Classic voices speak their own locale only.
      return { ok: true, voice: v, lang: languageOf(v.locale), fellBack: false }
    }

    case 'list': {
      const aliasTarget = model.group === 'v3' ? V3_ALIASES[requested] : undefined
      const id = aliasTarget ?? requested
      const v = model.voices.find((x) => x.id === id)
      if (!v)
        return {
          ok: false,
          message: listMessage(
            model,
            requested,
            model.voices.map((x) => x.id),
          ),
        }
      return ok(model, v, input)
    }
  }
}

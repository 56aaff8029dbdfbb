// A capped conversation over WebRTC against the demo service's peer, with a werift peer in the main
// window's place. One uncapped turn first, to read what a turn costs; then a conversation whose cap (from
// Settings) sits just above that: the cap is sent (the session object holds it, with loa's metadata), the
// service's `warning.max_spend` after the first turn arrives on the SSE stream and is shown with the
// meter's cap, and the second turn passes the cap: the service ends the session for it. Both wire protocols, both demo variants (the SSE framing and the events' payloads
// differ: demo/README.md "Variants").
import { describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, type VoiceRig } from './support/voice-rig'
import type { WeriftPage } from './support/werift-page'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'
import pkg from '../../package.json' with { type: 'json' }

const MODELS = { 'Model R': 'openai/gpt-realtime', 'Model L': 'google/gemini-live-2.5-flash' } as const
const MIC_RATE_HZ = 48_000
const SPEECH_S = 0.6

const rigs = voiceRigsClosedAfterEach()
const statuses = (r: VoiceRig): VoiceStatus[] => r.of('voice:status')
const sessions = async (r: VoiceRig) =>
  (await new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }).list(10)).sessions

/** One push-to-talk turn: the speech on the track and to main (which counts it), as the window sends it. */
async function turn(r: VoiceRig, p: WeriftPage): Promise<void> {
  r.voice.press()
  await r.until(() => p.current() !== null && p.micOn, 15_000, 'the WebRTC link with the microphone on')
  await Promise.all([
    p.speak(Int16Array.from(toneVoice(16_000 * SPEECH_S, 16_000), (s) => Math.round(s * 32_767))),
    speakInto(r.page, toneVoice(MIC_RATE_HZ * SPEECH_S, MIC_RATE_HZ), MIC_RATE_HZ),
  ])
  r.voice.release()
}

const answers = (r: VoiceRig) =>
  r.voice.snapshot().lines.filter((l) => l.role === 'assistant' && l.final).length

describe.each([
  ['Model R', 'default'],
  ['Model R', 'alt'],
  ['Model L', 'default'],
  ['Model L', 'alt'],
] as const)('a capped conversation over WebRTC: %s, %s variant', (name, variant) => {
  it('sends the cap, shows the warning past 80 %, and the service ends it at the cap', async () => {
    const r = await rigs.start({ model: MODELS[name], transport: 'webrtc' }, 'ordinary', undefined, variant)
    const p = rigs.page(r)
    await turn(r, p)
    await r.until(() => answers(r) === 1, 30_000, 'the uncapped answer')
    await r.voice.end()
    const turnVnd = (await sessions(r))[0]?.billing.totalVnd as number
    expect(turnVnd).toBeGreaterThan(0)

    // A turn then uses about 90 % of the cap, and a second one passes it.
    const capVnd = Math.ceil(turnVnd * 1.1)
    r.settings.realtime.maxSpendVnd = capVnd
    await r.voice.settingsChanged()
    await turn(r, p)
    await r.until(
      () => statuses(r).some((s) => s.warning?.kind === 'max_spend'),
      20_000,
      'the spending cap warning',
    )
    const warned = statuses(r).find((s) => s.warning?.kind === 'max_spend') as VoiceStatus
    expect(warned.warning?.maxSpendVnd).toBe(capVnd)
    // Sent as the answer accrues, the first time the cost is over 80 %; a whole percent.
    expect(warned.warning?.usedPercent).toBeGreaterThanOrEqual(80)
    expect(warned.warning?.usedPercent).toBeLessThan(100)
    expect(warned.cost?.maxSpendVnd).toBe(capVnd)
    expect(statuses(r).at(-1)?.session?.transport).toBe('webrtc')
    await r.until(() => answers(r) === 1 && statuses(r).at(-1)?.state === 'ready', 30_000, 'the first answer')

    await turn(r, p)
    const cappedId = (await sessions(r))[0]?.id
    await r.until(() => statuses(r).at(-1)?.state === 'idle', 30_000, 'the conversation to stop')
    const capped = (await sessions(r)).find((s) => s.id === cappedId)
    expect(capped?.endReason).toBe('max_spend_reached')
    expect(capped?.billing.maxSpendVnd).toBe(capVnd)
    expect(capped?.metadata).toEqual({
      client: 'loa',
      version: pkg.version,
      platform: process.platform,
      surface: 'app',
    })
    // The uncapped session and the capped one: a cut at the cap opens nothing in its place, whichever of
    // the peer's close and the SSE stream's `session.terminated` reaches Loa first.
    expect((await sessions(r)).map((s) => s.id)).toHaveLength(2)
  }, 90_000)
})

// The voice service over WebRTC against the demo service's peer, with a real werift peer standing in for
// the main window's (the Chromium one runs in the e2e suite): `auto` follows each model's default, the
// turn's audio goes on the track only while the key is down, the answer comes back on the track while the
// model events and the SSE service events drive the same status, cost and lines as over a WebSocket, and
// a dropped peer is resumed on the same session.
import { describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, type VoiceRig } from './support/voice-rig'
import type { WeriftPage } from './support/werift-page'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'

const MODEL_R = 'openai/gpt-realtime'
const MODEL_L = 'google/gemini-live-2.5-flash'
const MIC_RATE_HZ = 48_000
const SPEECH_S = 1
/** Said before the link opens: more than the demo's 2 s allowance for audio events. */
const PRE_ROLL_S = 2.6

const rigs = voiceRigsClosedAfterEach()

const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)

function speech16k(seconds: number): Int16Array {
  return Int16Array.from(toneVoice(16_000 * seconds, 16_000), (s) => Math.round(s * 32_767))
}

/** One push-to-talk turn: the key down, the speech on the track (and to main, which counts it), the key up. */
async function turn(r: VoiceRig, p: WeriftPage, seconds: number): Promise<void> {
  r.voice.press()
  await r.until(() => p.current() !== null && p.micOn, 15_000, 'the WebRTC link with the microphone on')
  await Promise.all([
    p.speak(speech16k(seconds)),
    speakInto(r.page, toneVoice(MIC_RATE_HZ * seconds, MIC_RATE_HZ), MIC_RATE_HZ),
  ])
  r.voice.release()
}

describe('the voice service over WebRTC', () => {
  // Both demo variants: the SSE framing and the settlement's fields differ (demo/README.md "Variants").
  it.each(['default', 'alt'] as const)(
    'talks over the track and the data channel, billed from the SSE events (%s variant)',
    async (variant) => {
      const r = await rigs.start({ model: MODEL_R, transport: 'auto' }, 'ordinary', undefined, variant)
      const p = rigs.page(r)
      await turn(r, p, SPEECH_S)
      expect(last(r)?.session?.transport).toBe('webrtc')
      expect(p.micOn).toBe(false)
      await r.until(() => last(r)?.state === 'speaking', 15_000, 'the model to speak')
      await r.until(() => last(r)?.state === 'ready', 30_000, 'the answer to end')

      const sessionId = last(r)?.session?.id as string
      const debug = r.realtime.getSessionDebug(sessionId)
      // What went on the track while the key was down reached the service: about one second.
      expect(debug?.audio.receivedSamples).toBeGreaterThan(16_000 * 0.8)
      expect(debug?.audio.receivedSamples).toBeLessThan(16_000 * 1.3)
      // The answer came on the track, never through main's player.
      const client = p.current()
      expect(client?.receivedPcm48k().length).toBeGreaterThan(48_000 * 0.5)
      expect(r.page.received.some((m) => m.type === 'playback')).toBe(false)
      expect(debug?.rtp?.sentMs).toBeGreaterThan(500)

      const lines = r.voice.snapshot().lines
      expect(lines.map((l) => l.role)).toEqual(['user', 'assistant'])
      expect(lines[1]?.text.length).toBeGreaterThan(0)
      expect(r.activity).toContain('speaking')
      // session.active arrives only on the SSE stream: without it the meter would not move.
      await r.until(() => (last(r)?.cost?.totalVnd ?? 0) > 0, 5_000, 'the cost meter')

      const summary = await r.voice.end()
      expect(summary?.turns).toBe(1)
      expect(summary?.sessions[0]?.id).toBe(sessionId)
      expect(summary?.sessions[0]?.totalVnd).toBeGreaterThan(0)
      expect(summary?.costVnd).toBeGreaterThan(0)
      expect(p.commands.at(-1)).toMatchObject({ op: 'close' })
      // Nothing main told the page carried a token.
      expect(JSON.stringify(p.commands)).not.toMatch(/tok|secret|Bearer/i)
    },
  )

  it('sends what was said before the link opened as audio events, then hands the microphone to the track', async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    // A slow network: the session and the SDP exchange take a while, and the user talks meanwhile.
    r.demo.faults.latencyMs = 300
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ * 0.5, MIC_RATE_HZ), MIC_RATE_HZ)
    expect(p.micOn).toBe(false)
    await r.until(() => p.current() !== null && p.micOn, 15_000, 'the track to take over')
    await Promise.all([
      p.speak(speech16k(0.5)),
      speakInto(r.page, toneVoice(MIC_RATE_HZ * 0.5, MIC_RATE_HZ), MIC_RATE_HZ),
    ])
    r.voice.release()
    await r.until(() => last(r)?.state === 'ready', 30_000, 'the answer to end')
    const debug = r.realtime.getSessionDebug(last(r)?.session?.id as string)
    // Both halves reached the service: the first as events on the data channel, the second on the track.
    expect(debug?.audio.receivedSamples).toBeGreaterThan(16_000 * 0.9)
    expect(debug?.audio.receivedSamples).toBeLessThan(16_000 * 1.3)
    expect(debug?.rtp?.receivedMs).toBeGreaterThan(400)
    expect(debug?.rtp?.receivedMs).toBeLessThan(700)
    expect(r.voice.snapshot().lines.map((l) => l.role)).toEqual(['user', 'assistant'])
    // The track took over mid-press: held until main's release, which came behind the last event and
    // before the commit.
    const link = p.commands.find((c) => c.op === 'open')?.linkId
    const order = p.commands
      .filter((c) => 'linkId' in c && c.linkId === link)
      .map((c) => (c.op === 'send' ? (JSON.parse(c.text) as { type: string }).type : c.op))
    expect(p.commands).toContainEqual({
      op: 'mic',
      linkId: link,
      on: true,
      held: true,
      backlogMs: expect.any(Number) as number,
    })
    const released = order.indexOf('release')
    expect(order.lastIndexOf('input_audio_buffer.append')).toBeLessThan(released)
    expect(order.indexOf('input_audio_buffer.commit')).toBeGreaterThan(released)
  })

  it("paces a pre-roll longer than the demo's 2 s lead on the data channel: heard whole, the peer kept", async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    // Each HTTP answer 1.5 s late: the create and the SDP exchange keep the link shut past 3 s of talk.
    r.demo.faults.latencyMs = 1_500
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ * PRE_ROLL_S, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(
      () => last(r)?.state === 'ready' && r.voice.snapshot().lines.length === 2,
      30_000,
      'the answer',
    )
    const debug = r.realtime.getSessionDebug(last(r)?.session?.id as string)
    // All of it went as events (nothing on the track), over one peer the demo never dropped.
    expect(debug?.rtp?.receivedMs ?? 0).toBe(0)
    expect(debug?.audio.receivedSamples).toBeGreaterThanOrEqual(16_000 * PRE_ROLL_S * 0.95)
    expect(debug?.audio.committedTurns.map((t) => t.samples)).toEqual([debug?.audio.receivedSamples])
    expect(p.commands.filter((c) => c.op === 'open')).toHaveLength(1)
    expect(p.losses).toEqual([])
  }, 60_000)

  it('resumes a dropped peer on the same session with a new token, and talks on', async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    await turn(r, p, SPEECH_S)
    await r.until(() => last(r)?.state === 'ready', 30_000, 'the first answer to end')
    const sessionId = last(r)?.session?.id
    const opens = () => p.commands.filter((c) => c.op === 'open').length
    expect(opens()).toBe(1)

    await p.drop()
    await r.until(() => opens() === 2 && p.clients.size === 1, 15_000, 'a new peer')
    await r.until(() => last(r)?.state === 'ready', 15_000, 'the link to be back')
    expect(last(r)?.session?.id).toBe(sessionId)

    await turn(r, p, SPEECH_S)
    await r.until(
      () => r.voice.snapshot().lines.filter((l) => l.role === 'assistant' && l.final).length === 2,
      30_000,
      'the second answer',
    )
    expect(r.realtime.getSessionDebug(sessionId as string)?.audio.committedTurns.length).toBe(2)
  })

  it('auto keeps the WebSocket for the live-type model, its default', async () => {
    const r = await rigs.start({ model: MODEL_L, transport: 'auto' })
    const p = rigs.page(r)
    await r.voice.models()
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 2, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(() => last(r)?.session !== null && last(r)?.session !== undefined, 15_000, 'a session')
    expect(last(r)?.session?.transport).toBe('websocket')
    expect(p.commands).toEqual([])
  })
})

// A WebRTC turn the demo service cuts for maintenance before answering it (realtime-api.md "Events",
// session.terminated), with a real werift peer in the page's place. The press went out on the media track;
// main kept the capture frames it got meanwhile, so the next session is given the turn on its data channel
// as audio events followed by the commit, and answers it. Each session hears the turn once: the old one on
// its track only, the new one as events only. A turn nobody cuts sends no audio events at all.
import { describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, type VoiceRig } from './support/voice-rig'
import type { WeriftPage } from './support/werift-page'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'

const MODEL_R = 'openai/gpt-realtime'
const MIC_RATE_HZ = 48_000
const SPEECH_S = 1
/** The turn's length at the service's input rate. */
const TURN_SAMPLES = 16_000 * SPEECH_S

const rigs = voiceRigsClosedAfterEach()

const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)
const answers = (r: VoiceRig) => r.voice.snapshot().lines.filter((l) => l.role === 'assistant' && l.final)

function speech16k(seconds: number): Int16Array {
  return Int16Array.from(toneVoice(16_000 * seconds, 16_000), (s) => Math.round(s * 32_767))
}

/** The key down, the speech on the track and to main (as the page's capture worklet posts it), the key up. */
async function turnOnTheTrack(r: VoiceRig, p: WeriftPage, seconds = SPEECH_S): Promise<void> {
  r.voice.press()
  await r.until(() => p.current() !== null && p.micOn, 15_000, 'the WebRTC link with the microphone on')
  await Promise.all([
    p.speak(speech16k(seconds)),
    speakInto(r.page, toneVoice(MIC_RATE_HZ * seconds, MIC_RATE_HZ), MIC_RATE_HZ),
  ])
  r.voice.release()
}

/** The model events main sent on one link's data channel, by type, in order. */
function eventTypes(p: WeriftPage, linkId: number): string[] {
  return p.commands.flatMap((c) =>
    c.op === 'send' && c.linkId === linkId ? [String((JSON.parse(c.text) as { type?: unknown }).type)] : [],
  )
}

function linkIds(p: WeriftPage): number[] {
  return p.commands.flatMap((c) => (c.op === 'open' ? [c.linkId] : []))
}

const APPEND = 'input_audio_buffer.append'
const COMMIT = 'input_audio_buffer.commit'

describe('a WebRTC turn cut before its answer', () => {
  it('is answered on the renewed session, which hears it once, as events then the commit', async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    r.demo.faults.terminateOnCommit = { count: 1, reason: 'maintenance' }
    await turnOnTheTrack(r, p)
    await r.until(() => answers(r).length === 1, 30_000, 'the answer, from the new session')

    const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
    const [renewed, cut] = (await api.list(10)).sessions
    expect(cut?.status).toBe('terminated')
    expect(renewed?.id).toBe(last(r)?.session?.id)

    // The old session heard the turn on its track, and only there: no second copy as events.
    const old = r.realtime.getSessionDebug(cut!.id)
    expect(old?.audio.committedTurns).toHaveLength(1)
    expect(old?.audio.receivedSamples).toBeGreaterThan(TURN_SAMPLES * 0.8)
    expect(old?.audio.receivedSamples).toBeLessThan(TURN_SAMPLES * 1.3)
    expect(old?.rtp?.receivedMs).toBeGreaterThan(SPEECH_S * 1000 * 0.8)

    // The new session heard the same turn once, from main's copy, with nothing on its track.
    const fresh = r.realtime.getSessionDebug(renewed!.id)
    expect(fresh?.rtp?.receivedMs ?? 0).toBe(0)
    expect(fresh?.audio.receivedSamples).toBeGreaterThanOrEqual(TURN_SAMPLES * 0.95)
    expect(fresh?.audio.receivedSamples).toBeLessThanOrEqual(TURN_SAMPLES * 1.05)
    expect(fresh?.audio.committedTurns.map((t) => t.samples)).toEqual([fresh?.audio.receivedSamples])

    const [oldLink, newLink] = linkIds(p)
    const oldEvents = eventTypes(p, oldLink!)
    expect(oldEvents).not.toContain(APPEND)
    expect(oldEvents).toContain(COMMIT)
    const newEvents = eventTypes(p, newLink!)
    expect(newEvents.filter((t) => t === APPEND).length).toBeGreaterThan(0)
    expect(newEvents.lastIndexOf(APPEND)).toBeLessThan(newEvents.indexOf(COMMIT))
    expect(last(r)?.problem).toBeNull()
  }, 60_000)

  it('a turn nobody cuts sends no audio events: the track alone carries it', async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    await turnOnTheTrack(r, p)
    await r.until(() => answers(r).length === 1 && last(r)?.state === 'ready', 30_000, 'the answer')
    const links = linkIds(p)
    expect(links).toHaveLength(1)
    const events = eventTypes(p, links[0]!)
    expect(events).not.toContain(APPEND)
    expect(events).toContain(COMMIT)
    const debug = r.realtime.getSessionDebug(last(r)?.session?.id as string)
    expect(debug?.audio.committedTurns).toHaveLength(1)
    expect(debug?.audio.receivedSamples).toBeLessThan(TURN_SAMPLES * 1.3)
  }, 60_000)

  it("a turn longer than the demo's 2 s lead is paced on the new data channel: heard whole, not refused", async () => {
    const seconds = 3
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    r.demo.faults.terminateOnCommit = { count: 1, reason: 'maintenance' }
    await turnOnTheTrack(r, p, seconds)
    await r.until(() => answers(r).length === 1, 30_000, 'the answer, from the new session')
    const [renewed] = (await new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }).list(10))
      .sessions
    const fresh = r.realtime.getSessionDebug(renewed!.id)
    expect(fresh?.audio.receivedSamples).toBeGreaterThanOrEqual(16_000 * seconds * 0.95)
    expect(fresh?.audio.committedTurns.map((t) => t.samples)).toEqual([fresh?.audio.receivedSamples])
    // Two links, the cut one and the new one: the new peer was never dropped for running ahead.
    expect(linkIds(p)).toHaveLength(2)
    expect(p.losses).toHaveLength(1)
    expect(r.of('voice:status').some((s) => s.state === 'reconnecting')).toBe(false)
  }, 60_000)
})

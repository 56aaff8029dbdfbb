// The WebRTC pieces that keep time, on fake timers: the paced RTP sender (frames per 20 ms, talkspurts,
// clear) and the commit hold (a commit waits for the track to go quiet, and what follows waits behind it).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COMMIT_HOLD_MAX_MS, CommitHold, RTP_QUIET_MS } from '../../../main/demo/realtime/webrtc/commit-hold'
import { downsample48kTo16k, Upsampler24kTo48k } from '../../../main/demo/realtime/webrtc/rate-convert'
import { RtpAudioOut, SEND_LEAD_MS, type RtpFrame } from '../../../main/demo/realtime/webrtc/rtp-audio-out'
import { emptyCounters } from '../../../main/demo/realtime/webrtc/rtp-counters'
import { sine } from './client'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

const ms48k = (ms: number) => sine(ms / 1000, 440, 8_000, 48_000)

function sender() {
  const frames: RtpFrame[] = []
  const events: string[] = []
  const counters = emptyCounters()
  const out = new RtpAudioOut(
    (f) => frames.push(f),
    { started: (id) => events.push(`started ${id}`), stopped: (id) => events.push(`stopped ${id}`) },
    counters,
    () => Date.now(),
  )
  return { out, frames, events, counters }
}

describe('RtpAudioOut', () => {
  it('sends 20 ms frames in real time, a little ahead, and reports an answer started and stopped', () => {
    const { out, frames, events, counters } = sender()
    out.push('resp_1', 'item_1', ms48k(190))
    out.end('resp_1')
    expect(frames).toHaveLength(0)
    out.start()
    // The lead goes out at once, then one frame per 20 ms.
    expect(frames).toHaveLength(SEND_LEAD_MS / 20 + 1)
    expect(events).toEqual(['started resp_1'])
    vi.advanceTimersByTime(120)
    expect(frames).toHaveLength(10)
    expect(events).toEqual(['started resp_1', 'stopped resp_1'])
    // The last 10 ms were padded to a whole frame, but only what the answer held counts as sent.
    expect(counters.sentSamples48k).toBe(190 * 48)
    expect(frames.map((f) => f.marker)).toEqual([true, ...Array<boolean>(9).fill(false)])
    for (let i = 1; i < frames.length; i++) {
      expect(frames[i]?.sequenceNumber).toBe(((frames[i - 1]?.sequenceNumber ?? 0) + 1) & 0xffff)
      expect(frames[i]?.timestamp).toBe(((frames[i - 1]?.timestamp ?? 0) + 960) >>> 0)
    }
    out.close()
  })

  it('starts a new talkspurt after silence, its RTP clock advanced by the silence', () => {
    const { out, frames } = sender()
    out.start()
    out.push('resp_1', 'item_1', ms48k(40))
    out.end('resp_1')
    vi.advanceTimersByTime(1_000)
    out.push('resp_2', 'item_2', ms48k(40))
    out.end('resp_2')
    vi.advanceTimersByTime(100)
    expect(frames.map((f) => f.marker)).toEqual([true, false, true, false])
    expect(frames[2]?.sequenceNumber).toBe(((frames[1]?.sequenceNumber ?? 0) + 1) & 0xffff)
    // 1 s later, less the 40 ms the first answer lasted: 48 samples a millisecond.
    const gap = ((frames[2]?.timestamp ?? 0) - (frames[1]?.timestamp ?? 0)) >>> 0
    expect(gap).toBeGreaterThanOrEqual(940 * 48)
    expect(gap).toBeLessThanOrEqual(1_000 * 48)
    out.close()
  })

  it('clear() drops what has not left and says how much of each answer had', () => {
    const { out, frames, events } = sender()
    out.start()
    out.push('resp_1', 'item_1', ms48k(1_000))
    vi.advanceTimersByTime(40)
    const sent = frames.length
    expect(out.clear()).toEqual([{ responseId: 'resp_1', itemId: 'item_1', sentMs: sent * 20 }])
    vi.advanceTimersByTime(500)
    expect(frames).toHaveLength(sent)
    expect(events).toEqual(['started resp_1'])
    // Audio the model still makes for a cut answer starts afresh, as a new talkspurt.
    out.push('resp_2', 'item_2', ms48k(20))
    expect(frames.at(-1)?.marker).toBe(true)
    out.close()
  })
})

describe('CommitHold', () => {
  function hold(lastAudio: { at: number | null }) {
    const applied: string[] = []
    const inbox = new CommitHold({
      apply: (m) => applied.push(String(m.type)),
      lastAudioAtMs: () => lastAudio.at,
      now: () => Date.now(),
    })
    return { inbox, applied }
  }

  it('applies a commit once the track has been quiet, with what followed it in order', () => {
    const audio = { at: Date.now() }
    const { inbox, applied } = hold(audio)
    inbox.push({ type: 'session.update' })
    inbox.push({ type: 'input_audio_buffer.commit' })
    inbox.push({ type: 'response.create' })
    expect(applied).toEqual(['session.update'])
    // A late packet arrives: the quiet starts again from it.
    vi.advanceTimersByTime(RTP_QUIET_MS - 10)
    audio.at = Date.now()
    vi.advanceTimersByTime(RTP_QUIET_MS - 10)
    expect(applied).toEqual(['session.update'])
    vi.advanceTimersByTime(10)
    expect(applied).toEqual(['session.update', 'input_audio_buffer.commit', 'response.create'])
  })

  it('does not wait for a track that was already quiet, nor longer than the limit for one that never is', () => {
    const quiet = hold({ at: Date.now() - 1_000 })
    quiet.inbox.push({ type: 'input_audio_buffer.commit' })
    expect(quiet.applied).toEqual(['input_audio_buffer.commit'])

    const audio = { at: Date.now() }
    const busy = hold(audio)
    busy.inbox.push({ type: 'input_audio_buffer.commit' })
    for (let t = 0; t < COMMIT_HOLD_MAX_MS - 20; t += 20) {
      vi.advanceTimersByTime(20)
      audio.at = Date.now()
    }
    expect(busy.applied).toEqual([])
    vi.advanceTimersByTime(20)
    expect(busy.applied).toEqual(['input_audio_buffer.commit'])
  })

  it('holds a live-type activityEnd too', () => {
    const { inbox, applied } = hold({ at: Date.now() })
    inbox.push({ type: 'x', realtimeInput: { activityEnd: {} } })
    expect(applied).toEqual([])
    vi.advanceTimersByTime(RTP_QUIET_MS)
    expect(applied).toEqual(['x'])
  })
})

describe('rate conversion', () => {
  it('keeps a tone through 48 to 16 kHz and 24 to 48 kHz, and joins 24 kHz chunks without a step', () => {
    const tone48k = sine(0.1, 440, 8_000, 48_000)
    const down = downsample48kTo16k(tone48k)
    expect(down).toHaveLength(1_600)
    // Each output is the mean of three inputs, so it stands for the middle one.
    for (let i = 0; i < down.length; i++) {
      expect(Math.abs((down[i] ?? 0) - (tone48k[3 * i + 1] ?? 0))).toBeLessThan(30)
    }

    const tone24k = sine(0.1, 440, 8_000, 24_000)
    const up = new Upsampler24kTo48k()
    const joined = [...up.convert(tone24k.subarray(0, 1_200)), ...up.convert(tone24k.subarray(1_200))]
    // Every other output is an input sample, so the result lags the true 48 kHz tone by one sample.
    for (let i = 2; i < joined.length; i++) {
      expect(Math.abs((joined[i] ?? 0) - (tone48k[i - 1] ?? 0))).toBeLessThan(30)
    }
  })
})

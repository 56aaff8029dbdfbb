// A WebRTC press whose link opens late: what was said before goes as audio events on the data channel,
// and the track takes over at once, holding its audio until they have left, not at the key's release; events
// never run more than DATA_CHANNEL_LEAD_MS ahead of real time, so a longer pre-roll or resent turn is
// paced rather than refused (the demo drops a peer 2 s ahead). A press
// the track carried is never sent as events on that link too, but is kept until it is answered: a
// session cut before the answer gets it on the new session's data channel, then the commit.
import { describe, expect, it } from 'vitest'
import { DATA_CHANNEL_LEAD_MS, TurnSender } from '../../../main/realtime/engine/turn-sender'
import type { OutboxSink } from '../../../main/realtime/link/outbox'
import type { RealtimeCommand } from '../../../main/realtime/engine/events'
import { ManualClock } from '../support/manual-clock'

const RATE_HZ = 16_000
const FRAME_MS = 20

/** A data channel whose buffer empties as soon as anything is sent. */
function channel(): OutboxSink & { frames: string[] } {
  return {
    open: true,
    bufferedBytes: 0,
    frames: [],
    send(frame) {
      this.frames.push(frame)
      return true
    },
  }
}

describe('a press over WebRTC whose link opens late', () => {
  it('moves to the track while the key is still down, with every word said before sent as events', () => {
    const clock = new ManualClock()
    const live: boolean[] = []
    const sender = new TurnSender(
      clock,
      { burstMs: 1_000, maxQueuedAudioMs: 30_000, handsFree: false },
      { sent: () => {}, trackLive: (on) => void live.push(on), dropped: () => {} },
    )
    sender.setAudioOnTrack(true)
    sender.begin()
    const speak = (ms: number) => {
      for (let t = 0; t < ms; t += FRAME_MS) {
        sender.capture(RATE_HZ, new Float32Array((RATE_HZ * FRAME_MS) / 1000).fill(0.1))
        clock.advance(FRAME_MS)
      }
    }
    // 1.2 s said while the link connects: more than the WebSocket's one-second allowance, within the lead.
    speak(1_200)
    const dc = channel()
    sender.attach(dc, (c) => [JSON.stringify({ type: c.type })], 'resumed')
    speak(500)
    // The key is still down, and the track already carries the microphone.
    expect(sender.pressed).toBe(true)
    expect(live).toEqual([true])
    const appended = dc.frames.filter((f) => f.includes('appendAudio')).length
    expect(appended * FRAME_MS).toBeGreaterThanOrEqual(1_200)
  })

  it('paces a pre-roll longer than the lead: never further ahead of real time, nothing lost', () => {
    const t = trackSender()
    t.sender.setAudioOnTrack(true)
    t.sender.begin()
    t.speak(3_000)
    const dc = channel()
    const attachedAt = t.clock.now()
    t.sender.attach(dc, encode, 'new')
    // The track takes the press at once (held until the backlog has left: see below) ...
    expect(t.live).toEqual([true])
    // ... while the events still run at most the lead ahead of real time.
    let maxLeadMs = 0
    for (let step = 0; step < 100; step++) {
      maxLeadMs = Math.max(maxLeadMs, t.read(dc).audioMs - (t.clock.now() - attachedAt))
      t.speak(FRAME_MS)
    }
    expect(maxLeadMs).toBe(DATA_CHANNEL_LEAD_MS)
    t.sender.finish(() => {})
    t.clock.advance(3_000)
    const { audioMs, order } = t.read(dc)
    // Only what was said before the switch went as events; the rest the track carried.
    expect(audioMs).toBe(3_000)
    expect(order.at(-1)).toBe('commitTurn')
  })
})

/** Each command as its type, with an append's sample count, so a test reads what left and how much. */
const encode = (c: RealtimeCommand): string[] => [
  c.type === 'appendAudio' ? `appendAudio:${c.pcm16k.length}` : c.type,
]

function trackSender(maxQueuedAudioMs = 30_000) {
  const clock = new ManualClock()
  const live: boolean[] = []
  const sent: number[] = []
  const sender = new TurnSender(
    clock,
    { burstMs: 1_000, maxQueuedAudioMs, handsFree: false },
    { sent: (id) => void sent.push(id), trackLive: (on) => void live.push(on), dropped: () => {} },
  )
  /** `onTrack`: the page's word on each frame; by default, as a page that switches at once says it. */
  const speak = (ms: number, onTrack?: boolean) => {
    for (let t = 0; t < ms; t += FRAME_MS) {
      const carried = onTrack ?? live.at(-1) === true
      sender.capture(RATE_HZ, new Float32Array((RATE_HZ * FRAME_MS) / 1000).fill(0.1), carried)
      clock.advance(FRAME_MS)
    }
  }
  /** What left on a channel: the command types in order, and the ms of audio the appends carried. */
  const read = (dc: { frames: string[] }) => ({
    types: [...new Set(dc.frames.map((f) => f.split(':')[0]))],
    order: dc.frames.map((f) => f.split(':')[0]),
    audioMs: dc.frames
      .filter((f) => f.startsWith('appendAudio:'))
      .reduce((ms, f) => ms + (Number(f.split(':')[1]) * 1000) / RATE_HZ, 0),
  })
  return { clock, live, sent, sender, speak, read }
}

/** A press of `ms` on a link whose track is live from the start; returns the link's channel. */
function pressOnLiveTrack(t: ReturnType<typeof trackSender>, ms: number) {
  t.sender.setAudioOnTrack(true)
  const dc = channel()
  t.sender.attach(dc, encode, 'new')
  expect(t.live).toEqual([true])
  t.sender.begin()
  t.speak(ms)
  expect(t.sender.finish(() => {})).toMatchObject({ phase: 'committed' })
  return dc
}

/** The session is cut and a new one opens over WebRTC (created, then opened): its channel. */
function renew(t: ReturnType<typeof trackSender>) {
  t.sender.detach()
  t.sender.setAudioOnTrack(true)
  const dc = channel()
  t.sender.attach(dc, encode, 'new')
  return dc
}

describe('the handover from audio events to the track', () => {
  it('keeps sending events until the page says its track carries the microphone: nothing unheard', () => {
    const t = trackSender()
    t.sender.setAudioOnTrack(true)
    t.sender.begin()
    t.speak(600)
    const dc = channel()
    t.sender.attach(dc, encode, 'new')
    // Main hands the press to the track once the pre-roll has left ...
    expect(t.live).toEqual([true])
    // ... and the page takes 140 ms to switch (its data channel drains first): those frames are events.
    t.speak(140, false)
    t.speak(500, true)
    t.sender.finish(() => {})
    expect(t.read(dc)).toMatchObject({ audioMs: 740 })
    expect(t.read(dc).order.at(-1)).toBe('commitTurn')
  })
})

describe('a press the track carried', () => {
  it('sends no audio events on the link whose track carries it: only the turn start and the commit', () => {
    const t = trackSender()
    const dc = pressOnLiveTrack(t, 1_000)
    expect(t.read(dc)).toMatchObject({ order: ['startTurn', 'commitTurn'], audioMs: 0 })
    expect(t.sent).toEqual([1])
  })

  it('goes whole to a new session cut in before the answer: audio events, then the commit', () => {
    const t = trackSender()
    pressOnLiveTrack(t, 1_000)
    const renewed = renew(t)
    const { order, audioMs, types } = t.read(renewed)
    expect(types).toEqual(['startTurn', 'appendAudio', 'commitTurn'])
    expect(order[0]).toBe('startTurn')
    expect(order.at(-1)).toBe('commitTurn')
    expect(audioMs).toBe(1_000)
    // Once the replayed audio has left, the new track takes over.
    expect(t.live).toEqual([true, false, true])
    expect(t.sent).toEqual([1, 1])
  })

  it('is forgotten once the model answers it: a later new session is given nothing', () => {
    const t = trackSender()
    pressOnLiveTrack(t, 1_000)
    t.sender.answered()
    expect(t.sender.pending).toBe(false)
    expect(renew(t).frames).toEqual([])
  })

  it('a resent turn longer than the lead goes at most that far ahead of real time, then the commit', () => {
    const t = trackSender()
    pressOnLiveTrack(t, 3_000)
    const renewed = renew(t)
    const attachedAt = t.clock.now()
    expect(t.read(renewed).audioMs).toBe(DATA_CHANNEL_LEAD_MS)
    for (let ms = 0; ms < 3_000 - DATA_CHANNEL_LEAD_MS; ms += FRAME_MS) {
      t.clock.advance(FRAME_MS)
      expect(t.read(renewed).audioMs - (t.clock.now() - attachedAt)).toBeLessThanOrEqual(DATA_CHANNEL_LEAD_MS)
    }
    const { audioMs, order } = t.read(renewed)
    expect(audioMs).toBe(3_000)
    expect(order.at(-1)).toBe('commitTurn')
    expect(t.live).toEqual([true, false, true])
  })

  it("keeps no more of a long press than the journal's cap", () => {
    const t = trackSender(1_000)
    pressOnLiveTrack(t, 1_500)
    const { audioMs, order } = t.read(renew(t))
    expect(audioMs).toBe(1_000)
    expect(order.at(-1)).toBe('commitTurn')
  })
})

describe('a press whose WebRTC link is interrupted and comes back', () => {
  it('is cleared and given again whole as events, then the track takes over: once, in order', () => {
    const t = trackSender()
    t.sender.setAudioOnTrack(true)
    const dc = channel()
    t.sender.attach(dc, encode, 'new')
    t.sender.begin()
    t.speak(1_000)
    // The page's peer stops hearing the service: the track is taken off, what is said is kept.
    t.sender.detach()
    t.speak(1_500)
    t.sender.restore('resumedClearable')
    const { order, audioMs } = t.read(dc)
    // Before the outage the track carried the press: only its start went on the channel.
    expect(order.slice(0, 3)).toEqual(['startTurn', 'clearInput', 'startTurn'])
    // The whole press so far (2.5 s) is more than the lead: the lead leaves at once, the rest at real time.
    expect(audioMs).toBe(DATA_CHANNEL_LEAD_MS)
    t.clock.advance(2_500)
    expect(t.read(dc).audioMs).toBe(2_500)
    // The resent press has left, so the track carries the rest; the commit follows it.
    expect(t.live).toEqual([true, false, true])
    t.speak(500)
    t.sender.finish(() => {})
    expect(t.read(dc)).toMatchObject({ audioMs: 2_500 })
    expect(t.read(dc).order.at(-1)).toBe('commitTurn')
    expect(t.read(dc).order.filter((c) => c === 'commitTurn')).toHaveLength(1)
  })

  it('a turn already committed is in the conversation and is not sent again; Live-type is never cleared', () => {
    const t = trackSender()
    const dc = pressOnLiveTrack(t, 1_000)
    t.sender.detach()
    t.sender.restore('resumedClearable')
    expect(t.read(dc).order).toEqual(['startTurn', 'commitTurn'])
    const live = trackSender()
    live.sender.setAudioOnTrack(true)
    const ldc = channel()
    live.sender.attach(ldc, encode, 'new')
    live.sender.begin()
    live.speak(600)
    live.sender.detach()
    live.sender.restore('resumed')
    expect(live.read(ldc).order).toEqual(['startTurn'])
  })
})

/**
 * The events carried all `capturedMs` before the switch: draining main's 48 to 16 kHz resampler there
 * adds its filter's delay (under 2 ms), as at any key-up.
 */
function expectEvents(appendedMs: number, capturedMs: number): void {
  expect(appendedMs).toBeGreaterThanOrEqual(capturedMs)
  expect(appendedMs).toBeLessThan(capturedMs + 2)
}

describe('a press the track takes over mid-way (held)', () => {
  /** The page's capture frames: 10 ms at 48 kHz, so a switch can fall inside main's 20 ms frame. */
  const DEVICE_HZ = 48_000
  const CAPTURE_MS = 10

  function heldSender() {
    const clock = new ManualClock()
    const log: string[] = []
    const backlogs: number[] = []
    const sender = new TurnSender(
      clock,
      { burstMs: 1_000, maxQueuedAudioMs: 30_000, handsFree: false },
      {
        sent: () => {},
        trackLive: (on, held, backlogMs) => {
          log.push(`live:${on}:${held}`)
          backlogs.push(backlogMs)
        },
        trackReleased: () => void log.push('released'),
        dropped: () => {},
      },
    )
    const dc = channel()
    const sink = {
      ...dc,
      send(frame: string) {
        log.push(frame.split(':')[0] as string)
        return dc.send(frame)
      },
    }
    const capture = (frames: number, onTrack: boolean) => {
      for (let i = 0; i < frames; i++) {
        sender.capture(DEVICE_HZ, new Float32Array((DEVICE_HZ * CAPTURE_MS) / 1000).fill(0.1), onTrack)
        clock.advance(CAPTURE_MS)
      }
    }
    const appendedMs = () =>
      dc.frames
        .filter((f) => f.startsWith('appendAudio:'))
        .reduce((ms, f) => ms + (Number(f.split(':')[1]) * 1000) / RATE_HZ, 0)
    return { clock, sender, sink, dc, log, backlogs, capture, appendedMs }
  }

  it('sends every frame captured before the switch as events, part-frame included, then releases the track', () => {
    const t = heldSender()
    t.sender.setAudioOnTrack(true)
    t.sender.begin()
    // 330 ms before the link opens: main's framer holds a 10 ms part-frame at the switch.
    t.capture(33, false)
    t.sender.attach(t.sink, encode, 'new')
    // The press went as events so far: the track is told to hold its audio.
    expect(t.log.filter((l) => l.startsWith('live'))).toEqual(['live:true:true'])
    expect(t.log).not.toContain('released')
    // Frames still on their way from the page before its first on-track one go as events too.
    t.capture(4, false)
    t.capture(20, true)
    // Everything captured before the first on-track frame left as events, and nothing after it.
    expectEvents(t.appendedMs(), 370)
    // The release follows the last of those events on the same path, before anything else.
    expect(t.log.at(-1)).toBe('released')
    expect(t.log.filter((l) => l === 'released')).toHaveLength(1)
    t.sender.finish(() => {})
    expect(t.log.at(-1)).toBe('commitTurn')
    expectEvents(t.appendedMs(), 370)
  })

  it('releases before the commit when the key goes up before an on-track frame reached main', () => {
    const t = heldSender()
    t.sender.setAudioOnTrack(true)
    t.sender.begin()
    t.capture(15, false)
    t.sender.attach(t.sink, encode, 'new')
    t.capture(2, false)
    t.sender.finish(() => {})
    const tail = t.log.slice(-2)
    expect(tail).toEqual(['released', 'commitTurn'])
    expectEvents(t.appendedMs(), 170)
    // The page's on-track frames that arrive after the key went up are not the press's.
    t.capture(3, true)
    expect(t.log.at(-1)).toBe('commitTurn')
  })

  it('takes a press begun long before the link opened at once, and releases it when the backlog has left', () => {
    const t = heldSender()
    t.sender.setAudioOnTrack(true)
    t.sender.begin()
    // 3 s said while the link connects: 1.2 s more than the channel may carry ahead of real time.
    t.capture(300, false)
    const attachedAt = t.clock.now()
    t.sender.attach(t.sink, encode, 'new')
    // The track takes over at once, told how much of the press still waits as events.
    expect(t.log.filter((l) => l.startsWith('live'))).toEqual(['live:true:true'])
    expect(t.backlogs[0]).toBeGreaterThan(3_000 - DATA_CHANNEL_LEAD_MS - 2)
    expect(t.backlogs[0]).toBeLessThanOrEqual(3_000 - DATA_CHANNEL_LEAD_MS)
    // The page's frames on their way before its first on-track one go as events too; then the track's.
    t.capture(4, false)
    let releasedAt: number | null = null
    for (let i = 0; i < 300 && releasedAt === null; i++) {
      expect(t.appendedMs() - (t.clock.now() - attachedAt)).toBeLessThanOrEqual(DATA_CHANNEL_LEAD_MS)
      t.capture(1, true)
      if (t.log.includes('released')) releasedAt = t.clock.now()
    }
    // Released once everything captured before the switch has left, paced: 3.04 s less the lead later.
    expectEvents(t.appendedMs(), 3_040)
    expect(t.log.at(-1)).toBe('released')
    expect(releasedAt).not.toBeNull()
    const waitedMs = (releasedAt as number) - attachedAt
    expect(waitedMs).toBeGreaterThanOrEqual(3_040 - DATA_CHANNEL_LEAD_MS - 2)
    expect(waitedMs).toBeLessThanOrEqual(3_040 - DATA_CHANNEL_LEAD_MS + 2 * CAPTURE_MS)
    // The press goes on on the track: no more events; the commit follows.
    t.capture(100, true)
    t.sender.finish(() => {})
    expect(t.log.at(-1)).toBe('commitTurn')
    expectEvents(t.appendedMs(), 3_040)
  })

  it('holds a press begun while an earlier turn still leaves as events, until that turn’s commit has left', () => {
    const t = heldSender()
    t.sender.setAudioOnTrack(true)
    t.sender.begin()
    t.capture(300, false)
    t.sender.finish(() => {})
    // The link opens with 3 s to send and no press: the track waits for them ...
    t.sender.attach(t.sink, encode, 'new')
    expect(t.log.filter((l) => l.startsWith('live'))).toEqual([])
    t.clock.advance(500)
    // ... until the key goes down again: this press takes it at once, held behind what is left.
    t.sender.begin()
    expect(t.log.filter((l) => l.startsWith('live'))).toEqual(['live:true:true'])
    expect(t.backlogs[0]).toBeGreaterThan(0)
    t.capture(200, true)
    // The word came after everything queued before the switch: the first turn's commit included.
    const released = t.log.indexOf('released')
    expect(released).toBeGreaterThan(t.log.indexOf('commitTurn'))
    expect(t.log.slice(released + 1).filter((l) => l === 'appendAudio')).toEqual([])
    expectEvents(t.appendedMs(), 3_000)
  })

  it('does not hold a press that starts with the track live', () => {
    const t = heldSender()
    t.sender.setAudioOnTrack(true)
    t.sender.attach(t.sink, encode, 'new')
    t.sender.begin()
    t.capture(20, true)
    t.sender.finish(() => {})
    expect(t.log.filter((l) => l.startsWith('live'))).toEqual(['live:true:false'])
    expect(t.log).not.toContain('released')
    expect(t.appendedMs()).toBe(0)
  })
})

// The service's side of the audio track: the model's answers as Opus RTP, sent in real time. The model
// makes audio faster than it plays (responder.ts sends at twice real time), so frames queue here and leave
// one per 20 ms, SEND_LEAD_MS ahead of their play time so that a late timer does not starve the client's
// jitter buffer. This queue is the "output audio buffer" of the Model-R WebRTC events: an answer is started
// when its first frame leaves and stopped after its last, and clear() drops whatever has not left.
// Pacing belongs to the transport, so it runs on real time and not on the service clock (as SSE keep-alives).
import { randomInt } from 'node:crypto'
import { FRAME_MS, FRAME_SAMPLES, OPUS_RATE_HZ, OpusFrameEncoder } from './opus-frames'
import type { RtpCounters } from './rtp-counters'

export const SEND_LEAD_MS = 60
const TICK_MS = 10

export interface RtpFrame {
  payload: Buffer
  sequenceNumber: number
  timestamp: number
  /** RFC 3551 §4.1: set on the first packet of a talkspurt, after silence. */
  marker: boolean
}

export interface OutputEvents {
  started(responseId: string): void
  stopped(responseId: string): void
}

/** An answer clear() cut short, and how much of it had left: what the client can have heard. */
export interface CutAudio {
  responseId: string
  itemId: string
  sentMs: number
}

/** One response's audio on its way out. */
interface Answer {
  responseId: string
  itemId: string
  /** Samples short of a whole frame, waiting for the next delta or the end. */
  carry: Int16Array
  sentSamples: number
  started: boolean
  ended: boolean
}

interface Frame {
  answer: Answer
  pcm: Int16Array
  /** Samples of the answer in this frame; the rest of the last frame is padding. */
  samples: number
  last: boolean
}

/** Frames sent back to back: the RTP timestamp advances one frame each, and the first carries the marker. */
interface Talkspurt {
  startMs: number
  firstTimestamp: number
  frames: number
}

export class RtpAudioOut {
  readonly #encoder = new OpusFrameEncoder()
  readonly #queue: Frame[] = []
  readonly #answers = new Map<string, Answer>()
  /** RFC 3550 §5.1: sequence numbers and timestamps start at random values. */
  #sequence = randomInt(0x10000)
  #spurt: Talkspurt | null = null
  /** Where the last talkspurt ended, so the RTP clock also counts the silence that followed it. */
  #lastEnd: { timestamp: number; atMs: number } | null = null
  #timer: NodeJS.Timeout | null = null
  #ready = false
  #closed = false

  constructor(
    private readonly write: (frame: RtpFrame) => void,
    private readonly events: OutputEvents,
    private readonly counters: RtpCounters,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The transport is up: packets written before this would be dropped, so frames wait for it. */
  start(): void {
    this.#ready = true
    this.#kick()
  }

  push(responseId: string, itemId: string, pcm48k: Int16Array): void {
    if (this.#closed || pcm48k.length === 0) return
    let answer = this.#answers.get(responseId)
    if (!answer) {
      answer = {
        responseId,
        itemId,
        carry: new Int16Array(0),
        sentSamples: 0,
        started: false,
        ended: false,
      }
      this.#answers.set(responseId, answer)
    }
    if (answer.ended) return
    const all = new Int16Array(answer.carry.length + pcm48k.length)
    all.set(answer.carry)
    all.set(pcm48k, answer.carry.length)
    let at = 0
    for (; at + FRAME_SAMPLES <= all.length; at += FRAME_SAMPLES) {
      this.#enqueue(answer, all.slice(at, at + FRAME_SAMPLES), FRAME_SAMPLES)
    }
    answer.carry = all.slice(at)
    this.#kick()
  }

  /** The response is over: its last part-frame is padded with silence, and its last frame ends it. */
  end(responseId: string): void {
    const answer = this.#answers.get(responseId)
    if (!answer || answer.ended) return
    answer.ended = true
    if (answer.carry.length > 0) {
      const pcm = new Int16Array(FRAME_SAMPLES)
      pcm.set(answer.carry)
      this.#enqueue(answer, pcm, answer.carry.length)
      answer.carry = new Int16Array(0)
    }
    const last = this.#queue.findLast((f) => f.answer === answer)
    if (last) last.last = true
    else this.#finish(answer)
    this.#kick()
  }

  /** Drops every frame not yet sent; reports each answer not yet over, with how much of it went out. */
  clear(): CutAudio[] {
    const cut = [...this.#answers.values()].map((a) => ({
      responseId: a.responseId,
      itemId: a.itemId,
      sentMs: Math.floor((a.sentSamples * 1000) / OPUS_RATE_HZ),
    }))
    this.#answers.clear()
    this.#queue.length = 0
    this.#endSpurt()
    return cut
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    this.#stopTimer()
    this.#queue.length = 0
    this.#answers.clear()
    this.#encoder.close()
  }

  #enqueue(answer: Answer, pcm: Int16Array, samples: number): void {
    this.#queue.push({ answer, pcm, samples, last: false })
  }

  #kick(): void {
    if (!this.#ready || this.#closed || this.#queue.length === 0) return
    this.#timer ??= setInterval(() => this.#tick(), TICK_MS)
    this.#tick()
  }

  /** Sends every frame due by now; a timer that fired late catches up at once. */
  #tick(): void {
    const now = this.now()
    if (!this.#spurt) {
      if (this.#queue.length === 0) return this.#stopTimer()
      this.#spurt = { startMs: now, firstTimestamp: this.#nextTimestamp(now), frames: 0 }
    }
    const spurt = this.#spurt
    const due = Math.floor((now - spurt.startMs + SEND_LEAD_MS) / FRAME_MS) + 1
    while (spurt.frames < due) {
      const frame = this.#queue.shift()
      if (!frame) {
        // The client has played everything sent: what comes next starts a new talkspurt.
        this.#endSpurt()
        return this.#stopTimer()
      }
      this.#send(frame, spurt)
    }
  }

  #send(frame: Frame, spurt: Talkspurt): void {
    const answer = frame.answer
    this.write({
      payload: this.#encoder.encode(frame.pcm),
      sequenceNumber: this.#sequence,
      timestamp: (spurt.firstTimestamp + spurt.frames * FRAME_SAMPLES) >>> 0,
      marker: spurt.frames === 0,
    })
    this.#sequence = (this.#sequence + 1) & 0xffff
    spurt.frames++
    answer.sentSamples += frame.samples
    this.counters.sentSamples48k += frame.samples
    if (!answer.started) {
      answer.started = true
      this.events.started(answer.responseId)
    }
    if (frame.last) this.#finish(answer)
  }

  #finish(answer: Answer): void {
    this.#answers.delete(answer.responseId)
    if (answer.started) this.events.stopped(answer.responseId)
  }

  #nextTimestamp(nowMs: number): number {
    if (!this.#lastEnd) return randomInt(0x1_0000_0000)
    const silentFrames = Math.max(0, Math.round((nowMs - this.#lastEnd.atMs) / FRAME_MS))
    return (this.#lastEnd.timestamp + silentFrames * FRAME_SAMPLES) >>> 0
  }

  #endSpurt(): void {
    const spurt = this.#spurt
    if (!spurt) return
    this.#lastEnd = {
      timestamp: spurt.firstTimestamp + spurt.frames * FRAME_SAMPLES,
      atMs: spurt.startMs + spurt.frames * FRAME_MS,
    }
    this.#spurt = null
  }

  #stopTimer(): void {
    if (this.#timer) clearInterval(this.#timer)
    this.#timer = null
  }
}

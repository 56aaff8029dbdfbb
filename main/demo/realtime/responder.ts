// Streams one response: synthesizes the reply, then sends it in chunks at twice real time (with a
// short burst first), the way real services send audio ahead of playback. Transcript words go out in
// step with the audio they belong to.
import type { DemoClock, SpeechSynth } from '../context'
import { OUTPUT_SAMPLE_RATE_HZ } from './conversation'
import type { ReplyLang } from './reply-text'

export const OUTPUT_CHUNK_MS = 200
/** Service ms between chunks: a 200 ms chunk every 100 ms is twice real time. */
export const OUTPUT_TICK_MS = 100
export const OUTPUT_BURST_CHUNKS = 3
/** Text-only responses send a word per tick of this many service ms. */
const TEXT_TICK_MS = 50

export type ResponseStatus = 'in_progress' | 'completed' | 'cancelled' | 'failed'
export type CancelReason = 'client_cancelled' | 'turn_detected'

export interface ResponseState {
  id: string
  itemId: string
  status: ResponseStatus
  reason: CancelReason | null
  text: string
  /** The transcript sent so far. */
  sentText: string
  sentSamples: number
  /** The output item exists (audio or text began); until then a cancel leaves no assistant item. */
  outputStarted: boolean
  audio: boolean
  error: string | null
  /** The response is a function call, not speech: it ends as soon as it is made. */
  call?: { callId: string; name: string; arguments: string }
}

export interface StreamSink {
  outputStarted(r: ResponseState): void
  audio(r: ResponseState, pcm: Int16Array): void
  text(r: ResponseState, delta: string): void
  finished(r: ResponseState): void
}

export interface StreamDeps {
  clock: DemoClock
  speech: SpeechSynth
  lang: ReplyLang
}

/** Splits after spaces so the deltas join back to the exact text. */
function words(text: string): string[] {
  return text.split(/(?=\s)/).filter((w) => w.length > 0)
}

export class ResponseStream {
  #timer: NodeJS.Timeout | null = null
  #words: string[]
  #wordsSent = 0

  constructor(
    readonly state: ResponseState,
    private readonly deps: StreamDeps,
    private readonly sink: StreamSink,
  ) {
    this.#words = words(state.text)
  }

  async start(): Promise<void> {
    const r = this.state
    let pcm: Int16Array | null = null
    if (r.audio) {
      try {
        pcm = await this.deps.speech.synthesize(r.text, {
          lang: this.deps.lang,
          sampleRateHz: OUTPUT_SAMPLE_RATE_HZ,
        })
      } catch (err) {
        if (r.status !== 'in_progress') return
        r.status = 'failed'
        r.error = err instanceof Error ? err.message : String(err)
        this.sink.finished(r)
        return
      }
    }
    if (r.status !== 'in_progress') return
    r.outputStarted = true
    this.sink.outputStarted(r)
    if (pcm) this.#streamAudio(pcm, 0)
    else this.#streamText()
  }

  cancel(reason: CancelReason): void {
    const r = this.state
    if (r.status !== 'in_progress') return
    if (this.#timer) clearTimeout(this.#timer)
    r.status = 'cancelled'
    r.reason = reason
    this.sink.finished(r)
  }

  #streamAudio(pcm: Int16Array, chunkIndex: number): void {
    const r = this.state
    if (r.status !== 'in_progress') return
    const chunkSamples = (OUTPUT_SAMPLE_RATE_HZ * OUTPUT_CHUNK_MS) / 1000
    const from = chunkIndex * chunkSamples
    if (from >= pcm.length) {
      this.#sendWordsUpTo(1)
      r.status = 'completed'
      this.sink.finished(r)
      return
    }
    const chunk = pcm.slice(from, from + chunkSamples)
    this.#sendWordsUpTo((from + chunk.length) / pcm.length)
    r.sentSamples += chunk.length
    this.sink.audio(r, chunk)
    const next = (): void => this.#streamAudio(pcm, chunkIndex + 1)
    if (chunkIndex + 1 < OUTPUT_BURST_CHUNKS) next()
    else this.#timer = this.deps.clock.setTimeout(next, OUTPUT_TICK_MS)
  }

  #streamText(): void {
    const r = this.state
    if (r.status !== 'in_progress') return
    if (this.#wordsSent >= this.#words.length) {
      r.status = 'completed'
      this.sink.finished(r)
      return
    }
    this.#sendWordsUpTo((this.#wordsSent + 1) / this.#words.length)
    this.#timer = this.deps.clock.setTimeout(() => this.#streamText(), TEXT_TICK_MS)
  }

  /** Sends the words that fall within the first `fraction` of the reply. */
  #sendWordsUpTo(fraction: number): void {
    const due = Math.min(this.#words.length, Math.ceil(fraction * this.#words.length - 1e-9))
    while (this.#wordsSent < due) {
      const word = this.#words[this.#wordsSent++] ?? ''
      this.state.sentText += word
      this.sink.text(this.state, word)
    }
  }
}

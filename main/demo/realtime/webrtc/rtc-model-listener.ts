// The model's listener on a WebRTC connection. Every event goes to the protocol adapter, as on a WebSocket,
// except audio, which goes to the RTP track instead of the data channel. On WebRTC the service plays the
// answer itself, so it also knows how much of it the client heard: when the output is cleared (the client's
// `output_audio_buffer.clear`, or a barge-in the model detected), the audio not yet sent is dropped and the
// answer is truncated to what was sent, which a WebSocket client has to report with `conversation.item.truncate`.
import type { UserItem } from '../conversation'
import { OUTPUT_SAMPLE_RATE_HZ } from '../conversation'
import type { ModelError, ModelListener } from '../model-events'
import type { ProtocolAdapter } from '../protocols/adapter'
import type { ResponseState } from '../responder'
import type { RealtimeSession } from '../session'
import type { TokenUsage } from '../usage'
import { Upsampler24kTo48k } from './rate-convert'
import type { RtpAudioOut } from './rtp-audio-out'

/** The Model-R WebRTC-only events (realtime-protocols.md §2.3); the live type has none. */
export interface OutputBufferEvents {
  outputAudioBuffer(state: 'started' | 'stopped' | 'cleared', responseId: string | null): void
}

export class RtcModelListener implements ModelListener {
  readonly #upsampler = new Upsampler24kTo48k()
  #lastResponseId: string | null = null

  constructor(
    private readonly adapter: ProtocolAdapter,
    private readonly session: RealtimeSession,
    private readonly audio: RtpAudioOut,
    private readonly bufferEvents: OutputBufferEvents | null,
  ) {}

  speechStarted(itemId: string, audioStartMs: number): void {
    this.adapter.speechStarted(itemId, audioStartMs)
  }

  speechStopped(itemId: string, audioEndMs: number): void {
    this.adapter.speechStopped(itemId, audioEndMs)
  }

  inputCommitted(item: UserItem, previousItemId: string | null): void {
    this.adapter.inputCommitted(item, previousItemId)
  }

  inputTranscribed(item: UserItem): void {
    this.adapter.inputTranscribed(item)
  }

  inputCleared(): void {
    this.adapter.inputCleared()
  }

  responseCreated(r: ResponseState): void {
    this.#lastResponseId = r.id
    this.adapter.responseCreated(r)
  }

  outputItemAdded(r: ResponseState): void {
    this.adapter.outputItemAdded(r)
  }

  audioDelta(r: ResponseState, pcm: Int16Array): void {
    // Model output keeps the session from idling, as the same delta on a WebSocket would.
    this.session.touch()
    this.audio.push(r.id, r.itemId, this.#upsampler.convert(pcm))
  }

  textDelta(r: ResponseState, delta: string): void {
    this.adapter.textDelta(r, delta)
  }

  responseDone(r: ResponseState, usage: TokenUsage): void {
    this.adapter.responseDone(r, usage)
    this.audio.end(r.id)
    // The model cut its own answer because the user spoke (VAD, or a live-type activity or message):
    // the client must stop hearing it too.
    if (r.status === 'cancelled' && r.reason === 'turn_detected') this.clearOutput(false)
  }

  itemTruncated(itemId: string, contentIndex: number, audioEndMs: number): void {
    this.adapter.itemTruncated(itemId, contentIndex, audioEndMs)
  }

  functionCall(r: ResponseState): void {
    this.adapter.functionCall(r)
  }

  toolCallsCancelled(callIds: string[]): void {
    this.adapter.toolCallsCancelled(callIds)
  }

  error(e: ModelError): void {
    this.adapter.error(e)
  }

  /** Stops the answer's audio at once. `acknowledge`: the client asked, so it hears back even if nothing played. */
  clearOutput(acknowledge: boolean): void {
    const cut = this.audio.clear()
    this.#upsampler.reset()
    if (cut.length > 0 || acknowledge) {
      this.bufferEvents?.outputAudioBuffer('cleared', cut[0]?.responseId ?? this.#lastResponseId)
    }
    for (const c of cut) {
      const model = this.session.model
      // Clearing the output stops the answer being made, unlike a truncate (the audio that was cut is
      // not to be heard); the answer ends as cancelled and keeps what was sent.
      if (model.answeringItemId === c.itemId) model.cancelResponse('client_cancelled')
      const item = model.conversation.find(c.itemId)
      if (item?.role !== 'assistant') continue
      // The client may have truncated the item already, to less than was sent.
      const heldMs = Math.floor((item.audioSamples * 1000) / OUTPUT_SAMPLE_RATE_HZ)
      model.truncate(c.itemId, 0, Math.min(c.sentMs, heldMs))
    }
  }
}

// The live-type (Gemini Live) wire protocol over the demo model (realtime-protocols.md §3). Messages
// have no `type`: one top-level key says what they are. There are no error events; a bad message closes
// the socket (4400 here, the gateway's code for a bad format). The session is configured at creation,
// so a `setup` message is ignored (realtime-api.md "WebSocket connection").
import type { UserItem } from '../conversation'
import type { ModelError } from '../model-events'
import { decodePcm16, encodePcm16 } from '../pcm'
import type { ResponseState } from '../responder'
import { inputTokens, outputTokens, type TokenUsage } from '../usage'
import type { AdapterDeps, ProtocolAdapter } from './adapter'

export const OUTPUT_MIME_TYPE = 'audio/pcm;rate=24000'

type Message = Record<string, unknown>

/** The server also accepts snake_case keys (realtime-protocols.md §3.2). */
const KEY_ALIASES: Record<string, string> = {
  client_content: 'clientContent',
  realtime_input: 'realtimeInput',
  tool_response: 'toolResponse',
}

function obj(v: unknown): Message | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Message) : null
}

export class LiveAdapter implements ProtocolAdapter {
  constructor(private readonly d: AdapterDeps) {}

  hello(): void {
    this.d.send({ setupComplete: {} })
  }

  handle(message: Message): void {
    for (const [rawKey, value] of Object.entries(message)) {
      const key = KEY_ALIASES[rawKey] ?? rawKey
      if (key === 'setup') continue
      if (key === 'toolResponse') this.#toolResponse(obj(value) ?? {})
      else if (key === 'realtimeInput') this.#realtimeInput(obj(value) ?? {})
      else if (key === 'clientContent') this.#clientContent(obj(value) ?? {})
      else return this.d.close(4400, `Unknown message '${rawKey}'.`)
    }
  }

  speechStarted(): void {}
  speechStopped(): void {}
  inputCommitted(): void {}
  inputCleared(): void {}
  responseCreated(): void {}
  outputItemAdded(): void {}
  itemTruncated(): void {}

  inputTranscribed(item: UserItem): void {
    this.d.send({ serverContent: { inputTranscription: { text: item.text ?? '', finished: true } } })
  }

  audioDelta(_r: ResponseState, pcm: Int16Array): void {
    this.d.send({
      serverContent: {
        modelTurn: { parts: [{ inlineData: { mimeType: OUTPUT_MIME_TYPE, data: encodePcm16(pcm) } }] },
      },
    })
  }

  textDelta(r: ResponseState, delta: string): void {
    if (!r.audio) return this.d.send({ serverContent: { modelTurn: { parts: [{ text: delta }] } } })
    if (this.d.session.params.outputAudioTranscription)
      this.d.send({ serverContent: { outputTranscription: { text: delta } } })
  }

  /** The turn stays open until the `toolResponse` (realtime-protocols.md §3.4 "Tools"). */
  functionCall(r: ResponseState): void {
    const call = r.call
    if (!call) return
    const args = JSON.parse(call.arguments) as unknown
    this.d.send({ toolCall: { functionCalls: [{ id: call.callId, name: call.name, args }] } })
  }

  toolCallsCancelled(callIds: string[]): void {
    this.d.send({ toolCallCancellation: { ids: callIds } })
  }

  /** Interrupted turns end with `interrupted` then `turnComplete`, and no `generationComplete`. */
  responseDone(r: ResponseState, usage: TokenUsage): void {
    // A call's turn goes on with the answer to the tool's output; its usage is billed then as well.
    if (r.call) return void this.d.send({ usageMetadata: usageMetadata(usage) })
    if (r.status === 'cancelled') this.d.send({ serverContent: { interrupted: true } })
    if (r.status === 'completed') this.d.send({ serverContent: { generationComplete: true } })
    this.d.send({ serverContent: { turnComplete: true }, usageMetadata: usageMetadata(usage) })
  }

  error(e: ModelError): void {
    this.d.close(4400, `${e.code}: ${e.message}`.slice(0, 120))
  }

  #realtimeInput(input: Message): void {
    const m = this.d.model
    const audio = obj(input.audio)
    if (audio) this.#audio(audio)
    for (const chunk of Array.isArray(input.mediaChunks) ? input.mediaChunks : []) {
      const blob = obj(chunk)
      if (blob) this.#audio(blob)
    }
    const video = obj(input.video)
    if (video) {
      if (video.mimeType !== 'image/jpeg' || typeof video.data !== 'string')
        return this.d.close(4400, 'realtimeInput.video needs mimeType image/jpeg and base64 data')
      if (!m.appendVideoFrame(video.data))
        return this.d.close(4400, 'realtime_video_not_allowed: video input is off for this session')
    }
    if (typeof input.text === 'string') {
      if (m.responding) m.cancelResponse('turn_detected')
      if (m.addUserText(input.text)) m.createResponse()
    }
    if (input.activityStart !== undefined || input.activityEnd !== undefined) {
      if (m.turnDetection !== null) {
        const reason =
          'Explicit activity control is not supported when automatic activity detection is enabled.'
        return this.d.close(4400, reason)
      }
      if (input.activityStart !== undefined) m.startActivity()
      if (input.activityEnd !== undefined) m.endActivity()
    }
    if (input.audioStreamEnd === true && m.turnDetection !== null) m.audioStreamEnd()
  }

  #audio(blob: Message): void {
    const mime = typeof blob.mimeType === 'string' ? blob.mimeType : ''
    if (!mime.startsWith('audio/pcm') || typeof blob.data !== 'string') {
      return this.d.close(4400, 'realtimeInput.audio needs mimeType audio/pcm;rate=16000 and base64 data')
    }
    const rate = /rate=(\d+)/.exec(mime)?.[1]
    if (rate !== undefined && rate !== '16000')
      return this.d.close(4400, 'Upstream audio must be PCM16 at 16 kHz')
    const pcm = decodePcm16(blob.data)
    if (this.d.acceptAudio(pcm.length)) this.d.model.appendAudio(pcm)
  }

  /**
   * Each answered call's output (`response.output`, else `response.error`) goes into the conversation and
   * the model answers them together. Ids of no open call (one cancelled meanwhile) are left out.
   */
  #toolResponse(message: Message): void {
    const m = this.d.model
    let added = 0
    for (const entry of Array.isArray(message.functionResponses) ? message.functionResponses : []) {
      const r = obj(entry)
      const id = typeof r?.id === 'string' ? r.id : null
      const response = obj(r?.response) ?? {}
      const value = response.output ?? response.error ?? response
      const output = typeof value === 'string' ? value : JSON.stringify(value)
      if (id !== null && m.hasOpenCall(id) && m.addToolOutput(id, output)) added++
    }
    if (added > 0) m.createResponse()
  }

  /** "A message here will interrupt any current model generation" (realtime-protocols.md §3.2). */
  #clientContent(content: Message): void {
    const m = this.d.model
    if (m.responding) m.cancelResponse('turn_detected')
    const turns = Array.isArray(content.turns) ? content.turns : []
    for (const turn of turns) {
      const t = obj(turn)
      if (t?.role !== 'user' || !Array.isArray(t.parts)) continue
      const text = t.parts
        .map((p) => obj(p)?.text)
        .filter((x): x is string => typeof x === 'string')
        .join(' ')
      if (text) m.addUserText(text)
    }
    if (content.turnComplete === true || content.turn_complete === true) m.createResponse()
  }
}

export function usageMetadata(u: TokenUsage): Record<string, unknown> {
  const details = (pairs: [string, number][]): { modality: string; tokenCount: number }[] =>
    pairs.filter(([, n]) => n > 0).map(([modality, tokenCount]) => ({ modality, tokenCount }))
  return {
    promptTokenCount: inputTokens(u),
    responseTokenCount: outputTokens(u),
    totalTokenCount: inputTokens(u) + outputTokens(u),
    promptTokensDetails: details([
      ['AUDIO', u.audioIn + u.cachedIn],
      ['TEXT', u.textIn],
      ['IMAGE', u.imageIn],
      ['VIDEO', u.videoIn],
    ]),
    responseTokensDetails: details([
      ['AUDIO', u.audioOut],
      ['TEXT', u.textOut],
    ]),
  }
}

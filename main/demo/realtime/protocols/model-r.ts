// The Model-R-style (OpenAI Realtime) wire protocol over the demo model (realtime-protocols.md §2):
// client events in, server events out with `event_id`, errors as `error` events that leave the session open.
import type { UserItem } from '../conversation'
import { randomId } from '../ids'
import type { ModelError } from '../model-events'
import { decodePcm16, encodePcm16 } from '../pcm'
import type { ResponseState } from '../responder'
import { usageJson, type TokenUsage } from '../usage'
import type { AdapterDeps, ProtocolAdapter } from './adapter'
import { MODEL_R_NAMES, type EventNameSet, type ModelRNames } from './model-r-names'
import { applySessionUpdate, sessionPayload } from './model-r-session'

type ClientEvent = Record<string, unknown>

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null
}

export class ModelRAdapter implements ProtocolAdapter {
  readonly #n: ModelRNames
  readonly #conversationId: string
  readonly #eventPrefix: string
  #eventCount = 0
  readonly #handlers: Record<string, (e: ClientEvent, eventId: string | null) => void> = {
    'session.update': (e, id) => this.#sessionUpdate(e, id),
    'input_audio_buffer.append': (e, id) => this.#append(e, id),
    'input_audio_buffer.commit': (_e, id) => this.d.model.commit(id),
    'input_audio_buffer.clear': () => this.d.model.clearInput(),
    'response.create': (_e, id) => this.d.model.createResponse(id),
    'response.cancel': (_e, id) => void this.d.model.cancelResponse('client_cancelled', id),
    'conversation.item.truncate': (e, id) => this.#truncate(e, id),
    'conversation.item.create': (e, id) => this.#itemCreate(e, id),
  }

  constructor(
    private readonly d: AdapterDeps,
    private readonly names: EventNameSet,
  ) {
    this.#n = MODEL_R_NAMES[names]
    this.#conversationId = `conv_${d.session.id.slice(-20)}`
    this.#eventPrefix = randomId('', d.random, 8)
  }

  hello(): void {
    this.#send('session.created', { session: sessionPayload(this.d.session, this.names) })
  }

  handle(message: ClientEvent): void {
    const eventId = str(message.event_id)
    const type = str(message.type)
    const handler = type === null ? undefined : this.#handlers[type]
    if (!handler) {
      return this.error({
        code: 'invalid_event',
        message: `Unknown event type '${type}'.`,
        param: 'type',
        eventId,
      })
    }
    handler(message, eventId)
  }

  speechStarted(itemId: string, audioStartMs: number): void {
    this.#send('input_audio_buffer.speech_started', { audio_start_ms: audioStartMs, item_id: itemId })
  }

  speechStopped(itemId: string, audioEndMs: number): void {
    this.#send('input_audio_buffer.speech_stopped', { audio_end_ms: audioEndMs, item_id: itemId })
  }

  inputCommitted(item: UserItem, previousItemId: string | null): void {
    if (item.kind === 'audio') {
      this.#send('input_audio_buffer.committed', { previous_item_id: previousItemId, item_id: item.id })
    }
    const json = this.#userItemJson(item)
    this.#send(this.#n.itemAdded, { previous_item_id: previousItemId, item: json })
    if (this.#n.itemDone) this.#send(this.#n.itemDone, { previous_item_id: previousItemId, item: json })
  }

  inputTranscribed(item: UserItem): void {
    const ids = { item_id: item.id, content_index: 0 }
    this.#send('conversation.item.input_audio_transcription.delta', { ...ids, delta: item.text })
    this.#send('conversation.item.input_audio_transcription.completed', {
      ...ids,
      transcript: item.text,
      usage: { type: 'duration', seconds: item.audioSamples / 16_000 },
    })
  }

  inputCleared(): void {
    this.#send('input_audio_buffer.cleared', {})
  }

  responseCreated(r: ResponseState): void {
    this.#send('response.created', { response: this.#responseJson(r, null) })
  }

  outputItemAdded(r: ResponseState): void {
    const item = this.#assistantItemJson(r, 'in_progress', false)
    this.#send('response.output_item.added', { response_id: r.id, output_index: 0, item })
    this.#send(this.#n.itemAdded, { previous_item_id: this.#previousOf(r.itemId), item })
    this.#send('response.content_part.added', { ...this.#partIds(r), part: this.#partJson(r, false) })
  }

  audioDelta(r: ResponseState, pcm: Int16Array): void {
    this.#send(this.#n.audioDelta, { ...this.#partIds(r), delta: encodePcm16(pcm) })
  }

  textDelta(r: ResponseState, delta: string): void {
    if (!r.audio) return this.#send(this.#n.textDelta, { ...this.#partIds(r), delta })
    if (this.d.session.params.outputAudioTranscription) {
      this.#send(this.#n.transcriptDelta, { ...this.#partIds(r), delta })
    }
  }

  responseDone(r: ResponseState, usage: TokenUsage): void {
    if (r.outputStarted) {
      const ids = this.#partIds(r)
      if (r.audio) {
        this.#send(this.#n.audioDone, ids)
        if (this.d.session.params.outputAudioTranscription) {
          this.#send(this.#n.transcriptDone, { ...ids, transcript: r.sentText })
        }
      } else {
        this.#send(this.#n.textDone, { ...ids, text: r.sentText })
      }
      this.#send('response.content_part.done', { ...ids, part: this.#partJson(r, true) })
      const item = this.#assistantItemJson(r, r.status === 'completed' ? 'completed' : 'incomplete', true)
      this.#send('response.output_item.done', { response_id: r.id, output_index: 0, item })
      if (this.#n.itemDone)
        this.#send(this.#n.itemDone, { previous_item_id: this.#previousOf(r.itemId), item })
    }
    this.#send('response.done', { response: this.#responseJson(r, usage) })
  }

  itemTruncated(itemId: string, contentIndex: number, audioEndMs: number): void {
    this.#send('conversation.item.truncated', {
      item_id: itemId,
      content_index: contentIndex,
      audio_end_ms: audioEndMs,
    })
  }

  /**
   * WebRTC only (realtime-protocols.md §2.3): there the service plays the audio itself, so it says when an
   * answer's audio starts and stops going out, and when a clear dropped it. A WebSocket never sends these.
   */
  outputAudioBuffer(state: 'started' | 'stopped' | 'cleared', responseId: string | null): void {
    this.#send(`output_audio_buffer.${state}`, { response_id: responseId })
  }

  /**
   * realtime-protocols.md §2.4 "Function call": the call's item is added, its arguments stream as one
   * delta, then `.done` (with `name` in GA) and the finished item; `response.done` lists it in `output`.
   */
  functionCall(r: ResponseState): void {
    const call = r.call
    if (!call) return
    const ids = { response_id: r.id, item_id: r.itemId, output_index: 0, call_id: call.callId }
    const added = this.#callItemJson(r, 'in_progress', '')
    this.#send('response.output_item.added', { response_id: r.id, output_index: 0, item: added })
    this.#send(this.#n.itemAdded, { previous_item_id: this.#previousOf(r.itemId), item: added })
    this.#send('response.function_call_arguments.delta', { ...ids, delta: call.arguments })
    this.#send('response.function_call_arguments.done', {
      ...ids,
      ...(this.names === 'ga' ? { name: call.name } : {}),
      arguments: call.arguments,
    })
    const done = this.#callItemJson(r, 'completed', call.arguments)
    this.#send('response.output_item.done', { response_id: r.id, output_index: 0, item: done })
    if (this.#n.itemDone)
      this.#send(this.#n.itemDone, { previous_item_id: this.#previousOf(r.itemId), item: done })
  }

  /** Model-R has no cancellation event: an unanswered call is simply left. */
  toolCallsCancelled(): void {}

  error(e: ModelError): void {
    this.#send('error', {
      error: {
        type: 'invalid_request_error',
        code: e.code,
        message: e.message,
        param: e.param ?? null,
        event_id: e.eventId ?? null,
      },
    })
  }

  #sessionUpdate(e: ClientEvent, eventId: string | null): void {
    const problem = applySessionUpdate(this.d.session, e.session)
    if (problem) return this.error({ code: 'invalid_value', message: problem, param: 'session', eventId })
    this.#send('session.updated', { session: sessionPayload(this.d.session, this.names) })
  }

  #append(e: ClientEvent, eventId: string | null): void {
    const audio = str(e.audio)
    if (audio === null)
      return this.error({
        code: 'missing_required_parameter',
        message: "Missing 'audio'.",
        param: 'audio',
        eventId,
      })
    const pcm = decodePcm16(audio)
    if (this.d.acceptAudio(pcm.length)) this.d.model.appendAudio(pcm, eventId)
  }

  #truncate(e: ClientEvent, eventId: string | null): void {
    const itemId = str(e.item_id)
    const audioEndMs = e.audio_end_ms
    if (itemId === null || typeof audioEndMs !== 'number') {
      const message = "conversation.item.truncate needs 'item_id' and 'audio_end_ms'."
      return this.error({
        code: 'missing_required_parameter',
        message,
        param: itemId === null ? 'item_id' : 'audio_end_ms',
        eventId,
      })
    }
    if (e.content_index !== undefined && e.content_index !== 0) {
      return this.error({
        code: 'invalid_value',
        message: 'Only content_index 0 can be truncated.',
        param: 'content_index',
        eventId,
      })
    }
    this.d.model.truncate(itemId, 0, audioEndMs, eventId)
  }

  #itemCreate(e: ClientEvent, eventId: string | null): void {
    const output = e.item as { type?: unknown; call_id?: unknown; output?: unknown } | undefined
    if (output?.type === 'function_call_output') {
      const callId = str(output.call_id)
      const text = str(output.output)
      if (callId === null || text === null) {
        const message = "A function_call_output needs 'call_id' and 'output' strings."
        return this.error({ code: 'missing_required_parameter', message, param: 'item', eventId })
      }
      return void this.d.model.addToolOutput(callId, text, eventId)
    }
    const item = e.item as { type?: unknown; role?: unknown; content?: unknown } | undefined
    const parts = Array.isArray(item?.content) ? (item.content as { type?: unknown; text?: unknown }[]) : []
    const images = parts.filter((p) => p.type === 'input_image')
    if (item?.type === 'message' && item.role === 'user' && images.length > 0)
      return this.#images(images as { image_url?: unknown }[], eventId)
    const text = parts
      .filter((p) => p.type === 'input_text' && typeof p.text === 'string')
      .map((p) => p.text as string)
      .join(' ')
    if (item?.type !== 'message' || item.role !== 'user' || text === '') {
      const message = 'The demo model accepts only user messages with input_text content.'
      return this.error({ code: 'invalid_value', message, param: 'item', eventId })
    }
    this.d.model.addUserText(text, eventId)
  }

  /**
   * Frames of a shared screen or camera: user items with `input_image` content (a JPEG data URL). They
   * wait for the next answer, which says what it saw; no answer is started for them.
   */
  #images(images: { image_url?: unknown }[], eventId: string | null): void {
    const prefix = 'data:image/jpeg;base64,'
    const data = images
      .map((p) => str(p.image_url))
      .map((url) => (url?.startsWith(prefix) ? url.slice(prefix.length) : null))
    if (data.includes(null)) {
      const message = 'input_image needs image_url as a data:image/jpeg;base64 URL.'
      return this.error({ code: 'invalid_value', message, param: 'item.content', eventId })
    }
    for (const jpeg of data) {
      if (!this.d.model.appendVideoFrame(jpeg as string)) {
        const message = 'Video input is off for this session; create it with input.video true.'
        return this.error({ code: 'realtime_video_not_allowed', message, param: 'item.content', eventId })
      }
    }
    const item = {
      id: randomId('item_', this.d.random),
      object: 'realtime.item',
      type: 'message',
      status: 'completed',
      role: 'user',
      content: images.map(() => ({ type: 'input_image' })),
    }
    this.#send(this.#n.itemAdded, { previous_item_id: this.d.model.conversation.lastItemId(), item })
  }

  #userItemJson(item: UserItem): Record<string, unknown> {
    if (item.kind === 'tool_output') {
      const fields = { call_id: item.callId, output: item.text }
      return {
        id: item.id,
        object: 'realtime.item',
        type: 'function_call_output',
        status: 'completed',
        ...fields,
      }
    }
    const content =
      item.kind === 'audio'
        ? [{ type: 'input_audio', transcript: null }]
        : [{ type: 'input_text', text: item.text }]
    return {
      id: item.id,
      object: 'realtime.item',
      type: 'message',
      status: 'completed',
      role: 'user',
      content,
    }
  }

  #assistantItemJson(r: ResponseState, status: string, withContent: boolean): Record<string, unknown> {
    const content = !withContent
      ? []
      : r.audio
        ? [{ type: this.#n.audioContent, transcript: r.sentText }]
        : [{ type: this.#n.textContent, text: r.sentText }]
    return { id: r.itemId, object: 'realtime.item', type: 'message', status, role: 'assistant', content }
  }

  #callItemJson(r: ResponseState, status: string, args: string): Record<string, unknown> {
    const call = r.call
    const fields = { call_id: call?.callId, name: call?.name, arguments: args }
    return { id: r.itemId, object: 'realtime.item', type: 'function_call', status, ...fields }
  }

  #partJson(r: ResponseState, done: boolean): Record<string, unknown> {
    return r.audio
      ? { type: 'audio', transcript: done ? r.sentText : '' }
      : { type: 'text', text: done ? r.sentText : '' }
  }

  #partIds(r: ResponseState): Record<string, unknown> {
    return { response_id: r.id, item_id: r.itemId, output_index: 0, content_index: 0 }
  }

  #responseJson(r: ResponseState, usage: TokenUsage | null): Record<string, unknown> {
    const statusDetails =
      r.status === 'cancelled'
        ? { type: 'cancelled', reason: r.reason }
        : r.status === 'failed'
          ? {
              type: 'failed',
              error: { type: 'server_error', code: 'speech_synthesis_failed', message: r.error },
            }
          : null
    const output = r.call
      ? [this.#callItemJson(r, 'completed', r.call.arguments)]
      : r.outputStarted
        ? [this.#assistantItemJson(r, r.status === 'completed' ? 'completed' : 'incomplete', true)]
        : []
    const modalities =
      this.names === 'ga'
        ? { output_modalities: this.d.session.params.modalities }
        : { modalities: this.d.session.params.modalities }
    return {
      id: r.id,
      object: 'realtime.response',
      status: r.status,
      status_details: statusDetails,
      output: usage ? output : [],
      conversation_id: this.#conversationId,
      ...modalities,
      usage: usage ? usageJson(usage) : null,
      metadata: null,
    }
  }

  #previousOf(itemId: string): string | null {
    const items = this.d.model.conversation.items
    const at = items.findIndex((i) => i.id === itemId)
    return at > 0 ? (items[at - 1]?.id ?? null) : null
  }

  #send(type: string, fields: Record<string, unknown>): void {
    this.#eventCount++
    this.d.send({
      type,
      event_id: `event_${this.#eventPrefix}${this.#eventCount.toString(36).padStart(6, '0')}`,
      ...fields,
    })
  }
}

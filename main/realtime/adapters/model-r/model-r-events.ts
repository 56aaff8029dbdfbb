// Model-R server events -> app events, one table entry per wire `type` (realtime-protocols.md §2.3).
// GA and beta names both map to the same handler; events the app has no use for map to `ignore`, so
// only names this table has never heard of count as unknown.
import {
  OUTPUT_RATE_HZ,
  type RealtimeEvent,
  type ResponseStatus,
  type TextModality,
} from '../../engine/events'
import { arr, num, obj, str, type JsonObject } from '../../../api/json-fields'
import { base64ToInt16 } from '../../../audio/pcm'
import { modelRUsage } from '../usage'
import type { ModelRState } from './model-r-state'

type Handler = (e: JsonObject, s: ModelRState, out: RealtimeEvent[]) => void

const ignore: Handler = () => {}

const RESPONSE_STATUSES: readonly string[] = ['completed', 'cancelled', 'failed', 'incomplete']

function outputIds(e: JsonObject): { responseId: string; itemId: string } | null {
  const responseId = str(e.response_id)
  const itemId = str(e.item_id)
  return responseId !== null && itemId !== null ? { responseId, itemId } : null
}

const audioDelta: Handler = (e, s, out) => {
  const ids = outputIds(e)
  const delta = str(e.delta)
  if (!ids || delta === null) return s.invalid()
  if (s.isCancelled(ids.responseId)) {
    s.stats.droppedAudioDeltas++
    return
  }
  const pcm = base64ToInt16(delta)
  if (pcm.length === 0) return
  s.addAudio(ids.itemId, pcm.length)
  out.push({ type: 'audio.delta', ...ids, pcm, rateHz: OUTPUT_RATE_HZ })
}

const audioDone: Handler = (e, s, out) => {
  const ids = outputIds(e)
  if (!ids) return s.invalid()
  out.push({ type: 'audio.done', ...ids, cancelled: s.isCancelled(ids.responseId) })
}

function assistantDelta(modality: TextModality): Handler {
  return (e, s, out) => {
    const ids = outputIds(e)
    const text = str(e.delta)
    if (!ids || text === null) return s.invalid()
    out.push({
      type: 'transcript.assistant.delta',
      ...ids,
      text,
      modality,
      cancelled: s.isCancelled(ids.responseId),
    })
  }
}

function assistantFinal(modality: TextModality, field: 'transcript' | 'text'): Handler {
  return (e, s, out) => {
    const ids = outputIds(e)
    const text = str(e[field])
    if (!ids || text === null) return s.invalid()
    out.push({
      type: 'transcript.assistant.final',
      ...ids,
      text,
      modality,
      cancelled: s.isCancelled(ids.responseId),
    })
  }
}

/** WebRTC only: the service's own playback of the media track. */
function remoteAudio(phase: 'started' | 'stopped'): Handler {
  return (e, _s, out) => out.push({ type: 'audio.remote', phase, responseId: str(e.response_id) })
}

const responseCreated: Handler = (e, s, out) => {
  const responseId = str(obj(e.response)?.id)
  if (responseId === null) return s.invalid()
  s.started(responseId)
  s.awaitingResponse = false
  if (s.cancelNextResponse) s.cancel(responseId)
  s.cancelNextResponse = false
  out.push({ type: 'response.started', responseId })
}

const responseDone: Handler = (e, s, out) => {
  const response = obj(e.response)
  const responseId = str(response?.id)
  if (!response || responseId === null) return s.invalid()
  s.done(responseId)
  for (const item of arr(response.output)) itemCall(obj(item), s, out)
  const usage = obj(response.usage)
  if (usage) out.push({ type: 'usage', responseId, usage: modelRUsage(usage) })
  const reason = str(obj(response.status_details)?.reason)
  out.push({
    type: 'response.done',
    responseId,
    status: responseStatus(str(response.status), reason),
    reason,
  })
}

/** A cancel caused by the server hearing the user (`turn_detected`) is a barge-in. */
function responseStatus(status: string | null, reason: string | null): ResponseStatus {
  if (status === 'cancelled' && reason === 'turn_detected') return 'interrupted'
  if (status !== null && RESPONSE_STATUSES.includes(status)) return status as ResponseStatus
  return status === 'in_progress' ? 'incomplete' : 'failed'
}

const userDelta: Handler = (e, s, out) => {
  const itemId = str(e.item_id)
  const text = str(e.delta)
  if (itemId === null || text === null) return s.invalid()
  if (text !== '') out.push({ type: 'transcript.user.delta', itemId, text, replace: false })
}

const userFinal: Handler = (e, s, out) => {
  const itemId = str(e.item_id)
  const text = str(e.transcript)
  if (itemId === null || text === null) return s.invalid()
  // Real beta transcripts end in "\n" (realtime-protocols.md §2.6).
  out.push({ type: 'transcript.user.final', itemId, text: text.trim() })
}

const transcriptionFailed: Handler = (e, s, out) => {
  const itemId = str(e.item_id)
  if (itemId === null) return s.invalid()
  const error = obj(e.error)
  const code = str(error?.code) ?? 'transcription_failed'
  const message = str(error?.message) ?? ''
  out.push({ type: 'error', code, message, recoverable: true, eventId: null, clientEventType: null, itemId })
}

/** Errors leave a Model-R session open (realtime-protocols.md §2.3); the socket's close ends it. */
const errorEvent: Handler = (e, s, out) => {
  const error = obj(e.error) ?? {}
  const eventId = str(error.event_id)
  const clientEventType = eventId === null ? null : s.clientEventType(eventId)
  // No response will come for a refused `response.create` (e.g. conversation_already_has_active_response).
  if (clientEventType === 'response.create') s.awaitingResponse = false
  const code = str(error.code) ?? str(error.type) ?? 'unknown_error'
  out.push({
    type: 'error',
    code,
    message: str(error.message) ?? '',
    recoverable: true,
    eventId,
    clientEventType,
    itemId: null,
  })
}

const toolCall: Handler = (e, s, out) => {
  const callId = str(e.call_id)
  if (callId === null) return s.invalid()
  if (!s.firstCall(callId)) return
  const name = str(e.name) ?? s.callName(callId) ?? ''
  out.push({ type: 'tool.call', callId, name, argumentsJson: str(e.arguments) ?? '{}' })
}

/** A finished `function_call` item, when the service announces the call only there (beta `.done` has no name). */
function itemCall(item: JsonObject | null, s: ModelRState, out: RealtimeEvent[]): void {
  if (item?.type !== 'function_call') return
  toolCall(item, s, out)
}

const outputItemDone: Handler = (e, s, out) => itemCall(obj(e.item), s, out)

const outputItemAdded: Handler = (e, s) => {
  const item = obj(e.item)
  const callId = str(item?.call_id)
  const name = str(item?.name)
  if (item?.type === 'function_call' && callId !== null && name !== null) s.nameCall(callId, name)
}

export const MODEL_R_EVENTS: Readonly<Record<string, Handler>> = {
  'session.created': (e, _s, out) => out.push({ type: 'session.ready', sessionId: str(obj(e.session)?.id) }),
  'session.updated': ignore,
  'conversation.created': ignore,
  'input_audio_buffer.speech_started': (e, _s, out) =>
    out.push({ type: 'speech.started', itemId: str(e.item_id), audioMs: num(e.audio_start_ms) }),
  'input_audio_buffer.speech_stopped': (e, _s, out) =>
    out.push({ type: 'speech.stopped', itemId: str(e.item_id), audioMs: num(e.audio_end_ms) }),
  'input_audio_buffer.committed': (e, s, out) => {
    const itemId = str(e.item_id)
    if (itemId === null) return s.invalid()
    out.push({ type: 'turn.userCommitted', itemId })
  },
  'input_audio_buffer.cleared': ignore,
  'input_audio_buffer.timeout_triggered': ignore,
  'conversation.item.added': ignore,
  'conversation.item.done': ignore,
  'conversation.item.created': ignore,
  'conversation.item.truncated': (e, s, out) => {
    const itemId = str(e.item_id)
    if (itemId === null) return s.invalid()
    out.push({ type: 'item.truncated', itemId, audioEndMs: num(e.audio_end_ms) })
  },
  'conversation.item.deleted': ignore,
  'conversation.item.retrieved': ignore,
  'conversation.item.input_audio_transcription.delta': userDelta,
  'conversation.item.input_audio_transcription.completed': userFinal,
  'conversation.item.input_audio_transcription.failed': transcriptionFailed,
  'conversation.item.input_audio_transcription.segment': ignore,
  'response.created': responseCreated,
  'response.output_item.added': outputItemAdded,
  'response.output_item.done': outputItemDone,
  'response.content_part.added': ignore,
  'response.content_part.done': ignore,
  'response.output_audio.delta': audioDelta,
  'response.audio.delta': audioDelta,
  'response.output_audio.done': audioDone,
  'response.audio.done': audioDone,
  'response.output_audio_transcript.delta': assistantDelta('audio'),
  'response.audio_transcript.delta': assistantDelta('audio'),
  'response.output_audio_transcript.done': assistantFinal('audio', 'transcript'),
  'response.audio_transcript.done': assistantFinal('audio', 'transcript'),
  'response.output_text.delta': assistantDelta('text'),
  'response.text.delta': assistantDelta('text'),
  'response.output_text.done': assistantFinal('text', 'text'),
  'response.text.done': assistantFinal('text', 'text'),
  'response.function_call_arguments.delta': ignore,
  'response.function_call_arguments.done': toolCall,
  'response.done': responseDone,
  'rate_limits.updated': ignore,
  // WebRTC/SIP only; listed so a gateway that forwards them is not reported as unknown.
  'output_audio_buffer.started': remoteAudio('started'),
  'output_audio_buffer.stopped': remoteAudio('stopped'),
  'output_audio_buffer.cleared': remoteAudio('stopped'),
  error: errorEvent,
}

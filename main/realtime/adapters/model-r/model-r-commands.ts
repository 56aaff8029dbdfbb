// App commands -> Model-R client events (realtime-protocols.md §2.2, §2.4), one table entry per command.
// Events the app may need to match against an `error` carry an `event_id`; `append` is sent many times a
// second, gets no reply, and goes without.
import type { RealtimeCommand, RealtimeCommandOf, RealtimeCommandType } from '../../engine/events'
import { int16ToBase64 } from '../../../audio/pcm'
import type { ModelRState } from './model-r-state'

type Encoders = { [T in RealtimeCommandType]: (c: RealtimeCommandOf<T>, s: ModelRState) => string[] }

/** Commit alone does not start a response (realtime-protocols.md §2.4 "Manual turns"). */
function requestResponse(s: ModelRState, ...before: string[]): string[] {
  const frames = [...before, s.clientEvent('response.create')]
  s.awaitingResponse = true
  return frames
}

/**
 * Barge-in (realtime-protocols.md §2.4 "Interruption"): cancel what is still being generated, and cut
 * the playing item to what the user heard. `audio_end_ms` must be a whole number no larger than the
 * item's audio, or the server answers with an error.
 */
function interrupt(c: RealtimeCommandOf<'interrupt'>, s: ModelRState): string[] {
  const frames: string[] = []
  const running = s.runningIds()
  for (const responseId of running.filter((id) => !s.isCancelled(id))) {
    frames.push(s.clientEvent('response.cancel', { response_id: responseId }))
    s.cancel(responseId)
  }
  if (running.length === 0 && s.awaitingResponse) {
    // No id yet: cancel whatever is in progress, and drop the response if it is created anyway.
    frames.push(s.clientEvent('response.cancel'))
    s.awaitingResponse = false
    s.cancelNextResponse = true
  }
  // On a media track the service played the audio itself: it drops the rest and cuts the item there.
  if (s.media === 'track') return [...frames, s.clientEvent('output_audio_buffer.clear')]
  const itemId = c.itemId ?? s.lastAudioItemId
  const receivedMs = itemId === null ? null : s.receivedMs(itemId)
  if (itemId !== null && receivedMs !== null) {
    const playedMs = Number.isFinite(c.playedMs) ? Math.max(0, Math.floor(c.playedMs)) : 0
    const fields = { item_id: itemId, content_index: 0, audio_end_ms: Math.min(playedMs, receivedMs) }
    frames.push(s.clientEvent('conversation.item.truncate', fields))
  }
  return frames
}

export const MODEL_R_COMMANDS: Encoders = {
  appendAudio: (c) => [JSON.stringify({ type: 'input_audio_buffer.append', audio: int16ToBase64(c.pcm16k) })],
  startTurn: () => [],
  commitTurn: (_c, s) => requestResponse(s, s.clientEvent('input_audio_buffer.commit')),
  clearInput: (_c, s) => [s.clientEvent('input_audio_buffer.clear')],
  interrupt,
  endAudioStream: () => [],
  // A frame is a user message holding one image; it waits in the conversation for the next answer.
  sendVideoFrame: (c, s) => [
    s.clientEvent('conversation.item.create', {
      item: {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_image', image_url: `data:image/jpeg;base64,${c.jpegBase64}` }],
      },
    }),
  ],
  sendText: (c, s) =>
    requestResponse(
      s,
      s.clientEvent('conversation.item.create', {
        item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: c.text }] },
      }),
    ),
  sendToolResult: (c, s) => {
    const output = s.clientEvent('conversation.item.create', {
      item: { type: 'function_call_output', call_id: c.callId, output: c.output },
    })
    return c.respond === false ? [output] : requestResponse(s, output)
  },
}

export function encodeModelR(command: RealtimeCommand, s: ModelRState): string[] {
  const encode = MODEL_R_COMMANDS[command.type] as (c: RealtimeCommand, s: ModelRState) => string[]
  return encode(command, s)
}

// App commands -> live-type client messages (realtime-protocols.md §3.2, §3.4). Activity signals are
// valid only with the server's detection off, `audioStreamEnd` only with it on; sending the wrong one
// closes the socket, so the encoding depends on the session's turn detection.
import {
  INPUT_RATE_HZ,
  type RealtimeCommand,
  type RealtimeCommandOf,
  type RealtimeCommandType,
} from '../../engine/events'
import type { TurnDetection } from '../adapter'
import { int16ToBase64 } from '../../../audio/pcm'
import type { LiveTurns } from './live-turns'

export interface LiveCommandState {
  readonly turns: LiveTurns
  readonly turnDetection: TurnDetection
  /** `activityStart` sent without its `activityEnd`. */
  activityOpen: boolean
}

type Encoders = { [T in RealtimeCommandType]: (c: RealtimeCommandOf<T>, s: LiveCommandState) => string[] }

const INPUT_MIME_TYPE = `audio/pcm;rate=${INPUT_RATE_HZ}`

function realtimeInput(input: Record<string, unknown>): string {
  return JSON.stringify({ realtimeInput: input })
}

/**
 * With the default `activityHandling`, an `activityStart` while the model speaks interrupts it, so
 * starting a turn and interrupting are one message; sent once per open activity.
 */
function startActivity(s: LiveCommandState): string[] {
  if (s.turnDetection !== 'manual' || s.activityOpen) return []
  s.activityOpen = true
  s.turns.dropCurrentAudio()
  s.turns.clientActivityStarted()
  return [realtimeInput({ activityStart: {} })]
}

function audioStreamEnd(s: LiveCommandState): string[] {
  return s.turnDetection === 'server' ? [realtimeInput({ audioStreamEnd: true })] : []
}

export const LIVE_COMMANDS: Encoders = {
  appendAudio: (c) => [
    realtimeInput({ audio: { mimeType: INPUT_MIME_TYPE, data: int16ToBase64(c.pcm16k) } }),
  ],
  startTurn: (_c, s) => startActivity(s),
  commitTurn: (_c, s) => {
    if (s.turnDetection === 'server') return audioStreamEnd(s)
    if (!s.activityOpen) return []
    s.activityOpen = false
    return [realtimeInput({ activityEnd: {} })]
  },
  clearInput: () => [],
  // No truncate exists here: the server keeps what it sent, and the client only stops playing.
  interrupt: (_c, s) => {
    s.turns.dropCurrentAudio()
    return startActivity(s)
  },
  endAudioStream: (_c, s) => audioStreamEnd(s),
  sendVideoFrame: (c) => [realtimeInput({ video: { mimeType: 'image/jpeg', data: c.jpegBase64 } })],
  // "A message here will interrupt any current model generation" (realtime-protocols.md §3.2).
  sendText: (c, s) => {
    s.turns.dropCurrentAudio()
    s.turns.clientActivityStarted()
    const turns = [{ role: 'user', parts: [{ text: c.text }] }]
    return [JSON.stringify({ clientContent: { turns, turnComplete: true } })]
  },
  // `response` conventionally holds `output` or `error` (realtime-protocols.md §3.2).
  sendToolResult: (c) => [
    JSON.stringify({
      toolResponse: {
        functionResponses: [
          { id: c.callId, name: c.name, response: c.error ? { error: c.output } : { output: c.output } },
        ],
      },
    }),
  ],
}

export function encodeLive(command: RealtimeCommand, s: LiveCommandState): string[] {
  const encode = LIVE_COMMANDS[command.type] as (c: RealtimeCommand, s: LiveCommandState) => string[]
  return encode(command, s)
}

// What each WebSocket close code means for the session (realtime-api.md "WebSocket connection", close
// code table) and what the engine does about it. Codes outside the table are network trouble: the
// session is still alive on the service for 120 seconds and is resumed through reconnect.

export type CloseAction =
  /** The session is over (normal end, termination, DELETE): nothing to resume. */
  | 'ended'
  /** Our frame was refused as malformed: a bug on this side, reported; the session itself is resumable. */
  | 'bug'
  /** The token was spent or another socket took the session: a fresh token through reconnect. */
  | 'reconnect'
  /** Audio arrived faster than real time: resume through reconnect, and send with less burst. */
  | 'slow-down'
  /** The audio channel could not be opened: a new session. */
  | 'recreate'
  /** The network went away (1006 and friends): reconnect within 120 s. */
  | 'network'

export interface CloseMeaning {
  action: CloseAction
  meaning: string
}

const TABLE: Readonly<Record<number, CloseMeaning>> = {
  1000: { action: 'ended', meaning: 'closed normally' },
  4000: { action: 'ended', meaning: 'session ended' },
  4400: { action: 'bug', meaning: 'bad frame format (only JSON text frames are accepted)' },
  4409: { action: 'reconnect', meaning: 'token already used, or another connection has the session' },
  4413: { action: 'slow-down', meaning: 'audio sent faster than the service accepts' },
  4503: { action: 'recreate', meaning: 'the audio channel could not be opened' },
}

export function closeMeaning(code: number): CloseMeaning {
  return TABLE[code] ?? { action: 'network', meaning: `connection lost (close code ${code})` }
}

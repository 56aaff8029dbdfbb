// Logs a voice conversation's life from the status main pushes to the window: each change of state, each
// reconnect, each problem. Only ids, names and codes: captions and the user's words never reach the log.
import type { EventSink } from '../ipc/event-hub'
import type { VoiceProblem, VoiceState, VoiceStatus } from '../../preload/contract'
import type { Log } from './log'

export function voiceStatusLog(log: Log): EventSink {
  let state: VoiceState | null = null
  let problem: VoiceProblem | null = null
  return (channel, payload) => {
    if (channel !== 'voice:status') return
    const status = payload as VoiceStatus
    const session = status.session
    if (status.state !== state) {
      log.info('session state', {
        from: state,
        to: status.state,
        sessionId: session?.id ?? null,
        model: session?.model ?? null,
        transport: session?.transport ?? null,
      })
      if (status.state === 'reconnecting') log.warn('reconnect', { sessionId: session?.id ?? null })
      state = status.state
    }
    if (status.problem !== null && !sameProblem(status.problem, problem)) {
      const p = status.problem
      log.error('voice problem', p.message, {
        kind: p.kind,
        code: p.code,
        requestId: p.requestId ?? null,
        fatal: p.fatal,
      })
    }
    problem = status.problem
  }
}

function sameProblem(a: VoiceProblem, b: VoiceProblem | null): boolean {
  return b !== null && a.kind === b.kind && a.code === b.code && a.message === b.message
}

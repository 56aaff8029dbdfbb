// What main does about an error nothing caught. An exception thrown out of an event handler leaves the
// process in a state nobody can vouch for (Node's documentation of 'uncaughtException' says to end it), so
// Loa writes down what happened, ends a voice session the service would otherwise bill until its idle end,
// and goes. A promise nobody handled is one failed piece of work, not a broken process: it is logged with
// its stack and Loa keeps running, so it is not offered as "closed unexpectedly" at the next start.
import type { Log } from '../logging/log'
import { CRASH_LOG_LINES, type CrashStore } from './crash-record'

export type AfterCrash = 'continue' | 'relaunch' | 'exit'

export interface MainCrashDeps {
  log: Pick<Log, 'fatal' | 'error' | 'info' | 'recent'>
  store: Pick<CrashStore, 'add'>
  appVersion: string
  /** The voice chat, once the services are up: its open session is ended on the service. */
  voice: () => { readonly sessionOpen: boolean; endNow(timeoutMs: number): Promise<string> } | null
  /** How long this run has been up. */
  uptimeMs: () => number
  now?: () => Date
}

/**
 * A crash this soon after start would come back at every start: relaunching then would loop, so Loa
 * exits and the next start by hand offers the report. Later than this, a relaunch brings the tray back,
 * and it cannot happen more than once a minute.
 */
export const RELAUNCH_AFTER_UPTIME_MS = 60_000
/** The DELETE's wait: long enough for a service that answers, short enough that quitting stays prompt. */
export const END_SESSION_TIMEOUT_MS = 2_000

export async function handleMainCrash(
  kind: 'exception' | 'rejection',
  err: unknown,
  deps: MainCrashDeps,
): Promise<AfterCrash> {
  const stack = err instanceof Error && err.stack ? err.stack : null
  if (kind === 'rejection') {
    deps.log.error('unhandled rejection', err, stack ? { stack } : {})
    return 'continue'
  }
  deps.log.fatal('crash', err)
  const voice = deps.voice()
  const voiceSessionOpen = voice?.sessionOpen ?? false
  const record = deps.store
    .add({
      time: (deps.now?.() ?? new Date()).toISOString(),
      kind: 'main',
      message: messageOf(err),
      stack,
      appVersion: deps.appVersion,
      voiceSessionOpen,
      lastLogLines: deps.log.recent().lines.slice(-CRASH_LOG_LINES),
    })
    .catch((e: unknown) => deps.log.error('crash record not written', e))
  const ended = voiceSessionOpen && voice ? voice.endNow(END_SESSION_TIMEOUT_MS) : Promise.resolve('none')
  const [, outcome] = await Promise.all([record, ended.catch(() => 'failed')])
  if (voiceSessionOpen) deps.log.info('voice session at crash', { outcome })
  return deps.uptimeMs() >= RELAUNCH_AFTER_UPTIME_MS ? 'relaunch' : 'exit'
}

function messageOf(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`
  return String(err)
}

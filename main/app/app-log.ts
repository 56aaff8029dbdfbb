// The app's log in Electron's own log folder (app.getPath('logs')), and the crashes Electron would otherwise
// only print: an exception nothing caught in main, a promise nobody handled, a window's page or a helper
// process that died. What to do about each is main/crash's; this file only hears of them.
import { app, type WebContents } from 'electron'
import type { CrashService } from '../crash/crash-service'
import type { PageCrashes } from '../crash/page-crash'
import { openFileLog, type Log } from '../logging/log'

/**
 * Main's crash handling waits this long at most (the session's DELETE has 2 s of it): a crash handler
 * that hangs would leave a process with no window and no tray.
 */
const HARD_STOP_MS = 4_000

export function openAppLog(): Promise<Log> {
  return openFileLog({ dir: app.getPath('logs'), name: 'main' })
}

export interface CrashHooks {
  /** The crash service once the services are up; before then a crash is only logged. */
  crash(): CrashService | null
  /** The windows' pages once the windows exist. */
  pages(): { crashes: PageCrashes; surfaceOf(contents: WebContents): 'main' | 'popup' | null } | null
}

export function logCrashes(log: Log, hooks: CrashHooks): void {
  const startedAtMs = Date.now()
  let ending = false
  process.on('uncaughtException', (err) => {
    // A second error while the first is handled: the exit is already on its way.
    if (ending) return void log.fatal('crash while handling a crash', err)
    ending = true
    const service = hooks.crash()
    if (!service) {
      log.fatal('crash', err)
      return app.exit(1)
    }
    setTimeout(() => app.exit(1), HARD_STOP_MS).unref()
    void service.mainCrashed('exception', err, Date.now() - startedAtMs).then(
      (after) => {
        if (after === 'relaunch') app.relaunch()
        app.exit(1)
      },
      () => app.exit(1),
    )
  })
  process.on('unhandledRejection', (reason) => {
    const service = hooks.crash()
    if (service) void service.mainCrashed('rejection', reason, Date.now() - startedAtMs)
    else log.error('unhandled rejection', reason)
  })
  app.on('render-process-gone', (_event, contents, details) => {
    const pages = hooks.pages()
    const surface = pages?.surfaceOf(contents) ?? null
    if (!pages || !surface) return log.error('page gone', details.reason, { exitCode: details.exitCode })
    void pages.crashes.gone({
      surface,
      reason: hungReason(contents, details.reason),
      route: routeOf(contents),
    })
  })
  app.on('child-process-gone', (_event, details) =>
    log.error('helper process gone', details.reason, { type: details.type, exitCode: details.exitCode }),
  )
}

const hung = new WeakSet<WebContents>()

/** A page that stopped answering is ended, so it is recovered as a crashed one; its record says why. */
export function endHungPage(contents: WebContents): void {
  hung.add(contents)
  contents.forcefullyCrashRenderer()
}

function hungReason(contents: WebContents, reason: string): string {
  if (!hung.delete(contents)) return reason
  return 'unresponsive'
}

/** The renderer's route from its URL's hash (`app://loa/index.html#/usage` → `usage`). */
function routeOf(contents: WebContents): string {
  const hash = contents.getURL().split('#/')[1] ?? ''
  return hash.split(/[?/]/)[0] ?? ''
}

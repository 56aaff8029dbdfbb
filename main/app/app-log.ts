// The app's log in Electron's own log folder (app.getPath('logs')), and the crashes Electron would otherwise
// only print: an exception nothing caught in main, a promise nobody handled, a window's page or a helper
// process that died.
import { app } from 'electron'
import { openFileLog, type Log } from '../logging/log'

export function openAppLog(): Promise<Log> {
  return openFileLog({ dir: app.getPath('logs'), name: 'main' })
}

export function logCrashes(log: Log): void {
  process.on('uncaughtException', (err) => {
    // The log line is written synchronously; then the app goes, as it would have without the handler.
    log.fatal('crash', err)
    console.error('[loa] crash:', err)
    app.exit(1)
  })
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', reason))
  app.on('render-process-gone', (_event, _contents, details) =>
    log.error('window page gone', details.reason, { exitCode: details.exitCode }),
  )
  app.on('child-process-gone', (_event, details) =>
    log.error('helper process gone', details.reason, { type: details.type, exitCode: details.exitCode }),
  )
}

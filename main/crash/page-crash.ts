// What main does when a window's page dies (Electron's 'render-process-gone', or a page left hung): the
// log and the crash record say so, and the page is loaded again on the view it showed. A page that dies
// again and again would reload in a loop; past a few times a minute it gets a plain error page instead,
// which asks the user to quit and start Loa again.
import type { Language } from '../../preload/contract'
import type { Log } from '../logging/log'
import { CRASH_LOG_LINES, type CrashStore } from './crash-record'
import { pageErrorText, type PageErrorText } from './crash-text'

export type PageSurface = 'main' | 'popup'

export interface PageGone {
  surface: PageSurface
  /** Electron's reason (`crashed`, `oom`, `killed`, ...) or `unresponsive`. */
  reason: string
  /** The route the page showed (`voice`, `settings`, `popup`), to load it again there. */
  route: string
}

export interface CrashedPageHost {
  restore(surface: PageSurface, route: string): void
  showError(surface: PageSurface, text: PageErrorText): void
}

export interface PageCrashDeps {
  log: Pick<Log, 'error' | 'recent'>
  store: Pick<CrashStore, 'add'>
  appVersion: string
  voiceSessionOpen: () => boolean
  language: () => Language
  host: CrashedPageHost
  nowMs?: () => number
}

/** Restores allowed per surface in one minute; one more means the page cannot stay up. */
export const MAX_RESTORES_PER_MINUTE = 3
const MINUTE_MS = 60_000

export class PageCrashes {
  readonly #restores: Record<PageSurface, number[]> = { main: [], popup: [] }

  constructor(private readonly deps: PageCrashDeps) {}

  async gone(page: PageGone): Promise<'restored' | 'error-page'> {
    const { deps } = this
    const now = deps.nowMs?.() ?? Date.now()
    deps.log.error('window page gone', page.reason, { surface: page.surface, route: page.route })
    const recent = this.#restores[page.surface].filter((at) => now - at < MINUTE_MS)
    const outcome = recent.length < MAX_RESTORES_PER_MINUTE ? 'restored' : 'error-page'
    if (outcome === 'restored') {
      recent.push(now)
      deps.host.restore(page.surface, page.route)
    } else {
      deps.host.showError(page.surface, pageErrorText(deps.language()))
    }
    this.#restores[page.surface] = recent
    await deps.store
      .add({
        time: new Date(now).toISOString(),
        kind: 'renderer',
        message: `${page.surface} page ${page.reason}`,
        stack: null,
        appVersion: deps.appVersion,
        voiceSessionOpen: deps.voiceSessionOpen(),
        lastLogLines: deps.log.recent().lines.slice(-CRASH_LOG_LINES),
      })
      .catch((err: unknown) => deps.log.error('crash record not written', err))
    return outcome
  }
}

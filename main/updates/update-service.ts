// The update policy: look for a newer release on schedule, download it in the background, offer "Restart to
// update" only for a file that passed its check, and never restart while a conversation or a reading runs.
import { gt, valid } from 'semver'
import type { UpdateState, UpdateWait } from '../../preload/contract'
import type { Log } from '../logging/log'
import { CheckSchedule, type Clock } from './schedule'
import type { Release, UpdateSource } from './update-source'

export interface UpdateServiceDeps<R extends Release> {
  source: UpdateSource<R>
  /** The version running now. */
  currentVersion: string
  /** What runs now that a restart would cut short; null when nothing does. */
  busy(): UpdateWait | null
  /** Quits and starts the downloaded version. */
  install(): void
  clock: Clock
  log: Pick<Log, 'info' | 'warn'>
  onChange(state: UpdateState): void
}

export class UpdateService<R extends Release = Release> {
  readonly #deps: UpdateServiceDeps<R>
  readonly #schedule: CheckSchedule
  readonly #abort = new AbortController()
  #ready: Release | null = null
  /** The day (local date) the user chose "Later"; the offer stays away for the rest of it. */
  #laterOn: string | null = null
  #restartRequested = false
  #last: string = JSON.stringify({ offer: null })

  constructor(deps: UpdateServiceDeps<R>) {
    this.#deps = deps
    this.#schedule = new CheckSchedule(deps.clock, () => this.check())
  }

  start(): void {
    this.#schedule.start()
  }

  stop(): void {
    this.#schedule.stop()
    this.#abort.abort()
  }

  state(): UpdateState {
    const ready = this.#ready
    if (!ready || this.#laterOn !== null) return { offer: null }
    return {
      offer: {
        version: ready.version,
        notes: ready.notes,
        waitingFor: this.#deps.busy(),
        restartRequested: this.#restartRequested,
      },
    }
  }

  /** One check: true when the feed answered and anything newer is downloaded and verified. */
  async check(): Promise<boolean> {
    const { source, log } = this.#deps
    const signal = this.#abort.signal
    // "Later" lasts until a check on another day (or the next start, which begins without it).
    if (this.#laterOn !== null && this.#laterOn !== dayOf(this.#deps.clock.now())) this.#laterOn = null
    let release: R
    try {
      release = await source.latest(signal)
    } catch (err) {
      log.warn('update check failed', { reason: reasonOf(err) })
      this.#changed()
      return false
    }
    if (valid(release.version) === null) {
      log.warn('update check failed', { reason: `not a version: ${release.version}` })
      this.#changed()
      return false
    }
    if (!gt(release.version, this.#deps.currentVersion)) {
      this.#changed()
      return true
    }
    if (this.#ready && !gt(release.version, this.#ready.version)) {
      this.#changed()
      return true
    }
    try {
      await source.download(release, signal)
    } catch (err) {
      // Not offered: the next check downloads it again.
      log.warn('update rejected', { version: release.version, reason: reasonOf(err) })
      this.#changed()
      return false
    }
    log.info('update ready', { version: release.version })
    this.#ready = { version: release.version, notes: release.notes }
    this.#restartRequested = false
    this.#changed()
    return true
  }

  /** "Restart to update": now, or as soon as the conversation or reading running ends. */
  install(): UpdateState {
    if (!this.#ready) return this.state()
    this.#laterOn = null
    this.#restartRequested = true
    this.#installWhenIdle()
    return this.state()
  }

  /** "Later": put away until the next start or a check on another day. */
  later(): UpdateState {
    if (this.#ready) {
      this.#laterOn = dayOf(this.#deps.clock.now())
      this.#restartRequested = false
    }
    this.#changed()
    return this.state()
  }

  /** A conversation or a reading started or ended: a requested restart may go ahead now. */
  activityChanged(): void {
    if (this.#restartRequested) this.#installWhenIdle()
    else this.#changed()
  }

  #installWhenIdle(): void {
    if (this.#deps.busy() !== null) {
      this.#changed()
      return
    }
    // Asked once, done once: the next activity change does not restart again, while another click would try
    // again if this restart did not happen.
    this.#restartRequested = false
    this.#deps.log.info('update installing', { version: this.#ready?.version })
    this.#changed()
    this.#deps.install()
  }

  #changed(): void {
    const state = this.state()
    const text = JSON.stringify(state)
    if (text === this.#last) return
    this.#last = text
    this.#deps.onChange(state)
  }
}

function dayOf(ms: number): string {
  return new Date(ms).toDateString()
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err)
}

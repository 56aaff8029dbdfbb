// A session created ahead of the first press and kept unconnected, so the press only has to connect
// (realtime-api.md "States and transitions"): creating costs nothing, billing starts only when a socket
// or peer connects, and a session not connected by `connect_by` is cancelled free of charge. So the
// keeper never connects; it renews the session (a new create, the old one deleted while still free)
// before its `connect_by` or its one-use token run out, and hands the freshest one to the link on a press.
//
//   const keeper = new PreparedSession({ api, clock, params, ready })
//   keeper.start()                 // create now, renew until stopped or taken
//   keeper.take()                  // the session for a press, or null; the keeper is then empty
//   await keeper.stop()            // DELETE the unused session (free: it never connected)
import type { EngineClock } from '../engine/engine-clock'
import { Timer } from '../engine/engine-clock'
import {
  connectWindowMs,
  type CreateSessionParams,
  type RealtimeSessionInfo,
  type SessionService,
} from '../../api/realtime/sessions-api'

/** A created, never connected session, and when it arrived on the engine's clock. */
export interface PreparedLink {
  session: RealtimeSessionInfo
  createdAtMs: number
}

/** Where a link looks for a session before it creates one. */
export interface PreparedSource {
  take(): PreparedLink | null
}

export interface PreparedSessionDeps {
  api: Pick<SessionService, 'create' | 'delete'>
  clock: EngineClock
  params: CreateSessionParams
  /** A fresh session is ready (WebRTC: the page can make its peer and offer for its data channel). */
  ready?(session: RealtimeSessionInfo): void
}

/**
 * Renewed this long before `connect_by`: a press taken just before then still has the SDP exchange
 * (5 calls a minute, one Retry-After wait) and the connect itself inside the window.
 */
export const RENEW_BEFORE_MS = 15_000
/** A session with less time than this left is not handed to a press: a fresh create is safer. */
export const MIN_LEFT_MS = 8_000
/** Failed creates are retried at these delays, then every last one: preparing is best-effort. */
const RETRY_DELAYS_MS = [2_000, 10_000, 30_000]

export class PreparedSession implements PreparedSource {
  readonly #renewal: Timer
  #current: PreparedLink | null = null
  #running = false
  #failures = 0
  /** Bumped by start, take and stop: a create answered for an older round is deleted. */
  #round = 0
  #creates = 0

  constructor(private readonly deps: PreparedSessionDeps) {
    this.#renewal = new Timer(deps.clock)
  }

  /** Sessions created so far (renewals included). */
  get creates(): number {
    return this.#creates
  }

  get session(): RealtimeSessionInfo | null {
    return this.#current?.session ?? null
  }

  get running(): boolean {
    return this.#running
  }

  /** Creates a session now unless one is kept or on its way, and keeps it renewed. */
  start(): void {
    if (this.#running) return
    this.#running = true
    this.#failures = 0
    if (!this.#current) void this.#create(++this.#round)
    else this.#armRenewal(this.#current)
  }

  /** The kept session for a press; the keeper stops and is empty afterwards (start() fills it again). */
  take(): PreparedLink | null {
    const current = this.#current
    this.#halt()
    this.#current = null
    if (!current) return null
    if (this.#msLeft(current) < MIN_LEFT_MS) {
      this.#delete(current)
      return null
    }
    return current
  }

  /** Stops renewing and deletes the kept session. */
  async stop(): Promise<void> {
    const current = this.#current
    this.#halt()
    this.#current = null
    if (current) await this.deps.api.delete(current.session.id).catch(() => {})
  }

  async #create(round: number): Promise<void> {
    let session: RealtimeSessionInfo
    try {
      this.#creates++
      session = await this.deps.api.create(this.deps.params)
    } catch {
      if (round !== this.#round || !this.#running) return
      const delay = RETRY_DELAYS_MS[Math.min(this.#failures++, RETRY_DELAYS_MS.length - 1)] ?? 0
      this.#renewal.arm(delay, () => void this.#create(round))
      return
    }
    const link: PreparedLink = { session, createdAtMs: this.deps.clock.now() }
    if (round !== this.#round || !this.#running) return this.#delete(link)
    this.#failures = 0
    const old = this.#current
    this.#current = link
    // The old one was never connected: deleting it costs nothing, and it would lapse free anyway.
    if (old) this.#delete(old)
    this.#armRenewal(link)
    this.deps.ready?.(session)
  }

  #armRenewal(link: PreparedLink): void {
    const round = this.#round
    this.#renewal.arm(Math.max(0, this.#msLeft(link) - RENEW_BEFORE_MS), () => {
      if (round === this.#round && this.#running) void this.#create(round)
    })
  }

  #msLeft(link: PreparedLink): number {
    return link.createdAtMs + connectWindowMs(link.session) - this.deps.clock.now()
  }

  #halt(): void {
    this.#running = false
    this.#round++
    this.#renewal.cancel()
  }

  #delete(link: PreparedLink): void {
    void this.deps.api.delete(link.session.id).catch(() => {})
  }
}

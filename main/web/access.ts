// Who may use the browser harness: a one-time launch link, exchanged for a session cookie. Links and
// sessions expire and sessions are capped, so a link copied into a log or a forgotten tab does not stay
// a way in. The cookie is scoped to a path unique to this run (cookies ignore ports: without it, every
// other server on 127.0.0.1 would receive it) and named for the harness's port, so two harnesses on one
// machine never overwrite each other's.
import { randomBytes, timingSafeEqual } from 'node:crypto'

/** Long enough to paste the printed link into a browser; short enough that a leaked one is soon dead. */
export const LAUNCH_TTL_MS = 5 * 60_000
/** A working day; then the page asks for a new link (`npm run web` prints one on start). */
export const SESSION_TTL_MS = 12 * 60 * 60_000
/** A person needs a tab or a few; more are a leak, and the oldest is let go first. */
export const MAX_SESSIONS = 8
/** Links not yet used; each test or restart of the page takes one. */
export const MAX_LAUNCH_LINKS = 32

export interface AccessOptions {
  port: number
  now?: () => number
  launchTtlMs?: number
  sessionTtlMs?: number
  maxSessions?: number
  maxLaunchLinks?: number
}

const token = () => randomBytes(24).toString('base64url')

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

export class HarnessAccess {
  /** Every page, asset and socket of the harness lives under this path. */
  readonly scope = `/loa-${randomBytes(12).toString('base64url')}`
  readonly cookieName: string
  readonly #now: () => number
  readonly #launchTtlMs: number
  readonly #sessionTtlMs: number
  readonly #maxSessions: number
  readonly #maxLaunchLinks: number
  /** Token -> when it expires; insertion order is age order. */
  readonly #links = new Map<string, number>()
  readonly #sessions = new Map<string, number>()
  readonly #ended = new Set<(session: string) => void>()

  constructor(opts: AccessOptions) {
    this.cookieName = `loa_harness_${opts.port}`
    this.#now = opts.now ?? Date.now
    this.#launchTtlMs = opts.launchTtlMs ?? LAUNCH_TTL_MS
    this.#sessionTtlMs = opts.sessionTtlMs ?? SESSION_TTL_MS
    this.#maxSessions = opts.maxSessions ?? MAX_SESSIONS
    this.#maxLaunchLinks = opts.maxLaunchLinks ?? MAX_LAUNCH_LINKS
  }

  /** A token for one launch link. */
  issueLaunchToken(): string {
    const t = token()
    this.#links.set(t, this.#now() + this.#launchTtlMs)
    while (this.#links.size > this.#maxLaunchLinks)
      this.#links.delete(this.#links.keys().next().value as string)
    return t
  }

  /** Uses up `launchToken`; the new session and its Set-Cookie value, or null for a used or dead link. */
  admit(launchToken: string): { session: string; setCookie: string } | null {
    const expires = this.#links.get(launchToken)
    if (expires === undefined) return null
    this.#links.delete(launchToken)
    if (expires <= this.#now()) return null
    const session = token()
    this.#sessions.set(session, this.#now() + this.#sessionTtlMs)
    while (this.#sessions.size > this.#maxSessions) this.#end(this.#sessions.keys().next().value as string)
    const maxAgeS = Math.floor(this.#sessionTtlMs / 1000)
    return {
      session,
      setCookie: `${this.cookieName}=${session}; Path=${this.scope}; HttpOnly; SameSite=Strict; Max-Age=${maxAgeS}`,
    }
  }

  /** The live session a request's Cookie header names, or null. */
  sessionOf(cookieHeader: string | undefined): string | null {
    const prefix = `${this.cookieName}=`
    for (const part of (cookieHeader ?? '').split(';')) {
      const c = part.trim()
      if (!c.startsWith(prefix)) continue
      const value = c.slice(prefix.length)
      for (const s of this.#sessions.keys()) if (sameSecret(s, value) && this.isLive(s)) return s
    }
    return null
  }

  /** Whether `session` is still admitted; an expired one is ended here. */
  isLive(session: string): boolean {
    const expires = this.#sessions.get(session)
    if (expires === undefined) return false
    if (expires > this.#now()) return true
    this.#end(session)
    return false
  }

  /** Called with each session that ends, by expiry or to make room: its sockets are to close. */
  onEnded(listener: (session: string) => void): void {
    this.#ended.add(listener)
  }

  get sessionCount(): number {
    return this.#sessions.size
  }

  #end(session: string): void {
    this.#sessions.delete(session)
    for (const l of this.#ended) l(session)
  }
}

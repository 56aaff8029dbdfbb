// One-use session tokens (realtime-api.md "Authentication"): each lives 60 s of service time and opens
// at most one connection. Spent and expired tokens are remembered until their session is forgotten, so a
// replay is told apart from a typo.
import { randomBytes } from 'node:crypto'

export const SESSION_TOKEN_TTL_MS = 60_000
const TOKEN_PREFIX = 'rtt_'

export interface TokenEntry {
  token: string
  sessionId: string
  expiresAtMs: number
  used: boolean
}

export type TokenCheck =
  { ok: true; entry: TokenEntry } | { ok: false; reason: 'unknown' | 'expired' | 'used'; entry?: TokenEntry }

export class SessionTokens {
  readonly #byToken = new Map<string, TokenEntry>()

  /** Tokens are secrets, so they come from the system's CSPRNG rather than the service's seeded random. */
  issue(sessionId: string, nowMs: number): TokenEntry {
    const entry: TokenEntry = {
      token: TOKEN_PREFIX + randomBytes(24).toString('base64url'),
      sessionId,
      expiresAtMs: nowMs + SESSION_TOKEN_TTL_MS,
      used: false,
    }
    this.#byToken.set(entry.token, entry)
    return entry
  }

  check(token: string, nowMs: number): TokenCheck {
    const entry = this.#byToken.get(token)
    if (!entry) return { ok: false, reason: 'unknown' }
    if (entry.used) return { ok: false, reason: 'used', entry }
    if (nowMs > entry.expiresAtMs) return { ok: false, reason: 'expired', entry }
    return { ok: true, entry }
  }

  /** The session a token was issued for, spent or expired alike; undefined for a token never issued. */
  sessionOf(token: string): string | undefined {
    return this.#byToken.get(token)?.sessionId
  }

  spend(entry: TokenEntry): void {
    entry.used = true
  }

  forgetSession(sessionId: string): void {
    for (const [token, entry] of this.#byToken) if (entry.sessionId === sessionId) this.#byToken.delete(token)
  }
}

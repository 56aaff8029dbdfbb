// Every realtime session the service knows, newest last. Finished sessions stay as history until an
// account has more than HISTORY_PER_ACCOUNT of them.
import type { RealtimeSession } from './session'

export const HISTORY_PER_ACCOUNT = 200

export class SessionStore {
  readonly #byId = new Map<string, RealtimeSession>()

  constructor(private readonly onForget: (session: RealtimeSession) => void) {}

  add(session: RealtimeSession): void {
    this.#byId.set(session.id, session)
    const finished = this.forAccount(session.account.id).filter((s) => s.finished)
    const excess = finished.length - HISTORY_PER_ACCOUNT
    for (const old of finished.slice(finished.length - Math.max(0, excess))) {
      this.#byId.delete(old.id)
      this.onForget(old)
    }
  }

  get(id: string): RealtimeSession | undefined {
    return this.#byId.get(id)
  }

  /** Newest first. */
  forAccount(accountId: string): RealtimeSession[] {
    return [...this.#byId.values()].filter((s) => s.account.id === accountId).reverse()
  }

  openCount(accountId: string): number {
    return this.forAccount(accountId).filter((s) => !s.finished).length
  }

  all(): RealtimeSession[] {
    return [...this.#byId.values()]
  }
}

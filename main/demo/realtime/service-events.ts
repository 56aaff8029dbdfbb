// The service's own events (realtime-api.md "Events"): sent under the top-level key `svc` on the
// session's WebSocket and replayed on the SSE stream. The log keeps every event of a session, so an
// SSE client that connects late (or resumes with Last-Event-ID) still sees billing from the start.

export type TerminationReason =
  | 'insufficient_balance'
  | 'max_spend_reached'
  | 'max_duration_reached'
  | 'key_revoked'
  | 'maintenance'
  | 'system_error'

export type EndReason =
  'client_deleted' | 'client_closed' | 'idle_timeout' | 'connection_lost' | 'not_connected'

interface Base {
  session_id: string
  /** Service time, ISO 8601. */
  at: string
}

export interface WindowUsage {
  total_tokens: number
  input_tokens: number
  output_tokens: number
  input_token_details: Record<string, number>
  output_token_details: Record<string, number>
}

export type SvcEvent =
  | (Base & {
      type: 'session.active'
      resumed: boolean
      billing: {
        currency: 'VND'
        settle_interval_sec: number
        estimated_vnd_per_min: number
        max_spend_vnd: number
      }
    })
  | (Base & {
      type: 'usage.settled'
      window_index: number
      window_start: string
      window_sec: number
      final: boolean
      usage: Record<string, unknown>
      amount_vnd: number
      charged_vnd: number
      unpaid_vnd: number
      total_vnd: number
      balance_vnd: number
    })
  | (Base & { type: 'warning.low_balance'; balance_vnd: number; next_window_estimate_vnd: number })
  | (Base & { type: 'warning.max_spend'; total_vnd: number; max_spend_vnd: number; used_percent: number })
  | (Base & {
      type: 'session.ended'
      status: 'ended' | 'cancelled'
      /** A session cancelled before it connected may carry a termination reason (e.g. maintenance). */
      reason: EndReason | TerminationReason
      total_vnd: number
    })
  | (Base & {
      type: 'session.terminated'
      /** A TerminationReason, or under the `terminateOnCommit` fault any word at all. */
      reason: string
      message: string
      total_vnd: number
    })

export interface LoggedEvent {
  seq: number
  event: SvcEvent
}

export interface EventSubscriber {
  event(e: LoggedEvent): void
  end(): void
}

export class ServiceEventLog {
  readonly #events: LoggedEvent[] = []
  readonly #subscribers = new Set<EventSubscriber>()
  #closed = false

  get closed(): boolean {
    return this.#closed
  }

  emit(event: SvcEvent): void {
    if (this.#closed) return
    const logged = { seq: this.#events.length + 1, event }
    this.#events.push(logged)
    for (const s of [...this.#subscribers]) s.event(logged)
  }

  /** Events after `seq` (0 = all). */
  since(seq: number): LoggedEvent[] {
    return this.#events.filter((e) => e.seq > seq)
  }

  subscribe(s: EventSubscriber): () => void {
    this.#subscribers.add(s)
    return () => this.#subscribers.delete(s)
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    for (const s of [...this.#subscribers]) s.end()
    this.#subscribers.clear()
  }
}

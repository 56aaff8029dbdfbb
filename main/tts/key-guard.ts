// What a chunk's Idempotency-Key still protects. The service remembers a key 60 seconds (tts-api.md
// "Idempotency"): a chunk sent again within that time is replayed, never charged twice. A chunk whose
// answer was lost longer ago is sent again only when the usage history shows the lost request was not
// charged (charge-trace.ts); when it was, or the history cannot tell, the chunk is held until the user
// agrees to pay again. Knows the chunks only by identity; the job decides what a hold means for the run.
import { GatewayError } from '../api/gateway-error'
import { findCharge, type SentRequest } from './charge-trace'
import type { UsageHistory } from './free-allowance'

/**
 * How long after sending a key is trusted to replay: the service remembers it 60 s from when the result was
 * ready (tts-api.md "Limits"), which is after we sent it; 10 s less leaves room for a retry on its way.
 */
export const KEY_TRUST_MS = 50_000

/** What a chunk is to the guard: its billable characters, and its audio once that came. */
export interface GuardedChunk {
  chars: number
  audio: object | null
}

export type HoldReason = 'charged' | 'unknown'

/** Thrown by `beforeSend`: the chunk must not be sent again without the user's say-so. */
export class ChargeHold extends Error {
  constructor(readonly reason: HoldReason) {
    super(
      reason === 'charged'
        ? 'The service charged this chunk, but its answer was lost too long ago to be replayed.'
        : 'The answer was lost too long ago to be replayed, and the usage history cannot tell if it was charged.',
    )
    this.name = 'ChargeHold'
  }
}

interface KeyState {
  /** When the first request was sent: the chunk's charge is dated from then. */
  firstSentMs: number | null
  lastSentMs: number | null
  /** When the earliest request whose answer never came was sent: it may have been charged. */
  unansweredSinceMs: number | null
  /** Charges for lost answers found in the usage history: record id to VND. */
  lostCharges: Map<string, number>
  hold: HoldReason | null
}

export interface KeyGuardOptions {
  model: string
  /** 0: a free model, where nothing can be paid twice. */
  unitPriceVndPer1M: number | null
  /** The account's latest usage records read now, not from a cache; null when they cannot be had. */
  usageHistory?: (() => Promise<UsageHistory | null>) | undefined
  now: () => number
}

export class KeyGuard<C extends GuardedChunk> {
  readonly #opts: KeyGuardOptions
  readonly #keys = new WeakMap<C, KeyState>()
  readonly #held = new Set<KeyState>()

  constructor(opts: KeyGuardOptions) {
    this.#opts = opts
  }

  /** A request that got no answer, or was cut off, may have been charged; one the service refused was not. */
  noteFailure(chunk: C, failed: unknown): void {
    const key = this.#key(chunk)
    const refused = failed instanceof GatewayError && (failed.details.status ?? 0) >= 400
    if (!refused && key.lastSentMs !== null) key.unansweredSinceMs ??= key.lastSentMs
  }

  /**
   * Resolves when a request for `chunk` may go (and notes that it goes); throws a ChargeHold when an
   * earlier request's answer was lost longer ago than the key holds and the usage history shows it charged,
   * or cannot tell. `chunks`: the whole reading, whose answered chunks have charges of their own.
   */
  async beforeSend(chunk: C, chunks: readonly C[]): Promise<void> {
    const key = this.#key(chunk)
    const since = key.unansweredSinceMs
    if (key.hold === 'charged') throw new ChargeHold('charged')
    if (since !== null && this.#opts.now() - since >= KEY_TRUST_MS) {
      const finding =
        this.#opts.unitPriceVndPer1M === 0
          ? { charged: false as const }
          : await this.#find(chunk, since, chunks)
      if (finding === null) throw this.#hold(key, 'unknown')
      if (finding.charged) {
        key.lostCharges.set(finding.recordId, finding.costVnd)
        throw this.#hold(key, 'charged')
      }
      key.unansweredSinceMs = null
    }
    key.hold = null
    key.lastSentMs = this.#opts.now()
    key.firstSentMs ??= key.lastSentMs
  }

  /** The user agrees to pay again for every chunk on hold: each is sent as if for the first time. */
  payAgain(): void {
    for (const key of this.#held) Object.assign(key, { hold: null, unansweredSinceMs: null })
    this.#held.clear()
  }

  /** What the lost answers of `chunk` cost, as the usage history says. */
  lostVnd(chunk: C): number {
    return [...(this.#keys.get(chunk)?.lostCharges.values() ?? [])].reduce((n, v) => n + v, 0)
  }

  #hold(key: KeyState, reason: HoldReason): ChargeHold {
    key.hold = reason
    this.#held.add(key)
    return new ChargeHold(reason)
  }

  #key(chunk: C): KeyState {
    let key = this.#keys.get(chunk)
    if (!key) {
      key = {
        firstSentMs: null,
        lastSentMs: null,
        unansweredSinceMs: null,
        lostCharges: new Map(),
        hold: null,
      }
      this.#keys.set(chunk, key)
    }
    return key
  }

  async #find(chunk: C, sentAtMs: number, chunks: readonly C[]) {
    const history = (await this.#opts.usageHistory?.().catch(() => null)) ?? null
    if (!history) return null
    const { model } = this.#opts
    const answered: SentRequest[] = []
    const claimed = new Set<string>()
    for (const c of chunks) {
      const key = this.#keys.get(c)
      for (const id of key?.lostCharges.keys() ?? []) claimed.add(id)
      if (c !== chunk && c.audio !== null && key?.firstSentMs != null) {
        answered.push({ model, chars: c.chars, sentAtMs: key.firstSentMs })
      }
    }
    return findCharge(history, { model, chars: chunk.chars, sentAtMs }, answered, claimed)
  }
}

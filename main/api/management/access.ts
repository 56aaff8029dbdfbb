// What a 403 on Account & Usage means for this key. Reseller and internal accounts are refused there but
// may read the catalog; disabled and security-locked accounts are refused everywhere. Both answer
// 403 `insufficient_permissions` (management-api.md "Authentication" 4 and 6), so the code cannot tell
// them apart and the message is not to be parsed. The rule instead:
//
//   403 on the catalog                          -> account_locked (the catalog is open to every valid key)
//   403 on Account & Usage, catalog answers 2xx -> forbidden      (reseller/internal: catalog still usable)
//   403 on Account & Usage, catalog answers 403 -> account_locked (disabled or 24-hour lock)
//   403 on Account & Usage, catalog unreachable -> forbidden, and the finding is not kept
//
// What the catalog said is remembered per key for ACCESS_FINDING_TTL_MS, updated by every catalog answer,
// so the check costs at most one extra request per key in that time.

import type { AccountAccess } from '../../../preload/contract'

export type { AccountAccess }

/** A lock ends within 24 hours and an account can be re-enabled: look again after this long. */
export const ACCESS_FINDING_TTL_MS = 10 * 60_000

export class AccessTracker {
  #catalog: { answers: boolean; atMs: number } | null = null
  #access: AccountAccess = 'unknown'

  constructor(private readonly now: () => number) {}

  get access(): AccountAccess {
    return this.#access
  }

  /** True/false when the catalog's answer to this key is known and recent, else undefined. */
  catalogAnswers(): boolean | undefined {
    if (!this.#catalog || this.now() - this.#catalog.atMs > ACCESS_FINDING_TTL_MS) return undefined
    return this.#catalog.answers
  }

  noteCatalog(answers: boolean): void {
    this.#catalog = { answers, atMs: this.now() }
    if (!answers) this.#access = 'locked'
    else if (this.#access === 'locked') this.#access = 'unknown'
  }

  noteAccountAnswered(): void {
    this.#access = 'full'
  }

  noteAccountRefused(locked: boolean): void {
    this.#access = locked ? 'locked' : 'catalog_only'
  }
}

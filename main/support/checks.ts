// The things a user can fix, checked the same way by `loa doctor` and the app's support bundle: does the
// gateway answer, does it take the key, is this machine's clock right, and can the system keychain keep the
// key. Each failed check says what to do, in Vietnamese or English.
import { AppError } from '../errors'
import type { GatewayEndpoint } from '../api/http'
import { probeGateway } from '../api/probe'
import { validateKey } from '../connection/validate-key'
import type { Language } from '../../preload/contract'
import { CHECK_TEXT } from './check-text'

/**
 * The checks, in the order they run and are reported, each with what it means. `loa doctor --json` names
 * them by id, so scripts branch on them: README ("Logs and support") lists them, and a test keeps the two
 * in step.
 */
export const CHECKS = {
  endpoint: 'the gateway answers at the address given or saved (any HTTP answer)',
  key: 'the gateway accepts the key, checked as the app checks a key before saving it',
  clock: "this machine's clock is within 60 s of the gateway's, read from its `Date` header",
  keychain: 'the system keychain can keep the key (unlocked, and a Secret Service on Linux)',
} as const

export type CheckId = keyof typeof CHECKS

export interface Check {
  id: CheckId
  /** null: not checked, because an earlier check failed; `detail` says which. */
  ok: boolean | null
  detail: string
  /** What to do next; null when the check passed. */
  hint: string | null
}

export interface KeychainState {
  /** The store the key is kept in (`keychain`, `encrypted-file`, `memory`), or null where none works. */
  backend: string | null
  usable: boolean
  /** Why it cannot be used, in the keychain's own words. */
  problem: string | null
}

export interface CheckInput {
  /** The gateway address, or null when none was given or saved. */
  baseUrl: string | null
  /** The key, or null when none was given or saved. */
  key: string | null
  keychain: KeychainState
  language: Language
  now?: () => number
}

/**
 * Beyond this, times the service sets (a session's 60-second token and connect_by, a plan's expiry) read
 * wrongly against this machine's clock. The Date header has whole seconds, well inside it.
 */
export const CLOCK_SKEW_LIMIT_MS = 60_000

export async function runChecks(input: CheckInput): Promise<Check[]> {
  const t = CHECK_TEXT[input.language]
  const keychain: Check = input.keychain.usable
    ? pass('keychain', t.keychainOk(input.keychain.backend ?? ''))
    : fail('keychain', t.keychainBad(input.keychain.problem), t.keychainHint)
  if (input.baseUrl === null)
    return [
      fail('endpoint', t.noBaseUrl, t.noBaseUrlHint),
      skipped('key', t.notChecked),
      skipped('clock', t.notChecked),
      keychain,
    ]
  const host = new URL(input.baseUrl).host
  const probe = await probeGateway({ baseUrl: input.baseUrl, key: input.key ?? '' })
  if (!probe.reachable)
    return [
      fail('endpoint', t.unreachable(host, probe.error.message), t.unreachableHint),
      skipped('key', t.notChecked),
      skipped('clock', t.notChecked),
      keychain,
    ]
  const endpoint = pass('endpoint', t.reachable(host, probe.status))
  const key = input.key === null ? fail('key', t.noKey, t.noKeyHint) : await checkKey(input, input.key)
  return [endpoint, key, checkClock(probe.serverDateMs, (input.now ?? Date.now)(), input.language), keychain]
}

async function checkKey(input: CheckInput, key: string): Promise<Check> {
  const t = CHECK_TEXT[input.language]
  const endpoint: GatewayEndpoint = { baseUrl: input.baseUrl ?? '', key }
  try {
    await validateKey(endpoint)
    return pass('key', t.keyOk)
  } catch (err) {
    if (err instanceof AppError && err.kind === 'auth') return fail('key', t.keyRefused, t.keyRefusedHint)
    if (err instanceof AppError && err.kind === 'account_locked') return fail('key', t.locked, t.lockedHint)
    const message = err instanceof Error ? err.message : String(err)
    return fail('key', t.keyUnchecked(message), t.tryAgainHint)
  }
}

/** The service's clock against this machine's: positive when this machine is ahead. */
export function checkClock(serverDateMs: number | null, nowMs: number, language: Language): Check {
  const t = CHECK_TEXT[language]
  if (serverDateMs === null) return skipped('clock', t.noDate)
  const skewS = Math.round((nowMs - serverDateMs) / 1000)
  if (Math.abs(nowMs - serverDateMs) <= CLOCK_SKEW_LIMIT_MS) return pass('clock', t.clockOk(skewS))
  return fail('clock', t.clockOff(skewS), t.clockHint)
}

function pass(id: CheckId, detail: string): Check {
  return { id, ok: true, detail, hint: null }
}

function fail(id: CheckId, detail: string, hint: string): Check {
  return { id, ok: false, detail, hint }
}

function skipped(id: CheckId, detail: string): Check {
  return { id, ok: null, detail, hint: null }
}

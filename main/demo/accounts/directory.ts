// The seeded accounts and their API keys, and lookup by key. Keys are deterministic per seed, so a test or
// a screenshot run with `--seed 7` always sees the same keys and the same people.
import type { AccountKind, DemoAccount, PlanCode } from '../context'
import { createRng, randomInt, randomString, type Rng } from '../core/rng'
import { iso } from '../core/vn-time'
import { makeCompanyProfile, makeProfile, stripDiacritics } from './profiles'

/**
 * Names of the keys `startDemoServer` hands out. Each names its own account, except the keys of
 * `KEY_STATES`, which are further keys of the `ordinary` account in that state.
 */
export const KEY_NAMES = [
  'ordinary',
  'free',
  'basic',
  'ultra',
  'reseller',
  'internal',
  'disabled',
  'locked',
  'revoked',
  'restricted',
  'suspended',
  'expired',
  'at_limit',
] as const
export type KeyName = (typeof KEY_NAMES)[number]

/**
 * The state of a key apart from its account (realtime-api.md "Authentication" 5: suspended, revoked,
 * expired, at its spending limit). `at_limit` still authenticates; only spending with it is refused.
 */
export type KeyStatus = 'active' | 'revoked' | 'suspended' | 'expired' | 'at_limit'

/** Keys that are not their own account's: another key of `ordinary`, in the named state. */
const KEY_STATES = {
  revoked: 'revoked',
  suspended: 'suspended',
  expired: 'expired',
  at_limit: 'at_limit',
} as const satisfies Partial<Record<KeyName, KeyStatus>>
type StateKeyName = keyof typeof KEY_STATES

function keyStatus(name: KeyName): KeyStatus {
  return name in KEY_STATES ? KEY_STATES[name as StateKeyName] : 'active'
}

export interface DemoKeyRecord {
  name: KeyName
  key: string
  accountId: string
  status: KeyStatus
}

export interface SeededAccount extends DemoAccount {
  /** The key name the account was seeded for (`ordinary`, `free`, ...). */
  label: Exclude<KeyName, StateKeyName>
  /** End of the 24-hour security lock, service epoch ms. */
  lockedUntilMs?: number
  /** How busy the account's seeded history is, in requests per day. */
  requestsPerDay: number
  historyDays: number
}

export interface AccountDirectory {
  accounts: SeededAccount[]
  keys: DemoKeyRecord[]
  byKey(key: string): { account: SeededAccount; record: DemoKeyRecord } | undefined
  byLabel(label: SeededAccount['label']): SeededAccount
  keyMap(): Record<KeyName, string>
}

const DAY_MS = 86_400_000
/** The FREE plan does not expire; the API still returns a timestamp. */
const FREE_PLAN_EXPIRY = '2099-12-31T23:59:59.000Z'
/** The restricted key may use these TTS models only. */
const RESTRICTED_ALLOWLIST = ['google/translate-tts', 'google/standard', 'openai/tts-1']

function demoKey(seed: number, name: string): string {
  return `sk-demo-${randomString(createRng(seed, `key:${name}`), 40)}`
}

interface Spec {
  label: SeededAccount['label']
  plan: PlanCode
  kind: AccountKind
  realVND: (rng: Rng) => number
  bonusVND: (rng: Rng) => number
  requestsPerDay: number
  historyDays: number
}

const thousands = (rng: Rng, min: number, max: number) => randomInt(rng, min / 1000, max / 1000) * 1000

const SPECS: Spec[] = [
  {
    label: 'ordinary',
    plan: 'ADVANCED_PLUS',
    kind: 'ordinary',
    realVND: (r) => thousands(r, 1_200_000, 2_800_000),
    bonusVND: (r) => thousands(r, 50_000, 150_000),
    requestsPerDay: 34,
    historyDays: 90,
  },
  {
    label: 'free',
    plan: 'FREE',
    kind: 'ordinary',
    realVND: () => 0,
    bonusVND: (r) => randomInt(r, 1_500, 2_400),
    requestsPerDay: 3,
    historyDays: 30,
  },
  {
    label: 'basic',
    plan: 'BASIC',
    kind: 'ordinary',
    realVND: (r) => thousands(r, 150_000, 400_000),
    bonusVND: () => 20_000,
    requestsPerDay: 9,
    historyDays: 60,
  },
  {
    label: 'ultra',
    plan: 'ULTRA',
    kind: 'ordinary',
    realVND: (r) => thousands(r, 12_000_000, 25_000_000),
    bonusVND: (r) => thousands(r, 300_000, 600_000),
    requestsPerDay: 70,
    historyDays: 90,
  },
  {
    label: 'reseller',
    plan: 'ADVANCED_PLUS',
    kind: 'reseller',
    realVND: (r) => thousands(r, 30_000_000, 60_000_000),
    bonusVND: () => 0,
    requestsPerDay: 0,
    historyDays: 0,
  },
  {
    label: 'internal',
    plan: 'ULTRA',
    kind: 'internal',
    realVND: () => 100_000_000,
    bonusVND: () => 0,
    requestsPerDay: 0,
    historyDays: 0,
  },
  {
    label: 'disabled',
    plan: 'BASIC',
    kind: 'disabled',
    realVND: (r) => thousands(r, 10_000, 90_000),
    bonusVND: () => 0,
    requestsPerDay: 4,
    historyDays: 30,
  },
  {
    label: 'locked',
    plan: 'ADVANCED_PLUS',
    kind: 'locked',
    realVND: (r) => thousands(r, 300_000, 900_000),
    bonusVND: () => 10_000,
    requestsPerDay: 12,
    historyDays: 45,
  },
  {
    label: 'restricted',
    plan: 'ADVANCED_PLUS',
    kind: 'ordinary',
    realVND: (r) => thousands(r, 400_000, 800_000),
    bonusVND: () => 0,
    requestsPerDay: 8,
    historyDays: 30,
  },
]

export function seedDirectory(seed: number, nowMs: number): AccountDirectory {
  const accounts: SeededAccount[] = SPECS.map((spec) => {
    const rng = createRng(seed, `account:${spec.label}`)
    const profile = spec.kind === 'reseller' ? makeCompanyProfile(rng) : makeProfile(rng)
    const isStaff = spec.kind === 'internal'
    const account: SeededAccount = {
      id: `usr_${randomString(rng, 20)}`,
      email: isStaff ? `${stripDiacritics(profile.name).replace(/\s+/g, '.')}@loa-gateway.vn` : profile.email,
      name: profile.name,
      plan: spec.plan,
      planExpiresAt: spec.plan === 'FREE' ? FREE_PLAN_EXPIRY : iso(nowMs + randomInt(rng, 5, 60) * DAY_MS),
      kind: spec.kind,
      wallet: { realVND: spec.realVND(rng), bonusVND: spec.bonusVND(rng) },
      label: spec.label,
      requestsPerDay: spec.requestsPerDay,
      historyDays: spec.historyDays,
    }
    if (spec.kind === 'locked') account.lockedUntilMs = nowMs + DAY_MS - randomInt(rng, 1, 6) * 3600_000
    if (spec.label === 'restricted') account.modelAllowlist = [...RESTRICTED_ALLOWLIST]
    return account
  })

  const byLabel = (label: SeededAccount['label']) => {
    const found = accounts.find((a) => a.label === label)
    if (!found) throw new Error(`No seeded account ${label}`)
    return found
  }

  const keys: DemoKeyRecord[] = KEY_NAMES.map((name) => {
    const status = keyStatus(name)
    return {
      name,
      key: demoKey(seed, name),
      accountId: byLabel(status === 'active' ? (name as SeededAccount['label']) : 'ordinary').id,
      status,
    }
  })
  const keyIndex = new Map(keys.map((k) => [k.key, k]))
  const accountIndex = new Map(accounts.map((a) => [a.id, a]))

  return {
    accounts,
    keys,
    byKey(key) {
      const record = keyIndex.get(key)
      const account = record && accountIndex.get(record.accountId)
      return record && account ? { account, record } : undefined
    },
    byLabel,
    keyMap: () => Object.fromEntries(keys.map((k) => [k.name, k.key])) as Record<KeyName, string>,
  }
}

// Builds the one DemoContext of a server: clock, seeded accounts with their history, ledger, faults and
// the speech synthesizer. Everything a route needs reaches it through this object.
import type { IncomingMessage } from 'node:http'
import type { AuthResult, DemoContext, DemoFaults, DemoVariant, WsTokenMode } from './context'
import { createFaults } from './control/faults'
import { createClock, type ServiceClock } from './core/clock'
import { createRng } from './core/rng'
import {
  seedDirectory,
  type AccountDirectory,
  type KeyStatus,
  type SeededAccount,
} from './accounts/directory'
import { generateUsageHistory } from './accounts/usage-history'
import { createLedger, type DemoLedgerStore } from './billing/ledger'
import { errorEnvelope, sendError } from './http/respond'
import { createSpeechSynth, type DemoSpeechSynth } from './speech/synth'

/** Which of the spec's two 404 bodies `/models/:model_id` answers with. */
export type ModelNotFoundShape = 'envelope' | 'flat'

/** Behaviour the spec leaves open, switchable by tests. */
export interface DemoBehaviour {
  modelNotFoundShape: ModelNotFoundShape
  /** Generated audio larger than this is not stored for re-download (the spec's 50 MB). */
  audioStoreMaxBytes: number
}

export const AUDIO_STORE_MAX_BYTES = 50 * 1024 * 1024

export interface DemoServiceContext extends DemoContext {
  clock: ServiceClock
  ledger: DemoLedgerStore
  speech: DemoSpeechSynth
  accounts: SeededAccount[]
  directory: AccountDirectory
  behaviour: DemoBehaviour
  seed: number
  /** Sets the base URL once the server listens. */
  setBaseUrl(url: string): void
}

export interface ContextOptions {
  seed: number
  timeScale: number
  behaviour?: Partial<DemoBehaviour>
  variant?: DemoVariant
  wsToken?: WsTokenMode
  faults?: DemoFaults
  speech?: DemoSpeechSynth
}

/** Key states that refuse every request, whatever the account allows. */
const KEY_REFUSALS: Partial<Record<KeyStatus, { code: string; message: string }>> = {
  suspended: {
    code: 'api_key_suspended',
    message: 'This API key is suspended. Reactivate it in the dashboard or use another key.',
  },
  expired: {
    code: 'api_key_expired',
    message: 'This API key has expired. Renew it in the dashboard or use another key.',
  },
}

function readKey(req: IncomingMessage): string | undefined {
  const auth = req.headers.authorization
  if (typeof auth === 'string') {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth)
    if (m) return m[1]
  }
  const apiKey = req.headers['x-api-key']
  return typeof apiKey === 'string' && apiKey.trim() !== '' ? apiKey.trim() : undefined
}

export function createServiceContext(opts: ContextOptions): DemoServiceContext {
  const clock = createClock(opts.timeScale)
  const startMs = clock.now()
  const directory = seedDirectory(opts.seed, startMs)
  const ledger = createLedger(createRng(opts.seed, 'ledger'))
  for (const account of directory.accounts) {
    const history = generateUsageHistory(createRng(opts.seed, `history:${account.label}`), {
      plan: account.plan,
      requestsPerDay: account.requestsPerDay,
      days: account.historyDays,
      nowMs: startMs,
    })
    ledger.seedRecords(account, history)
  }
  const runtimeRng = createRng(opts.seed, 'runtime')
  let baseUrl = ''

  function authenticate(req: IncomingMessage): AuthResult {
    const key = readKey(req)
    const found = key === undefined ? undefined : directory.byKey(key)
    if (!key || !found || found.record.status === 'revoked') {
      const message = !key
        ? 'No API key provided. Send it as "Authorization: Bearer <API_KEY>" or "X-API-Key".'
        : found?.record.status === 'revoked'
          ? 'This API key has been revoked.'
          : 'Invalid API key provided.'
      return {
        ok: false,
        status: 401,
        body: errorEnvelope('invalid_api_key', 'invalid_request_error', message),
      }
    }
    // A suspended or expired key is a real key its owner may bring back (unsuspend, renew), so it is a
    // refusal of permission (403) rather than an unknown key (401), the same on every API.
    const keyRefusal = KEY_REFUSALS[found.record.status]
    if (keyRefusal) {
      return {
        ok: false,
        status: 403,
        body: errorEnvelope(keyRefusal.code, 'permission_error', keyRefusal.message),
      }
    }
    const account = found.account
    if (account.kind === 'disabled') {
      return {
        ok: false,
        status: 403,
        body: errorEnvelope(
          'insufficient_permissions',
          'permission_error',
          'This account is disabled. Contact support.',
        ),
      }
    }
    if (account.kind === 'locked' && (account.lockedUntilMs ?? 0) > clock.now()) {
      const until = new Date(account.lockedUntilMs ?? 0).toISOString()
      return {
        ok: false,
        status: 403,
        body: errorEnvelope(
          'insufficient_permissions',
          'permission_error',
          `This account is in the 24-hour security lock after a two-factor reset, until ${until}.`,
        ),
      }
    }
    return { ok: true, account, key, atSpendLimit: found.record.status === 'at_limit' }
  }

  return {
    variant: opts.variant ?? 'default',
    ...(opts.wsToken ? { wsToken: opts.wsToken } : {}),
    clock,
    random: runtimeRng,
    accounts: directory.accounts,
    directory,
    authenticate,
    ledger,
    faults: opts.faults ?? createFaults(),
    speech: opts.speech ?? createSpeechSynth(),
    sendError,
    baseUrl: () => baseUrl,
    setBaseUrl: (url) => {
      baseUrl = url
    },
    behaviour: {
      modelNotFoundShape: 'envelope',
      audioStoreMaxBytes: AUDIO_STORE_MAX_BYTES,
      ...opts.behaviour,
    },
    seed: opts.seed,
  }
}

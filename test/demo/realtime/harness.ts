// A DemoContext built by hand around the realtime mount: in-memory accounts and ledger, a real clock
// with a time scale, and a speech stub that returns a tone as long as the text would take to say (or the
// real synthesizer, for tests that listen to the answer).
// The mount is served on a real node:http server on 127.0.0.1 port 0.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type {
  AccountKind,
  AuthResult,
  DemoAccount,
  DemoClock,
  DemoContext,
  DemoFaults,
  DemoLedger,
  PlanCode,
  SpeechSynth,
  UsageRecord,
} from '../../../main/demo/context'
import { mountRealtime, type RealtimeMount, type RealtimeOptions } from '../../../main/demo/realtime'
import { createFaults } from '../../../main/demo/control/faults'

export function makeClock(timeScale: number): DemoClock {
  const startEpoch = Date.now()
  const realStart = performance.now()
  return {
    timeScale,
    now: () => Math.floor(startEpoch + (performance.now() - realStart) * timeScale),
    setTimeout: (fn, serviceMs) => setTimeout(fn, Math.max(0, serviceMs / timeScale)),
    setInterval: (fn, serviceMs) => setInterval(fn, Math.max(1, serviceMs / timeScale)),
  }
}

interface AccountSpec {
  key: string
  plan: PlanCode
  realVND: number
  kind?: AccountKind
}

export const ACCOUNTS: AccountSpec[] = [
  { key: 'key-basic', plan: 'BASIC', realVND: 1_000_000 },
  { key: 'key-free', plan: 'FREE', realVND: 1_000_000 },
  { key: 'key-ultra', plan: 'ULTRA', realVND: 10_000_000 },
  { key: 'key-poor', plan: 'BASIC', realVND: 1_000 },
  { key: 'key-low', plan: 'BASIC', realVND: 3_000 },
  { key: 'key-disabled', plan: 'BASIC', realVND: 1_000_000, kind: 'disabled' },
]

export class FakeLedger implements DemoLedger {
  readonly records: (UsageRecord & { accountId: string })[] = []

  charge(account: DemoAccount, amountVND: number, record: Omit<UsageRecord, 'id'>) {
    const w = account.wallet
    if (amountVND > w.bonusVND + w.realVND)
      return { ok: false as const, reason: 'insufficient_balance' as const }
    const fromBonus = Math.min(w.bonusVND, amountVND)
    w.bonusVND -= fromBonus
    w.realVND -= amountVND - fromBonus
    this.records.push({ ...record, id: `rec_${this.records.length + 1}`, accountId: account.id })
    return { ok: true as const, balanceVND: this.balanceVND(account) }
  }

  balanceVND(account: DemoAccount): number {
    return account.wallet.bonusVND + account.wallet.realVND
  }
}

/** A 330 Hz tone, `msPerChar()` per character of text: long enough to behave like speech. */
export function toneSpeech(msPerChar: () => number, calls: { text: string; lang: string }[]) {
  return {
    async synthesize(text: string, opts: { lang: string; sampleRateHz: number }): Promise<Int16Array> {
      calls.push({ text, lang: opts.lang })
      const samples = Math.round((text.length * msPerChar() * opts.sampleRateHz) / 1000)
      const pcm = new Int16Array(samples)
      for (let i = 0; i < samples; i++)
        pcm[i] = Math.round(6000 * Math.sin((2 * Math.PI * 330 * i) / opts.sampleRateHz))
      return pcm
    },
  }
}

export interface HarnessOptions {
  timeScale?: number
  msPerChar?: number
  realtime?: RealtimeOptions
  /** Real speech instead of the tone, for tests that check what the client hears. */
  speech?: SpeechSynth
}

export interface Harness {
  baseUrl: string
  ctx: DemoContext
  mount: RealtimeMount
  ledger: FakeLedger
  faults: DemoFaults
  speechCalls: { text: string; lang: string }[]
  /** Changes how long the next replies are. */
  setMsPerChar(ms: number): void
  account(key: string): DemoAccount
  revoke(key: string): void
  close(): Promise<void>
}

export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const clock = makeClock(opts.timeScale ?? 1)
  const accounts = new Map<string, DemoAccount>()
  for (const [i, spec] of ACCOUNTS.entries()) {
    accounts.set(spec.key, {
      id: `acc_${i + 1}`,
      email: `${spec.key}@example.com`,
      name: spec.key,
      plan: spec.plan,
      planExpiresAt: '2099-01-01T00:00:00.000Z',
      kind: spec.kind ?? 'ordinary',
      wallet: { realVND: spec.realVND, bonusVND: 0 },
    })
  }
  const revoked = new Set<string>()
  const ledger = new FakeLedger()
  const faults: DemoFaults = createFaults()
  const speechCalls: { text: string; lang: string }[] = []
  let msPerChar = opts.msPerChar ?? 60
  let seed = 42
  let baseUrl = ''
  const envelope = (code: string, type: string, message: string, param: string | null = null) => ({
    error: { message, type, param, code, request_id: `req_${Math.random().toString(36).slice(2)}` },
  })

  const ctx: DemoContext = {
    clock,
    random: () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
      return seed / 2_147_483_648
    },
    accounts: [...accounts.values()],
    authenticate(req: IncomingMessage): AuthResult {
      const auth = req.headers.authorization
      const key =
        typeof auth === 'string' && auth.startsWith('Bearer ') ? auth.slice(7) : req.headers['x-api-key']
      const account = typeof key === 'string' && !revoked.has(key) ? accounts.get(key) : undefined
      if (!account)
        return { ok: false, status: 401, body: envelope('invalid_api_key', '', 'Invalid API key.') }
      if (account.kind === 'disabled' || account.kind === 'locked') {
        return {
          ok: false,
          status: 403,
          body: envelope('insufficient_permissions', 'permission_error', 'Disabled.'),
        }
      }
      return { ok: true, account, key: key as string }
    },
    ledger,
    faults,
    speech: opts.speech ?? toneSpeech(() => msPerChar, speechCalls),
    sendError(res, status, code, type, message, param = null, headers = {}) {
      const json = JSON.stringify(envelope(code, type, message, param))
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers })
      res.end(json)
    },
    baseUrl: () => baseUrl,
  }

  const mount = mountRealtime(ctx, opts.realtime)
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', baseUrl)
    void Promise.resolve(mount.handleRequest(req, res, url)).then((handled) => {
      if (!handled) ctx.sendError(res, 404, 'not_found', 'invalid_request_error', 'No such route.')
    })
  })
  server.on('upgrade', (req, socket, head) => {
    if (!mount.handleUpgrade(req, socket, head)) socket.destroy()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    baseUrl,
    ctx,
    mount,
    ledger,
    faults,
    speechCalls,
    setMsPerChar: (ms) => {
      msPerChar = ms
    },
    account: (key) => {
      const a = accounts.get(key)
      if (!a) throw new Error(`no account for ${key}`)
      return a
    },
    revoke: (key) => revoked.add(key),
    async close() {
      mount.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

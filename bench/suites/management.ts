// Management client: (a) requests an idle tray spends per minute, beside a poller without cache;
// (b) time from opening the popup to the balance painted from the cache on disk, beside a fresh fetch.
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { AccountService, createAccountService } from '../../main/api/management/account-service'
import { RequestBudget } from '../../main/api/management/budget'
import { ManagementCache } from '../../main/api/management/cache'
import { CacheFile } from '../../main/api/management/cache-file'
import { ManagementClient, type ManagementTransport } from '../../main/api/management/client'
import { ManualClock } from '../../main/api/management/clock'
import { managementRequests as req, type ManagementRequest } from '../../main/api/management/requests'
import { gatewayJson, type GatewayEndpoint } from '../../main/api/http'
import { startDemoServer } from '../../main/demo/server'
import { meetsGoal, significant } from '../goal'
import type { Figure, SuiteReport } from '../types'

const IDLE_MINUTES = 10
const REFRESH_INTERVAL_MS = 60_000
const PAINT_RUNS = 15
const IDLE_GOAL = '<=6'
const PAINT_GOAL = '<100'

/** What the tray popup shows: the parts a naive poller would fetch every minute. */
const POPUP_REQUESTS: ManagementRequest<unknown>[] = [
  req.me(),
  req.quota(),
  req.savings(),
  req.usageDaily(7),
  req.usageStats(),
]

/** Everything the app would have cached after a session: the popup, the usage view, the catalog. */
const SESSION_REQUESTS: ManagementRequest<unknown>[] = [
  ...POPUP_REQUESTS,
  req.usage(200),
  req.usageModels(),
  req.models(),
  req.textModels(),
  req.imageModels(),
  req.videoModels(),
  req.embeddingModels(),
]

export async function run(): Promise<SuiteReport> {
  const demo = await startDemoServer({ port: 0, seed: 1, mounts: [] })
  const endpoint = { baseUrl: demo.baseUrl, key: demo.keys.ordinary }
  const dirs: string[] = []
  try {
    const bodies = await recordBodies(endpoint)
    const idle = await idleTray(bodies)
    const paint = await paintFromCache(endpoint, bodies, dirs)
    return {
      suite: 'management',
      method: {
        idle:
          `${IDLE_MINUTES} simulated minutes, popup closed, refresh every ${REFRESH_INTERVAL_MS / 1000} s; ` +
          'answers replayed from bodies the demo service returned. Reference: every popup endpoint ' +
          'fetched each minute without a cache.',
        paint:
          `Median of ${PAINT_RUNS} runs: open the cache file (${SESSION_REQUESTS.length} endpoints cached) ` +
          'and read the balance from the glance. Reference: GET /me from the demo service on loopback ' +
          'and parse it.',
      },
      results: [idle, paint],
    }
  } finally {
    await demo.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
}

async function recordBodies(endpoint: GatewayEndpoint): Promise<Map<string, unknown>> {
  const bodies = new Map<string, unknown>()
  for (const request of SESSION_REQUESTS) {
    bodies.set(request.path, await gatewayJson(endpoint, request.path, { query: request.query }))
  }
  return bodies
}

function replay(bodies: Map<string, unknown>, counter: { requests: number }): ManagementTransport {
  return async (path) => {
    counter.requests++
    return structuredClone(bodies.get(path))
  }
}

async function idleTray(bodies: Map<string, unknown>): Promise<Figure> {
  const ours = { requests: 0 }
  {
    const clock = new ManualClock(Date.now())
    const client = new ManagementClient({
      endpoint: { baseUrl: 'https://gateway.invalid', key: 'sk-bench-idle' },
      budget: new RequestBudget({ clock }),
      transport: replay(bodies, ours),
      clock,
    })
    const dir = mkdtempSync(join(tmpdir(), 'loa-bench-'))
    const file = await CacheFile.open({ dir, clock })
    const service = new AccountService({
      cache: new ManagementCache({ client, file, clock }),
      clock,
      refreshIntervalMs: REFRESH_INTERVAL_MS,
    })
    service.start()
    await clock.advance(IDLE_MINUTES * 60_000 - 1)
    service.dispose()
    await file.flush()
    rmSync(dir, { recursive: true, force: true })
  }

  const naive = { requests: 0 }
  {
    const clock = new ManualClock(Date.now())
    const client = new ManagementClient({
      endpoint: { baseUrl: 'https://gateway.invalid', key: 'sk-bench-naive' },
      budget: new RequestBudget({ clock }),
      transport: replay(bodies, naive),
      clock,
    })
    const poll = () => {
      for (const request of POPUP_REQUESTS) void client.send(request, { priority: 'background' })
      clock.setTimeout(poll, REFRESH_INTERVAL_MS)
    }
    poll()
    await clock.advance(IDLE_MINUTES * 60_000 - 1)
  }

  const oursPerMinute = ours.requests / IDLE_MINUTES
  return {
    metric: 'idle tray requests per minute',
    goal: IDLE_GOAL,
    ours: significant(oursPerMinute),
    met: meetsGoal(IDLE_GOAL, oursPerMinute),
    reference: { pollEveryEndpointNoCache: significant(naive.requests / IDLE_MINUTES) },
    unit: 'requests/min',
    budgetShare: `${significant((oursPerMinute / 60) * 100, 3)}% of 60/min`,
  }
}

async function paintFromCache(
  endpoint: GatewayEndpoint,
  bodies: Map<string, unknown>,
  dirs: string[],
): Promise<Figure> {
  const dir = mkdtempSync(join(tmpdir(), 'loa-bench-'))
  dirs.push(dir)
  const seed = await CacheFile.open({ dir })
  const hash = new ManagementClient({ endpoint }).keyHash
  for (const request of SESSION_REQUESTS)
    seed.set(hash, request.id, { fetchedAtMs: Date.now(), body: bodies.get(request.path) })
  await seed.flush()

  const ours: number[] = []
  for (let i = 0; i < PAINT_RUNS; i++) {
    const started = performance.now()
    const file = await CacheFile.open({ dir })
    const service = createAccountService({ endpoint, file })
    const balance = service.glance().me.value?.balance.totalVND
    ours.push(performance.now() - started)
    service.dispose()
    if (typeof balance !== 'number') throw new Error('The cache did not paint a balance.')
  }

  const fetched: number[] = []
  const me = req.me()
  for (let i = 0; i < PAINT_RUNS; i++) {
    const started = performance.now()
    const balance = me.parse(await gatewayJson(endpoint, me.path)).balance.totalVND
    fetched.push(performance.now() - started)
    if (typeof balance !== 'number') throw new Error('The service did not return a balance.')
  }

  const oursMs = median(ours)
  return {
    metric: 'popup open to balance painted',
    goal: PAINT_GOAL,
    ours: significant(oursMs),
    met: meetsGoal(PAINT_GOAL, oursMs),
    reference: { freshFetchLoopbackDemo: significant(median(fetched)) },
    unit: 'ms',
    oursMaxMs: significant(Math.max(...ours)),
    cacheFileBytes: statSync(seed.path).size,
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}

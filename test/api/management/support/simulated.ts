// A management client on simulated time with an in-process transport: answers scripted per path, every
// call recorded. For the cache, the facade and the refresh policy, where real sockets add nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { GatewayError } from '../../../../main/api/gateway-error'
import { RequestBudget } from '../../../../main/api/management/budget'
import { CacheFile } from '../../../../main/api/management/cache-file'
import { ManagementCache } from '../../../../main/api/management/cache'
import { ManagementClient } from '../../../../main/api/management/client'
import { ManualClock } from '../../../../main/api/management/clock'
import { dailyBody, catalogBody, meBody, quotaBody, savingsBody, statsBody, textModelsBody } from './fixtures'

export const START_MS = Date.parse('2026-09-01T08:00:00.000Z')

export type Answer = unknown | (() => unknown)

export const DEFAULT_ANSWERS: Record<string, Answer> = {
  '/v1/management/me': meBody,
  '/v1/management/cliproxy-quota': quotaBody,
  '/v1/management/savings': savingsBody,
  '/v1/management/usage/daily': dailyBody,
  '/v1/management/usage/stats': statsBody,
  '/v1/management/models': catalogBody,
  '/v1/management/models/text': textModelsBody,
}

export function refusal(status: number, kind: GatewayError['kind'] = 'forbidden'): () => never {
  return () => {
    throw new GatewayError(kind, `refused with ${status}`, {
      status,
      code: 'insufficient_permissions',
      requestId: 'r',
    })
  }
}

const tempDirs: string[] = []

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'loa-mgmt-'))
  tempDirs.push(dir)
  return dir
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true })
}

export interface Simulation {
  clock: ManualClock
  client: ManagementClient
  cache: ManagementCache
  file: CacheFile
  calls: string[]
  answers: Record<string, Answer>
}

export async function simulate(
  opts: { dir?: string; key?: string; clock?: ManualClock; answers?: Record<string, Answer> } = {},
): Promise<Simulation> {
  const clock = opts.clock ?? new ManualClock(START_MS)
  const answers = { ...DEFAULT_ANSWERS, ...opts.answers }
  const calls: string[] = []
  const client = new ManagementClient({
    endpoint: { baseUrl: 'https://gateway.invalid', key: opts.key ?? 'sk-live-abcdefghijklmnop' },
    budget: new RequestBudget({ clock }),
    clock,
    transport: async (path, query) => {
      calls.push(
        query
          ? `${path}?${Object.entries(query)
              .map(([k, v]) => `${k}=${v}`)
              .join('&')}`
          : path,
      )
      const answer = answers[path]
      if (answer === undefined) throw new GatewayError('not_found', 'no such path', noDetails(404))
      return structuredClone(typeof answer === 'function' ? (answer as () => unknown)() : answer)
    },
  })
  const file = await CacheFile.open({ dir: opts.dir ?? tempDir(), clock })
  const cache = new ManagementCache({ client, file, clock })
  return { clock, client, cache, file, calls, answers }
}

function noDetails(status: number) {
  return { status, code: null, requestId: null }
}

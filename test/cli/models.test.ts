// `loa models` as a real process against the demo service: the summary's counts, every kind's prices in
// USD and VND (the catalog's own VND where it gives one), one model's detail, and the exit codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { managementRequests } from '../../main/api/management/index'
import { vndPerUsd } from '../../main/api/management/vnd-rate'
import type {
  EmbeddingModelList,
  ImageModelList,
  ModelCatalog,
  TextModelList,
  VideoModelList,
} from '../../main/api/management/index'
import { VND_PER_USD } from '../../main/demo/billing/money'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import {
  assertNoKey,
  cells,
  fetchManagement,
  lineStarting,
  loa,
  loaWith,
  tableRows,
  viGroup,
  vnd,
} from './loa-process'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})

afterAll(async () => {
  await demo.close()
})

const usd = (n: number | null) =>
  n === null ? '—' : `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 4 })}`
const pct = (n: number) => `${String(n).replace('.', ',')}%`

describe('loa models (process)', () => {
  it('lists every model with the counts per kind', async () => {
    const run = await loaWith(demo, 'ordinary', ['models'])
    const catalog = await fetchManagement<ModelCatalog>(demo, '/models')
    expect(run.code).toBe(EXIT.ok)
    const { counts } = catalog
    expect(run.stdout).toContain(
      `text ${counts.text}, image ${counts.image}, video ${counts.video}, embedding ${counts.embedding}`,
    )
    const rows = tableRows(run.stdout).map(cells)
    expect(rows.map((r) => r[1])).toEqual(catalog.data.map((m) => m.model_id))
    expect(rows.find((r) => r[1] === 'veo-3')?.[0]).toBe('video')
    assertNoKey(demo, run)
  })

  it('prices text models per 1M tokens in USD and in VND for the caller’s plan', async () => {
    const run = await loaWith(demo, 'ordinary', ['models', 'text'])
    const list = await fetchManagement<TextModelList>(demo, '/models/text')
    expect(run.code).toBe(EXIT.ok)
    // The demo converts at VND_PER_USD and applies the plan's discount; the CLI must arrive at the same dong.
    const planVnd = (n: number | null, discount: number) =>
      n === null ? '—' : vnd(Math.round(n * VND_PER_USD * (1 - discount / 100)))
    const rows = tableRows(run.stdout).map(cells)
    expect(rows).toHaveLength(list.data.length)
    list.data.forEach((m, i) => {
      const p = m.pricing
      const d = m.discount.percent
      expect(rows[i]).toEqual([
        m.model_id,
        viGroup(m.context_window),
        pct(d),
        usd(p.input),
        usd(p.output),
        usd(p.cache_read),
        usd(p.reasoning),
        planVnd(p.input, d),
        planVnd(p.output, d),
        planVnd(p.cache_read, d),
        planVnd(p.reasoning, d),
      ])
    })
    expect(run.stdout).toContain(`at ${vnd(VND_PER_USD)}/USD, the rate of the service's own VND prices.`)
  })

  it('prints image prices per entry with the catalog’s own VND', async () => {
    const run = await loaWith(demo, 'ordinary', ['models', 'image'])
    const list = await fetchManagement<ImageModelList>(demo, '/models/image')
    expect(run.code).toBe(EXIT.ok)
    const expected = list.data.flatMap((m) =>
      (
        [
          ['generation', m.pricing.generation],
          ['editing', m.pricing.editing ?? []],
        ] as const
      ).flatMap(([use, entries]) =>
        entries.map((e) => {
          const option =
            'quality' in e ? [e.quality, e.size] : ['—', (e as { resolution: string }).resolution]
          return [m.model_id, use, ...option, pct(m.discount.percent), usd(e.priceUSD), vnd(e.discountedVND)]
        }),
      ),
    )
    expect(tableRows(run.stdout).map(cells)).toEqual(expected)
  })

  it('prints video prices per second for every pricing shape', async () => {
    const run = await loaWith(demo, 'ordinary', ['models', 'video'])
    const list = await fetchManagement<VideoModelList>(demo, '/models/video')
    expect(run.code).toBe(EXIT.ok)
    const rows = tableRows(run.stdout).map(cells)
    const shapes = new Set<string>()
    for (const m of list.data) {
      const mine = rows.filter((r) => r[0] === m.model_id)
      const p = m.pricing as Record<string, unknown>
      if ('flat' in p) {
        shapes.add('flat')
        const flat = p.flat as { costPerSecondUSD: number; discounted_8s_VND: number }
        expect(mine).toEqual([
          [
            m.model_id,
            'all',
            'all',
            usd(flat.costPerSecondUSD),
            expect.any(String),
            vnd(flat.discounted_8s_VND),
          ],
        ])
        continue
      }
      const perResolution = p.per_resolution as Array<Record<string, unknown>>
      for (const r of perResolution) {
        if ('by_input_type' in r) {
          shapes.add('by_input_type')
          for (const [input, price] of Object.entries(
            r.by_input_type as Record<string, { costPerSecondUSD: number; example_8s_USD: number }>,
          )) {
            // No VND in the catalog and no discount listed: converted at the catalog's rate, and marked.
            expect(mine).toContainEqual([
              m.model_id,
              r.resolution,
              input,
              usd(price.costPerSecondUSD),
              usd(price.example_8s_USD),
              `${vnd(Math.round(price.example_8s_USD * VND_PER_USD))}*`,
            ])
          }
        } else {
          shapes.add('per_resolution')
          expect(mine).toContainEqual([
            m.model_id,
            r.resolution,
            'all',
            usd(r.costPerSecondUSD as number),
            usd(r.example_8s_USD as number),
            vnd(r.discounted_8s_VND as number),
          ])
        }
      }
    }
    expect([...shapes].sort()).toEqual(['by_input_type', 'flat', 'per_resolution'])
    expect(run.stdout).toContain('* converted at')
  })

  it('prints embedding prices per 1M tokens with the free quota', async () => {
    const run = await loaWith(demo, 'ordinary', ['models', 'embedding'])
    const list = await fetchManagement<EmbeddingModelList>(demo, '/models/embedding')
    expect(run.code).toBe(EXIT.ok)
    expect(tableRows(run.stdout).map(cells)).toEqual(
      list.data.map((m) => [
        m.model_id,
        viGroup(m.dimensions),
        viGroup(m.max_input_tokens),
        m.free_quota.per_day > 0 ? viGroup(m.free_quota.per_day) : '—',
        pct(m.discount.percent),
        usd(m.pricing.input),
        vnd(m.pricing.discountedVND_per_1M),
      ]),
    )
  })

  it('prints the parsed lists with --json', async () => {
    const runs = await Promise.all(
      (['text', 'image', 'video', 'embedding'] as const).map((kind) =>
        loaWith(demo, 'ordinary', ['models', kind, '--json']),
      ),
    )
    const requests = [
      managementRequests.textModels(),
      managementRequests.imageModels(),
      managementRequests.videoModels(),
      managementRequests.embeddingModels(),
    ]
    for (const [i, run] of runs.entries()) {
      const request = requests[i]!
      expect(run.code).toBe(EXIT.ok)
      const body = await fetchManagement(demo, request.path.replace('/v1/management', ''))
      expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(request.parse(body))))
    }
  })

  it('shows one model in detail, an id with a slash included', async () => {
    const [gpt, qwen, json] = await Promise.all([
      loaWith(demo, 'ordinary', ['models', 'gpt-4.1']),
      loaWith(demo, 'ordinary', ['models', 'qwen/qwen3-235b-a22b']),
      loaWith(demo, 'ordinary', ['models', 'veo-3', '--json']),
    ])
    const text = await fetchManagement<TextModelList>(demo, '/models/text')
    const model = text.data.find((m) => m.model_id === 'gpt-4.1')!
    expect(gpt.code).toBe(EXIT.ok)
    expect(lineStarting(gpt.stdout, 'Name')).toContain(model.name)
    expect(lineStarting(gpt.stdout, 'Context window')).toContain(viGroup(model.context_window))
    const d = model.discount.percent
    expect(cells(lineStarting(gpt.stdout, 'Input'))).toEqual([
      'Input',
      usd(model.pricing.input),
      vnd(Math.round(model.pricing.input * VND_PER_USD * (1 - d / 100))),
    ])
    expect(cells(lineStarting(gpt.stdout, 'Cache write'))).toEqual(['Cache write', '—', '—'])
    expect(qwen.code).toBe(EXIT.ok)
    expect(lineStarting(qwen.stdout, 'Model')).toContain('qwen/qwen3-235b-a22b')
    expect(json.code).toBe(EXIT.ok)
    const detail = JSON.parse(json.stdout) as { kind: string; model: { model_id: string } }
    expect(detail.kind).toBe('video')
    expect(detail.model.model_id).toBe('veo-3')
  })

  it('exits 1 for an unknown model, 2 for two arguments', async () => {
    const [unknown, two] = await Promise.all([
      loaWith(demo, 'ordinary', ['models', 'no-such-model']),
      loaWith(demo, 'ordinary', ['models', 'text', 'image']),
    ])
    expect(unknown.code).toBe(EXIT.failure)
    expect(unknown.stderr).toMatch(
      /^loa models: no model named 'no-such-model' \(HTTP 404, request \S+\)\.\nhint: check the model id \('loa models'/,
    )
    expect(two.code).toBe(EXIT.usage)
  })

  it('works for a reseller key (the catalog is open to every key); a revoked key exits 3', async () => {
    const [reseller, revoked] = await Promise.all([
      loaWith(demo, 'reseller', ['models', 'embedding']),
      loaWith(demo, 'revoked', ['models']),
    ])
    expect(reseller.code).toBe(EXIT.ok)
    expect(tableRows(reseller.stdout).length).toBeGreaterThan(0)
    expect(revoked.code).toBe(EXIT.auth)
    assertNoKey(demo, reseller, revoked)
  })

  it('exits 4 when rate-limited and 5 when the gateway is down', async () => {
    demo.faults.rateLimitBurst = { count: 10, retryAfterSec: 1 }
    try {
      const limited = await loaWith(demo, 'ordinary', ['models'])
      expect(limited.code).toBe(EXIT.rateLimited)
      expect(limited.stderr).toContain('wait 1 s, then try again')
    } finally {
      demo.faults.rateLimitBurst = null
    }
    const down = await startDemoServer({ seed: 1 })
    const { baseUrl } = down
    await down.close()
    const network = await loa(['models'], { LOA_BASE_URL: baseUrl, LOA_API_KEY: demo.keys.ordinary })
    expect(network.code).toBe(EXIT.network)
  })
})

describe('the demo’s rate', () => {
  it('is found from its embedding and image prices, as the service’s own', async () => {
    const [embedding, image] = await Promise.all([
      fetchManagement<EmbeddingModelList>(demo, '/models/embedding'),
      fetchManagement<ImageModelList>(demo, '/models/image'),
    ])
    const service = { rate: VND_PER_USD, source: 'service' }
    expect(vndPerUsd({ embedding })).toEqual(service)
    expect(vndPerUsd({ image: managementRequests.imageModels().parse(image) })).toEqual(service)
  })
})

// The management and TTS response parsers against answers the service might give on a bad day: the demo
// service's real answers with a field removed or given a value of any type, and JSON of any shape.
// Each parse gives typed data or one GatewayError of kind `protocol` naming where it went wrong; no
// other exception escapes, and what parses can be shown (the TTS model info is built without throwing).
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { GatewayError } from '../../main/api/gateway-error'
import { parseBody } from '../../main/api/management/parse'
import { MANAGEMENT_PREFIX } from '../../main/api/management/requests'
import {
  accountSchema,
  dailyUsageSchema,
  modelUsageSchema,
  usagePageSchema,
  usageStatsSchema,
} from '../../main/api/management/schemas/account'
import {
  embeddingModelListSchema,
  imageModelListSchema,
  modelCatalogSchema,
  textModelListSchema,
  videoModelListSchema,
} from '../../main/api/management/schemas/catalog'
import { parseModelDetail } from '../../main/api/management/schemas/model-detail'
import { pooledQuotaSchema, savingsSchema } from '../../main/api/management/schemas/pools'
import { modelInfoOf } from '../../main/api/tts/model-info'
import { ttsModelListSchema, ttsVoiceListSchema } from '../../main/api/tts/tts-schemas'
import { startDemoServer, type DemoServer } from '../../main/demo/server'

type Json = ReturnType<typeof JSON.parse>

const ENDPOINTS: Array<[string, (body: unknown, path: string) => unknown]> = [
  [`${MANAGEMENT_PREFIX}/me`, schemaParser(accountSchema)],
  [`${MANAGEMENT_PREFIX}/usage?limit=20`, schemaParser(usagePageSchema)],
  [`${MANAGEMENT_PREFIX}/usage/daily`, schemaParser(dailyUsageSchema)],
  [`${MANAGEMENT_PREFIX}/usage/models`, schemaParser(modelUsageSchema)],
  [`${MANAGEMENT_PREFIX}/usage/stats`, schemaParser(usageStatsSchema)],
  [`${MANAGEMENT_PREFIX}/cliproxy-quota`, schemaParser(pooledQuotaSchema)],
  [`${MANAGEMENT_PREFIX}/savings`, schemaParser(savingsSchema)],
  [`${MANAGEMENT_PREFIX}/models`, schemaParser(modelCatalogSchema)],
  [`${MANAGEMENT_PREFIX}/models/text`, schemaParser(textModelListSchema)],
  [`${MANAGEMENT_PREFIX}/models/image`, schemaParser(imageModelListSchema)],
  [`${MANAGEMENT_PREFIX}/models/video`, schemaParser(videoModelListSchema)],
  [`${MANAGEMENT_PREFIX}/models/embedding`, schemaParser(embeddingModelListSchema)],
  ['/v1/models/tts', (body, path) => {
    const models = parseBody(ttsModelListSchema, body, path)
    for (const m of models) modelInfoOf(m)
    return models
  }],
  ['/v1/audio/voices', schemaParser(ttsVoiceListSchema)],
] // prettier-ignore

function schemaParser<S extends z.ZodType>(schema: S) {
  return (body: unknown, path: string) => parseBody(schema, body, path)
}

const DELETE = Symbol('delete')

/** Every path to a value inside `body`. */
function pathsOf(body: Json, at: Array<string | number> = []): Array<Array<string | number>> {
  const out = [at]
  if (Array.isArray(body)) body.forEach((v, i) => out.push(...pathsOf(v, [...at, i])))
  else if (typeof body === 'object' && body !== null)
    for (const [k, v] of Object.entries(body)) out.push(...pathsOf(v, [...at, k]))
  return out
}

/** `body` with the value at `path` replaced, or removed. */
function mutate(body: Json, path: Array<string | number>, value: unknown): Json {
  if (path.length === 0) return value === DELETE ? undefined : value
  const copy = structuredClone(body)
  let parent = copy
  for (const key of path.slice(0, -1)) parent = parent[key]
  const last = path.at(-1) as string | number
  if (value === DELETE) {
    if (Array.isArray(parent)) parent.splice(last as number, 1)
    else delete parent[last]
  } else parent[last] = value
  return copy
}

/** The value a field gets: another type, an edge of its own type, or nothing at all. */
const replacement = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(DELETE, null, '', -1, 0, 1e308, -0, 'NaN', [], {}, '2026-13-45', 'FREE', 'unknown-plan'),
  fc.double(),
)

let demo: DemoServer
const answers = new Map<string, Json>()
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 3, mounts: [] })
  for (const [path] of ENDPOINTS) {
    const res = await fetch(demo.baseUrl + path, {
      headers: { Authorization: `Bearer ${demo.keys.ordinary}` },
    })
    if (res.ok) answers.set(path, await res.json())
  }
})
afterAll(() => demo.close())

/** Runs `parse`; true when it parsed, false for a protocol error; anything else fails the test. */
function parsesOrProtocolError(parse: () => unknown): boolean {
  try {
    parse()
    return true
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).kind).toBe('protocol')
    expect((err as GatewayError).message).toMatch(/^The service's answer to /)
    return false
  }
}

describe.each(ENDPOINTS)('the parser of %s', (path, parse) => {
  it("reads the demo service's own answer", () => {
    const body = answers.get(path)
    expect(body, `the demo answered ${path}`).toBeDefined()
    expect(parsesOrProtocolError(() => parse(body, path))).toBe(true)
  })

  it('gives data or a protocol error for the answer with any field changed or removed', () => {
    const body = answers.get(path)
    const paths = pathsOf(body)
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(), replacement), { minLength: 1, maxLength: 3 }), (changes) => {
        let changed = body
        for (const [n, value] of changes) {
          const all = pathsOf(changed)
          changed = mutate(changed, all[n % all.length] ?? [], value)
        }
        parsesOrProtocolError(() => parse(changed, path))
      }),
      { numRuns: Math.min(600, 40 * paths.length) },
    )
  })

  it('gives data or a protocol error for JSON of any shape', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (body) => void parsesOrProtocolError(() => parse(body, path))),
      { numRuns: 150 },
    )
  })
})

describe('the model detail parser', () => {
  it('gives data or a protocol error for any model of any kind, changed anywhere', () => {
    const models = ['text', 'image', 'video', 'embedding'].flatMap(
      (kind) => (answers.get(`${MANAGEMENT_PREFIX}/models/${kind}`)?.data ?? []) as Json[],
    )
    expect(models.length).toBeGreaterThan(0)
    fc.assert(
      fc.property(fc.constantFrom(...models), fc.nat(), replacement, (model, n, value) => {
        const all = pathsOf(model)
        const changed = mutate(model, all[n % all.length] ?? [], value)
        parsesOrProtocolError(() => parseModelDetail(changed, '/models/x'))
      }),
      { numRuns: 600 },
    )
  })
})

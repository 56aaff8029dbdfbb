// Property tests: whatever JSON the service sends, a parser either returns data or throws one
// GatewayError of kind `protocol` naming a field; nothing else ever escapes.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { ENDPOINT_FIXTURES } from './support/fixtures'

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Path = (string | number)[]

const awkwardKey = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'data', 'pricing', 'shape', 'kind', 'type'),
)
const jsonValue: fc.Arbitrary<Json> = fc.letrec<{ value: Json }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.string({ maxLength: 12 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(awkwardKey, tie('value'), { maxKeys: 4 }),
  ),
})).value

/** Every path in a JSON value, the root included. */
function paths(value: Json, prefix: Path = []): Path[] {
  const out: Path[] = [prefix]
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...paths(v, [...prefix, i])))
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]))
  return out
}

function objectPaths(value: Json): Path[] {
  return paths(value).filter((p) => {
    const node = at(value, p)
    return node !== null && typeof node === 'object' && !Array.isArray(node)
  })
}

function at(value: Json, path: Path): Json {
  let node: Json = value
  for (const key of path) node = (node as Record<string | number, Json>)[key] as Json
  return node
}

type Mutation =
  { kind: 'replace'; with: Json } | { kind: 'delete' } | { kind: 'add'; key: string; value: Json }

function mutate(original: Json, path: Path, mutation: Mutation): Json {
  const copy = JSON.parse(JSON.stringify(original)) as Json
  if (mutation.kind === 'add') {
    const node = at(copy, path)
    if (node !== null && typeof node === 'object' && !Array.isArray(node))
      Object.defineProperty(node, mutation.key, { value: mutation.value, enumerable: true, writable: true })
  } else if (path.length === 0) {
    return mutation.kind === 'replace' ? mutation.with : null
  } else {
    const parent = at(copy, path.slice(0, -1)) as Record<string | number, Json>
    const last = path[path.length - 1] as string | number
    if (mutation.kind === 'replace') parent[last] = mutation.with
    else if (Array.isArray(parent)) parent.splice(last as number, 1)
    else delete parent[last]
  }
  // Round-trip through text, as a body arrives: a `__proto__` key becomes an ordinary own key.
  return JSON.parse(JSON.stringify(copy)) as Json
}

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  jsonValue.map((v) => ({ kind: 'replace' as const, with: v })),
  fc.constant({ kind: 'delete' as const }),
  fc.tuple(awkwardKey, jsonValue).map(([key, value]) => ({ kind: 'add' as const, key, value })),
)

/** Parses and returns what came out: data, or the protocol error. Any other throw fails the property. */
function outcome(
  parse: (body: unknown) => unknown,
  body: unknown,
): { ok: true } | { ok: false; field: string } {
  try {
    parse(body)
    return { ok: true }
  } catch (err) {
    if (!(err instanceof GatewayError) || err.kind !== 'protocol') throw err
    expect(typeof err.field).toBe('string')
    expect(err.field).not.toBe('')
    expect(err.message).toContain(err.field as string)
    return { ok: false, field: err.field as string }
  }
}

const RUNS = 150

describe.each(ENDPOINT_FIXTURES)('parser of $name', ({ name, request, body }) => {
  const fixture = body as Json

  it('turns random JSON into data or a protocol error, nothing else', () => {
    fc.assert(
      fc.property(jsonValue, (random) => void outcome(request.parse, random)),
      { numRuns: RUNS },
    )
  })

  it('turns a mutated valid body into data or a protocol error naming a field', () => {
    const all = paths(fixture)
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        mutation,
        (path, m) => void outcome(request.parse, mutate(fixture, path, m)),
      ),
      { numRuns: RUNS },
    )
  })

  it('keeps an unknown field added to any object outside a keyed map', () => {
    // `by_input_type` maps input types to prices, so a new key there must hold a price.
    const targets = objectPaths(fixture).filter((p) => p[p.length - 1] !== 'by_input_type')
    const freshKey = fc.string({ minLength: 1, maxLength: 8 }).map((k) => `x_${k}`)
    // `/models/:model_id` wraps the model as `{ kind, model }`; every other parser mirrors the body.
    const mirror = (parsed: unknown) =>
      (name.startsWith('model(') ? (parsed as { model: Json }).model : parsed) as Json
    fc.assert(
      fc.property(fc.constantFrom(...targets), freshKey, jsonValue, (path, key, value) => {
        const body = mutate(fixture, path, { kind: 'add', key, value })
        const parsed = mirror(request.parse(body))
        expect((at(parsed, path) as Record<string, Json>)[key]).toEqual(at(body, [...path, key]))
      }),
      { numRuns: RUNS },
    )
  })
})

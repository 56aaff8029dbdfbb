// Turns a response body into typed data, or into one GatewayError of kind `protocol` naming the field that
// did not match (`balance.totalVND`, `data[3].pricing.input`), so a surprise in the service's answer reaches
// the UI as a message it can show rather than as an exception from deep inside a view.
import type { z } from 'zod'
import { GatewayError } from '../gateway-error'

type Issue = z.core.$ZodIssue
type PathKey = PropertyKey

export function parseBody<S extends z.ZodType>(schema: S, body: unknown, path: string): z.output<S> {
  let result: ReturnType<S['safeParse']>
  try {
    result = schema.safeParse(body) as ReturnType<S['safeParse']>
  } catch (cause) {
    throw protocolError(path, '(body)', 'could not be read', cause)
  }
  if (result.success) return result.data as z.output<S>
  const { issue, at } = mostTellingIssue(result.error.issues, [])
  return failWith(path, at, issue)
}

/** Builds the protocol error for a field by hand, for checks made outside a schema. */
export function protocolError(path: string, field: string, reason: string, cause?: unknown): GatewayError {
  return new GatewayError(
    'protocol',
    `The service's answer to ${path} has an unexpected ${field}: ${reason}.`,
    { status: null, code: null, requestId: null },
    cause === undefined ? { field } : { field, cause },
  )
}

export function formatPath(path: readonly PathKey[]): string {
  let out = ''
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`
    else out += out === '' ? String(key) : `.${String(key)}`
  }
  return out === '' ? '(body)' : out
}

function failWith(path: string, at: PathKey[], issue: Issue): never {
  throw protocolError(path, formatPath(at), describe(issue))
}

/**
 * For a union that matched no branch, the branch that came closest (fewest issues, then deepest) says
 * what was really wrong: "priceUSD expected number" beats "no union branch matched".
 */
function mostTellingIssue(issues: readonly Issue[], prefix: PathKey[]): { issue: Issue; at: PathKey[] } {
  const first = issues[0] as Issue
  const at = [...prefix, ...first.path]
  if (first.code !== 'invalid_union' || first.errors.length === 0) return { issue: first, at }
  const branches = first.errors.filter((b) => b.length > 0)
  if (branches.length === 0) return { issue: first, at }
  const best = branches.reduce((a, b) =>
    b.length < a.length || (b.length === a.length && depth(b) > depth(a)) ? b : a,
  )
  return mostTellingIssue(best, at)
}

function depth(issues: readonly Issue[]): number {
  return Math.max(...issues.map((i) => i.path.length))
}

function describe(issue: Issue): string {
  return issue.message.replace(/^Invalid input: /, '')
}

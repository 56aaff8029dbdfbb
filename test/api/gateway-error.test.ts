// What a refusal means to the user, whoever sends it: a short wallet is "top up" whether it comes as 402
// or as a 400 `insufficient_balance` (tts-api.md "Errors"), never "invalid data"; the edge layer's 1010
// block (management-api.md "Authentication" 3) is recognised in JSON, HTML and plain text; and the
// service's request id reaches the UI with the code, also when main put the refusal into other words.
import { afterEach, describe, expect, it } from 'vitest'
import { GatewayError, readRefusal } from '../../main/api/gateway-error'
import { gatewayJson } from '../../main/api/http'
import { ManagementClient } from '../../main/api/management/client'
import { TtsClient } from '../../main/api/tts/tts-client'
import { validateKey } from '../../main/connection/validate-key'
import { AppError, toIpcError } from '../../main/errors'
import { envelope, startStubGateway, type Reply } from '../support/stub-gateway'

let stop: (() => Promise<void>) | null = null
afterEach(async () => {
  await stop?.()
  stop = null
})

async function gateway(route: (path: string) => Reply) {
  const g = await startStubGateway(route)
  stop = g.close
  return { ...g, endpoint: { baseUrl: g.baseUrl, key: 'sk-test-0001' } }
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a failure')
    },
    (e: unknown) => e as AppError,
  )

const EDGE_JSON = JSON.stringify({
  title: 'Error 1010: Access denied',
  status: 403,
  error_code: 1010,
  error_name: 'browser_signature_banned',
  ray_id: '8f2a',
})
const EDGE_HTML =
  '<!DOCTYPE html><html><head><title>Access denied | gw.example.com used Cloudflare to restrict access</title></head>' +
  '<body><span class="code-label">Error code: 1010</span></body></html>'
const EDGE_TEXT = 'error code: 1010'

describe('money first', () => {
  it('reads a 402 as insufficient_balance, with its code and request id', async () => {
    const g = await gateway(() => envelope(402, 'insufficient_balance', 'Wallet too low', 'billing_error'))
    const err = await failure(gatewayJson(g.endpoint, '/v1/realtime/sessions'))
    expect(err).toBeInstanceOf(GatewayError)
    expect(err.kind).toBe('insufficient_balance')
    expect(toIpcError(err)).toMatchObject({
      kind: 'insufficient_balance',
      code: 'insufficient_balance',
      requestId: 'req_test',
    })
  })

  it('reads a 402 without a body as insufficient_balance too', () => {
    expect(readRefusal(402, '')).toMatchObject({ kind: 'insufficient_balance', code: null })
  })

  it('keeps a speech 400 `insufficient_balance` as insufficient_balance, not invalid input', async () => {
    const g = await gateway(() =>
      envelope(400, 'insufficient_balance', 'Insufficient balance: this request costs 12 VND, limit 0.'),
    )
    const tts = new TtsClient({ endpoint: g.endpoint })
    const err = await failure(
      tts.synthesize({ model: 'openai/tts-1', input: 'xin chào', voice: 'alloy' }, { idempotencyKey: 'k1' }),
    )
    expect(err.kind).toBe('insufficient_balance')
    expect(err.field).toBeUndefined()
    expect(toIpcError(err)).toMatchObject({ code: 'insufficient_balance', requestId: 'req_test' })
    // Refused once: a short wallet is not retried, nor split as if the text were too long.
    expect(g.seen).toHaveLength(1)
  })

  it('still reads other 400s as invalid input, naming the field', async () => {
    const g = await gateway(() => envelope(400, 'invalid_voice', "'x' is not a voice."))
    const tts = new TtsClient({ endpoint: g.endpoint })
    const err = await failure(
      tts.synthesize({ model: 'openai/tts-1', input: 'hi', voice: 'x' }, { idempotencyKey: 'k2' }),
    )
    expect(err).toMatchObject({ kind: 'invalid_input', field: 'voice' })
    expect(toIpcError(err)).toMatchObject({ code: 'invalid_voice', requestId: 'req_test' })
  })
})

describe('a request blocked at the edge (1010)', () => {
  it.each([
    ['JSON', EDGE_JSON],
    ['HTML', EDGE_HTML],
    ['plain text', EDGE_TEXT],
  ])('is recognised in a %s body', async (_shape, raw) => {
    const g = await gateway(() => ({ status: 403, raw }))
    const err = await failure(gatewayJson(g.endpoint, '/v1/management/me'))
    expect(err.kind).toBe('blocked')
    expect(err.message).toMatch(/blocked before it reached the API/)
    expect(toIpcError(err)).toEqual({
      kind: 'blocked',
      code: 'edge_blocked',
      message: err.message,
    })
  })

  it('is not taken for an account lock by the management client, nor by the key check', async () => {
    const g = await gateway(() => ({ status: 403, raw: EDGE_TEXT }))
    const client = new ManagementClient({ endpoint: g.endpoint })
    expect(await failure(client.me())).toMatchObject({ kind: 'blocked', code: 'edge_blocked' })
    expect(await failure(validateKey(g.endpoint))).toMatchObject({ kind: 'blocked', code: 'edge_blocked' })
  })

  it('is not read into an API refusal that merely contains the figure', () => {
    const api = JSON.stringify({
      error: {
        message: 'Account locked until 10:10',
        type: 'permission_error',
        code: 'insufficient_permissions',
        request_id: 'req-1010',
      },
    })
    expect(readRefusal(403, api)).toMatchObject({ kind: 'forbidden', code: 'insufficient_permissions' })
    expect(readRefusal(403, '<html>Forbidden: order 21010</html>').kind).toBe('forbidden')
    expect(readRefusal(500, EDGE_TEXT).kind).toBe('server')
  })
})

describe('the request id on its way to the UI', () => {
  it('stays when main puts the refusal into its own words', async () => {
    const g = await gateway(() => envelope(401, 'invalid_api_key', 'Invalid API key'))
    const err = await failure(validateKey(g.endpoint))
    expect(err).not.toBeInstanceOf(GatewayError)
    expect(toIpcError(err)).toEqual({
      kind: 'auth',
      message: 'The service did not accept this key.',
      code: 'key_rejected',
      requestId: 'req_test',
    })
  })

  it('is left out when there is none, and Loa codes carry their figures', () => {
    const err = new AppError('invalid_input', 'A reading in ogg cannot be saved as one file.', {
      code: 'format_not_joinable',
      params: { format: 'ogg' },
    })
    expect(toIpcError(err)).toEqual({
      kind: 'invalid_input',
      message: err.message,
      code: 'format_not_joinable',
      params: { format: 'ogg' },
    })
    expect(toIpcError(new Error('secret detail'))).toEqual({
      kind: 'internal',
      message: 'Something went wrong inside Loa.',
    })
  })
})

// How `loa` names a failure: the service's code when it sent one, else the CLI's own (documented in the
// README); money first, whatever status a short wallet arrives with.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../main/api/gateway-error'
import { EXIT } from '../../main/cli/exit-codes'
import { CliFailure, describeFailure } from '../../main/cli/failure'
import { CLI_ERROR_CODES } from '../../main/cli/failure-codes'
import { printFailure } from '../../main/cli/failure-output'
import { TurnFailed } from '../../main/realtime/engine/file-turn'

const SHORT_WALLET =
  'Insufficient balance: this request costs 30 VND and the wallet holds 0 VND. Top up to continue.'

describe('describeFailure', () => {
  it.each([
    [
      'a TTS 400 insufficient_balance',
      new GatewayError('invalid_input', SHORT_WALLET, {
        status: 400,
        code: 'insufficient_balance',
        requestId: 'req_1',
      }),
    ],
    [
      'a realtime 402',
      new GatewayError('invalid_input', 'The wallet cannot open a session.', {
        status: 402,
        code: 'insufficient_balance',
        requestId: 'req_1',
      }),
    ],
    [
      'a 402 without a code',
      new GatewayError('invalid_input', 'Payment required', { status: 402, code: null, requestId: 'req_1' }),
    ],
    [
      'an error main already named as a short wallet',
      new GatewayError('insufficient_balance', 'The wallet cannot open a session.', {
        status: null,
        code: null,
        requestId: null,
      }),
    ],
    [
      'a realtime turn refused for the wallet',
      new TurnFailed({
        kind: 'invalid_input',
        code: 'insufficient_balance',
        message: 'The wallet cannot open a session.',
      }),
    ],
  ])('reads %s as not enough balance, top up', (_, err) => {
    const failure = describeFailure(err, 'say')
    expect(failure.code).toBe('insufficient_balance')
    expect(failure.message).toMatch(/^not enough balance in the wallet: /)
    expect(failure.hint).toMatch(/top up/)
    expect(`${failure.message} ${failure.hint}`).not.toMatch(/invalid|check the values/i)
    expect(failure.exitCode).toBe(EXIT.failure)
  })

  it('names a request blocked at the edge and says to update loa or check the proxy', () => {
    const failure = describeFailure(
      new GatewayError(
        'blocked',
        'The request was blocked before it reached the API (edge protection, error 1010).',
        { status: 403, code: null, requestId: null },
        { code: 'edge_blocked' },
      ),
      'status',
    )
    expect(failure).toMatchObject({ code: 'edge_blocked', exitCode: EXIT.auth, trace: ' (HTTP 403)' })
    expect(failure.hint).toMatch(/update loa.*User-Agent/)
  })

  it('keeps the service’s code and request id, and names the CLI’s own code when the service sent none', () => {
    const refused = describeFailure(
      new GatewayError('auth', 'Invalid API key.', {
        status: 401,
        code: 'invalid_api_key',
        requestId: 'req_9',
      }),
    )
    expect(refused).toMatchObject({ code: 'invalid_api_key', requestId: 'req_9', exitCode: EXIT.auth })
    expect(refused.hint).toMatch(/check the key/)
    const bare = describeFailure(
      new GatewayError('server', 'Bad gateway', { status: 502, code: null, requestId: null }),
    )
    expect(bare).toMatchObject({ code: 'server', requestId: null, exitCode: EXIT.failure })
    const limited = describeFailure(
      new GatewayError(
        'rate_limit',
        'Slow down',
        { status: 429, code: null, requestId: null },
        { retryAfterMs: 2_500 },
      ),
    )
    expect(limited).toMatchObject({
      code: 'rate_limited',
      hint: 'wait 3 s, then try again.',
      exitCode: EXIT.rateLimited,
    })
  })

  it('does not take a code the realtime client made up for the service’s', () => {
    const dropped = describeFailure(
      new TurnFailed({ kind: 'network', code: 'timeout', message: 'No answer.' }),
    )
    expect(dropped).toMatchObject({ code: 'network', exitCode: EXIT.network })
  })
})

describe('printFailure', () => {
  it('redacts the key from the words and from the JSON object', () => {
    const key = 'sk-demo-secret'
    let stdout = ''
    let stderr = ''
    const failure = describeFailure(new CliFailure(`bad key ${key}`, EXIT.auth, 'auth', `not ${key}`))
    printFailure(
      {
        stdout: { write: (s: string) => (stdout += s) },
        stderr: { write: (s: string) => (stderr += s) },
        json: true,
      },
      failure,
      { verbName: 'status', key },
    )
    expect(stdout + stderr).not.toContain(key)
    expect(JSON.parse(stdout)).toEqual({
      error: { code: 'auth', message: 'bad key [key]', hint: 'not [key]', requestId: null },
    })
    expect(stderr).toBe('loa status: bad key [key]\nhint: not [key]\n')
  })
})

describe('the README', () => {
  it('lists every code loa names itself', () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
    for (const [code, meaning] of Object.entries(CLI_ERROR_CODES))
      expect(readme).toContain(`| \`${code}\` | ${meaning} |`)
  })
})

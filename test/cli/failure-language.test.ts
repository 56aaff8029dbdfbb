// A failure in the terminal's language: under a Vietnamese locale `loa` says what happened and what to do
// next in Vietnamese (the service's own words quoted as they came), with the same code, exit code and
// request id as in English; the --json object stays English in every locale. Real `loa` processes against
// the demo service, and an address where nothing listens.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { HINTS } from '../../main/cli/failure-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { loa, loaWith } from './loa-process'

const VI = { LANG: 'vi_VN.UTF-8' }
/** Letters only Vietnamese writes (with their tone marks), composed. */
const VIETNAMESE = /[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/iu

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})

afterAll(async () => {
  await demo.close()
})

/** A loopback port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

interface JsonError {
  error: { code: string; message: string; hint: string | null; requestId: string | null }
}

describe('loa failures in the terminal’s language', () => {
  it('no gateway: the message and the hint in Vietnamese, exit 5; --json in English', async () => {
    const env = { ...VI, LOA_BASE_URL: `http://127.0.0.1:${await closedPort()}`, LOA_API_KEY: 'sk-test-0000' }
    const run = await loa(['status', '--json'], env)
    expect(run.code).toBe(EXIT.network)
    expect(run.stderr).toMatch(/^loa status: không liên lạc được với gateway: /)
    expect(run.stderr).toContain(`gợi ý: ${HINTS.network.vi}\n`)
    expect(run.stderr).not.toContain(HINTS.network.en)
    const json = JSON.parse(run.stdout) as JsonError
    expect(json.error.code).toBe('network')
    expect(json.error.hint).toBe(HINTS.network.en)
    expect(json.error.message).not.toMatch(VIETNAMESE)
  })

  it('a revoked key: refused in Vietnamese with the request id, exit 3', async () => {
    const run = await loaWith(demo, 'revoked', ['status'])
    const vi = await loa(['status'], { ...VI, LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.revoked })
    expect(run.code).toBe(EXIT.auth)
    expect(vi.code).toBe(EXIT.auth)
    expect(vi.stderr).toMatch(/^loa status: dịch vụ từ chối khóa: .*\(HTTP 401, request \S+\)/)
    expect(vi.stderr).toContain(`gợi ý: ${HINTS.checkKey.vi}\n`)
    // The same failure in English, from the same service.
    expect(run.stderr).toMatch(/^loa status: the service refused the key: /)
    expect(run.stderr).toContain(`hint: ${HINTS.checkKey.en}\n`)
  })

  it('no key anywhere: said in Vietnamese with where to give one', async () => {
    const run = await loa(['status'], { ...VI, LOA_BASE_URL: demo.baseUrl })
    expect(run.code).toBe(EXIT.auth)
    expect(run.stderr).toMatch(/^loa status: không có khóa API cho /)
    expect(run.stderr).toContain(`gợi ý: ${HINTS.passKey.vi}\n`)
  })

  it('a recording that is not there: `talk --in` says so in Vietnamese', async () => {
    const args = [
      'talk',
      '--model',
      'openai/gpt-realtime',
      '--in',
      '/nonexistent/speech.wav',
      '--out',
      'r.wav',
    ]
    const run = await loa(args, { ...VI, LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary })
    expect(run.code).toBe(EXIT.failure)
    expect(run.stderr).toContain('loa talk: không đọc được /nonexistent/speech.wav: ENOENT')
    expect(run.stderr).toContain(`gợi ý: ${HINTS.file.vi}\n`)
  })

  it('every hint has its own Vietnamese words', () => {
    for (const hint of Object.values(HINTS)) {
      expect(hint.vi).toMatch(VIETNAMESE)
      expect(hint.vi).not.toBe(hint.en)
      expect(hint.vi).toBe(hint.vi.normalize('NFC'))
    }
  })
})

// `loa doctor` as a real process against the demo service, in a good state and in each broken one the user
// can fix: the gateway down, a refused key, no usable keychain. Each failed check has a hint, the exit code
// is 1 when one fails, and nothing printed, written or logged holds the key.
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { CLI_ERROR_CODES } from '../../main/cli/failure-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import type { SupportBundle } from '../../main/support/bundle'
import { CHECKS } from '../../main/support/checks'
import { assertNoKey, loa, type LoaResult } from './loa-process'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 5 })
})
afterAll(async () => {
  await demo.close()
})

/** A session bus that cannot answer: keytar loads, but no keychain can store anything. */
const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/loa-test-bus' }

function doctor(key: string, env: Record<string, string> = {}, args: string[] = []): Promise<LoaResult> {
  return loa(['doctor', '--json', ...args], { LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: key, ...env })
}

const bundleOf = (run: LoaResult) => JSON.parse(run.stdout) as SupportBundle
const okOf = (b: SupportBundle) => Object.fromEntries(b.checks.map((c) => [c.id, c.ok]))
const hintOf = (b: SupportBundle, id: string) => b.checks.find((c) => c.id === id)?.hint ?? null

/** A loopback port nothing listens on: taken, then given back. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** Each run starts a Node process with tsx: seconds apiece on a loaded two-core machine. */
const PROCESS_TESTS = { timeout: 60_000 }

describe('loa doctor (process)', PROCESS_TESTS, () => {
  it('with a good key and no keychain: the gateway, the key and the clock pass, the keychain fails, exit 1', async () => {
    const run = await doctor(demo.keys.ordinary, NO_KEYCHAIN)
    expect(run.code).toBe(EXIT.failure)
    const bundle = bundleOf(run)
    expect(Object.keys(bundle)).toEqual(
      expect.arrayContaining([
        'versions',
        'os',
        'endpointHost',
        'keychain',
        'hotkey',
        'audioDevices',
        'recentRequests',
        'checks',
      ]),
    )
    expect(okOf(bundle)).toEqual({ endpoint: true, key: true, clock: true, keychain: false })
    expect(hintOf(bundle, 'keychain')).toContain('LOA_API_KEY')
    expect(bundle.endpointHost).toBe(new URL(demo.baseUrl).host)
    // What loa cannot know outside the app is null, each with its reason.
    expect(bundle.versions.electron).toBeNull()
    expect(bundle.hotkey).toBeNull()
    expect(bundle.audioDevices).toBeNull()
    for (const field of ['versions.electron', 'hotkey', 'audioDevices'])
      expect(bundle.unknown[field]).toMatch(/\S/)
    // The doctor's own requests: the probe and the key's check, with the demo's statuses and request ids.
    const me = bundle.recentRequests.find((r) => r.path === '/v1/management/me')
    expect(me).toMatchObject({ method: 'GET', status: 200 })
    const probe = bundle.recentRequests.find((r) => r.path === '/v1/management/models')
    expect(probe?.status).toBe(200)
    assertNoKey(demo, run)
  })

  it.runIf(process.env.LOA_TEST_KEYRING === '1')(
    'passes every check with a good key and a keychain, exit 0',
    async () => {
      const run = await doctor(demo.keys.ordinary)
      expect(run.code).toBe(EXIT.ok)
      expect(okOf(bundleOf(run))).toEqual({ endpoint: true, key: true, clock: true, keychain: true })
      assertNoKey(demo, run)
    },
  )

  it('with the gateway down: the endpoint fails with what to do, the key and clock are not checked', async () => {
    const port = await closedPort()
    const run = await loa(['doctor', '--json', '--base-url', `http://127.0.0.1:${port}`], {
      LOA_API_KEY: demo.keys.ordinary,
      ...NO_KEYCHAIN,
    })
    expect(run.code).toBe(EXIT.failure)
    const bundle = bundleOf(run)
    expect(okOf(bundle)).toEqual({ endpoint: false, key: null, clock: null, keychain: false })
    expect(hintOf(bundle, 'endpoint')).toContain('network')
    expect(bundle.recentRequests[0]).toMatchObject({ status: null, requestId: null })
    assertNoKey(demo, run)
  })

  it('with a revoked key: the key fails with what to do', async () => {
    const run = await doctor(demo.keys.revoked, NO_KEYCHAIN)
    expect(run.code).toBe(EXIT.failure)
    const bundle = bundleOf(run)
    expect(okOf(bundle)).toMatchObject({ endpoint: true, key: false, clock: true })
    expect(hintOf(bundle, 'key')).toContain('loa login')
    const refused = bundle.recentRequests.find((r) => r.path === '/v1/management/me')
    expect(refused?.status).toBe(401)
    expect(refused?.requestId).toMatch(/\S/)
    assertNoKey(demo, run)
  })

  it('says each check in words, in Vietnamese under a Vietnamese locale, and --out writes the bundle', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'loa-doctor-')), 'bundle.json')
    const logDir = mkdtempSync(join(tmpdir(), 'loa-doctor-log-'))
    const run = await loa(['doctor', '--out', out], {
      LOA_BASE_URL: demo.baseUrl,
      LOA_API_KEY: demo.keys.revoked,
      LANG: 'vi_VN.UTF-8',
      LOA_LOG_DIR: logDir,
      ...NO_KEYCHAIN,
    })
    expect(run.code).toBe(EXIT.failure)
    expect(run.stdout).toMatch(/^FAIL +key +dịch vụ từ chối khóa/m)
    expect(run.stdout).toMatch(/^ok +endpoint/m)
    expect(run.stdout).toContain(`Đã ghi gói hỗ trợ vào ${out}.`)
    expect(run.stdout).toMatch(/^Kho khóa: /m)
    expect(run.stdout).not.toMatch(/^ +hint: /m)
    const saved = readFileSync(out, 'utf8')
    expect(okOf(JSON.parse(saved) as SupportBundle)).toMatchObject({ key: false })
    const logs = readdirSync(logDir).map((n) => readFileSync(join(logDir, n), 'utf8'))
    expect(logs.join('')).toContain('"msg":"request"')
    for (const text of [saved, ...logs]) expect(text).not.toContain(demo.keys.revoked)
    assertNoKey(demo, run)
  })
})

describe('the README on loa doctor', PROCESS_TESTS, () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8')
  const section = readme.slice(readme.indexOf('## Logs and support'), readme.indexOf('## Other commands'))

  it('lists every check with its meaning, and the checks a run reports are those', async () => {
    for (const [id, meaning] of Object.entries(CHECKS))
      expect(section).toContain(`| \`${id}\` | ${meaning} |`)
    const run = await doctor(demo.keys.ordinary, NO_KEYCHAIN)
    const bundle = bundleOf(run)
    expect(bundle.checks.map((c) => c.id)).toEqual(Object.keys(CHECKS))
    // The documented object names every field the bundle has.
    for (const field of Object.keys(bundle)) expect(section).toContain(`"${field}"`)
  })

  it('names the codes doctor fails with, each one loa documents, and `file` is what an unwritable --out gives', async () => {
    const codes = [...section.matchAll(/\(`([a-z_]+)`, exit (\d)\)/g)].map((m) => [m[1], Number(m[2])])
    expect(codes).toEqual([
      ['usage', EXIT.usage],
      ['bad_base_url', EXIT.usage],
      ['file', EXIT.failure],
    ])
    for (const [code] of codes) expect(Object.keys(CLI_ERROR_CODES)).toContain(code)
    const [run, usage, clear] = await Promise.all([
      doctor(demo.keys.ordinary, NO_KEYCHAIN, ['--out', '/nonexistent-loa-dir/bundle.json']),
      loa(['doctor', 'extra', '--json']),
      loa(['doctor', '--json', '--base-url', 'http://gw.example.com']),
    ])
    expect(run.code).toBe(EXIT.failure)
    expect((JSON.parse(run.stdout) as { error: { code: string } }).error.code).toBe('file')
    expect(usage.code).toBe(EXIT.usage)
    expect(clear.code).toBe(EXIT.usage)
    expect((JSON.parse(clear.stdout) as { error: { code: string } }).error.code).toBe('bad_base_url')
  })
})

// `loa talk --max-spend VND` as a real process against the demo service: the cap goes into the session
// create request (the session object says so, with the metadata naming loa), a cap the turn passes cuts
// the session with the cap's reason and is not renewed, and a value that is not a whole number of dong
// from 0 up is refused before anything is sent (exit 2, code `usage`).
import { mkdtempSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { voice } from '../realtime/support/demo-engine'
import { loa } from './loa-process'
import pkg from '../../package.json' with { type: 'json' }

const MODEL = 'openai/gpt-realtime'
let demo: DemoServer
let dir: string
let speech: string

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 1 })
  dir = mkdtempSync(join(tmpdir(), 'loa-talk-max-spend-'))
  speech = join(dir, 'speech.wav')
  await writeFile(speech, writeWav({ sampleRateHz: 16_000, channels: 1, samples: voice(16_000, 16_000) }))
})
afterAll(async () => {
  await demo.close()
})

const env = () => ({ LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary })
const talk = (...extra: string[]) =>
  loa(
    ['talk', '--json', '--fast', '--model', MODEL, '--in', speech, '--out', join(dir, 'r.wav'), ...extra],
    env(),
  )

/** The fields of the demo's session object these tests read. */
interface SessionJson {
  billing: { max_spend_vnd: number }
  metadata: unknown
  end_reason?: string
}

async function sessionJson(id: string): Promise<SessionJson> {
  const res = await fetch(`${demo.baseUrl}/v1/realtime/sessions/${id}`, {
    headers: { authorization: `Bearer ${demo.keys.ordinary}`, 'user-agent': 'test' },
  })
  return (await res.json()) as SessionJson
}

describe('loa talk --max-spend', () => {
  it('sends the cap and loa’s own metadata; a cap far above the turn lets it finish', async () => {
    const r = await talk('--max-spend', '250000')
    expect(r.stderr).toBe('')
    expect(r.code).toBe(EXIT.ok)
    const report = JSON.parse(r.stdout) as { sessionId: string; status: string }
    expect(report.status).toBe('completed')
    const s = await sessionJson(report.sessionId)
    expect(s.billing.max_spend_vnd).toBe(250_000)
    expect(s.metadata).toEqual({
      client: 'loa',
      version: pkg.version,
      platform: process.platform,
      surface: 'cli',
    })
  })

  it('without the flag leaves the cap to the service: at least 50,000 ₫', async () => {
    const r = await talk()
    expect(r.code).toBe(EXIT.ok)
    const s = await sessionJson((JSON.parse(r.stdout) as { sessionId: string }).sessionId)
    expect(s.billing.max_spend_vnd).toBeGreaterThanOrEqual(50_000)
  })

  it('0 asks for no cap, and the service keeps none', async () => {
    const r = await talk('--max-spend', '0')
    expect(r.code).toBe(EXIT.ok)
    const s = await sessionJson((JSON.parse(r.stdout) as { sessionId: string }).sessionId)
    expect(s.billing.max_spend_vnd).toBe(0)
  })

  it('a cap the turn passes cuts the session at the cap, and no new session is made for it', async () => {
    const r = await talk('--max-spend', '1')
    const listed = await fetch(`${demo.baseUrl}/v1/realtime/sessions?limit=50`, {
      headers: { authorization: `Bearer ${demo.keys.ordinary}`, 'user-agent': 'test' },
    }).then((res) => res.json() as Promise<{ data: SessionJson[] }>)
    const capped = listed.data.filter((s) => s.billing.max_spend_vnd === 1)
    expect(capped).toHaveLength(1)
    expect(capped[0]?.end_reason).toBe('max_spend_reached')
    expect(r.code).toBe(EXIT.failure)
    const parsed = JSON.parse(r.stdout) as { error: { code: string; message: string; hint: string } }
    expect(parsed.error.code).toBe('max_spend_reached')
    expect(parsed.error.message).toMatch(/^the session reached its spending cap: /)
    expect(parsed.error.hint).toMatch(/--max-spend/)
    expect(r.stderr).toMatch(
      /^loa talk: the session reached its spending cap: .*\nhint: raise the cap with --max-spend/,
    )
  })

  it.each(['-1', '1.5', 'abc', '', '1e3'])(
    'refuses %j before sending anything (exit 2, code usage)',
    async (v) => {
      // `=` joins the value, so one starting with a dash is read as the flag's and not as another flag.
      const r = await talk(`--max-spend=${v}`)
      expect(r.code).toBe(EXIT.usage)
      const parsed = JSON.parse(r.stdout) as { error: { code: string; message: string } }
      expect(parsed.error.code).toBe('usage')
      expect(parsed.error.message).toMatch(/--max-spend must be a whole number from 0/)
    },
  )
})

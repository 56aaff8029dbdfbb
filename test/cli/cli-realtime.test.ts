// `loa talk`, `loa sessions` and `loa realtime-models` end to end against the demo service: real speech
// made by espeak-ng (then made stereo 44.1 kHz by sox) goes in, a WAV of the answer comes out. Run against
// both demo variants, which answer every detail the realtime spec leaves "not shown" differently: the
// cost must be read (> 0) and the history listed whichever shape the gateway chose.
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import { runCli } from '../../main/cli/index'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../main/demo/server'
import { rms } from '../realtime/support/demo-engine'

let dir: string
let speech: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'loa-talk-'))
  const mono = join(dir, 'mono.wav')
  speech = join(dir, 'speech.wav')
  execFileSync('espeak-ng', ['-v', 'en', '-w', mono, 'Hello there. Can you hear me well today?'])
  execFileSync('sox', [mono, '-c', '2', '-r', '44100', speech])
})

const VARIANTS: NonNullable<DemoServerOptions['variant']>[] = ['default', 'alt']

describe.each(VARIANTS)('against the %s demo variant', (variant) => {
  let demo: DemoServer
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 1, variant })
  })
  afterAll(async () => {
    await demo.close()
  })
  /** What the variant calls a session that ended normally. */
  const endedStatus = variant === 'alt' ? 'closed' : 'ended'

  async function loa(args: string[], key = demo.keys.ordinary) {
    let stdout = ''
    let stderr = ''
    const code = await runCli(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: { LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: key, LOA_CONFIG_DIR: dir },
    })
    return { code, stdout, stderr }
  }

  describe('loa talk', () => {
    it('sends a stereo 44.1 kHz recording as one turn and writes the spoken answer as 24 kHz WAV', async () => {
      const out = join(dir, 'reply.wav')
      const r = await loa([
        'talk',
        '--model',
        'openai/gpt-realtime',
        '--in',
        speech,
        '--out',
        out,
        '--instructions',
        'Answer in English.',
      ])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(EXIT.ok)
      expect(r.stdout).toMatch(/^You\s+\(\d+(\.\d+)? s of speech heard\)$/m)
      expect(r.stdout).toMatch(/^Model\s+I heard .* This is turn 1\.$/m)
      expect(r.stdout).toMatch(/^Cost\s+[1-9][\d.]* ₫ \(\d+ tokens\)$/m)
      expect(r.stdout).toMatch(
        /^Timings\s+create \d+ ms, connect \d+ ms, first audio \d+ ms after the turn was sent, total \d+\.\d s$/m,
      )
      const reply = readWav(readFileSync(out))
      expect(reply.sampleRateHz).toBe(24_000)
      expect(reply.channels).toBe(1)
      expect(reply.samples.length).toBeGreaterThan(24_000)
      expect(rms(reply.samples)).toBeGreaterThan(0.01)
    })

    it('with --fast and --json, prints the parsed report', async () => {
      const out = join(dir, 'reply-fast.wav')
      const r = await loa([
        'talk',
        '--model',
        'google/gemini-live-2.5-flash',
        '--in',
        speech,
        '--out',
        out,
        '--fast',
        '--json',
      ])
      expect(r.code).toBe(EXIT.ok)
      const report = JSON.parse(r.stdout)
      expect(report).toMatchObject({ model: 'google/gemini-live-2.5-flash', status: 'completed', out })
      expect(report.costVnd).toBeGreaterThan(0)
      expect(report.replySeconds).toBeGreaterThan(1)
      expect(report.timings.firstAudioMs).toBeGreaterThanOrEqual(0)
    })

    it('exits 3 on a refused key and 2 on a missing flag', async () => {
      const refused = await loa(
        ['talk', '--model', 'openai/gpt-realtime', '--in', speech, '--out', join(dir, 'x.wav')],
        'sk-demo-nope',
      )
      expect(refused.code).toBe(EXIT.auth)
      expect(refused.stderr).toMatch(/refused the key/)
      const usage = await loa(['talk', '--in', speech, '--out', join(dir, 'x.wav')])
      expect(usage.code).toBe(EXIT.usage)
      expect(usage.stderr).toMatch(/--model is required/)
    })
  })

  describe('loa sessions and loa realtime-models', () => {
    it('lists the sessions just used, newest first, with their cost', async () => {
      const r = await loa(['sessions', '--limit', '5'])
      expect(r.code).toBe(EXIT.ok)
      const lines = r.stdout.trim().split('\n')
      expect(lines[0]).toMatch(
        /^Started\s+Model\s+Status\s+Duration\s+Cost\s+Tokens\s+Ended because\s+Session$/,
      )
      expect(lines[2]).toMatch(
        new RegExp(`google/gemini-live-2\\.5-flash\\s+${endedStatus}\\s+\\d+ s\\s+[1-9][\\d.]* ₫`),
      )
      const json = JSON.parse((await loa(['sessions', '--json'])).stdout)
      expect(json.sessions[0]).toMatchObject({
        model: 'google/gemini-live-2.5-flash',
        status: endedStatus,
        endReason: 'client_deleted',
      })
      expect(json.sessions[0].billing.totalVnd).toBeGreaterThan(0)
      expect(json.sessions[0].usage.durationSec).toBeGreaterThan(0)
      expect(json.sessions.map((s: { id: string }) => s.id)).toHaveLength(2)
    })

    it('lists the models with VND per minute for the plan', async () => {
      const r = await loa(['realtime-models'])
      expect(r.code).toBe(EXIT.ok)
      // The alt list is a bare array: it names no plan.
      if (variant === 'default') expect(r.stdout).toMatch(/^Prices for plan ADVANCED_PLUS\.$/m)
      expect(r.stdout).toMatch(/^openai\/gpt-realtime-mini\s+GPT Realtime Mini\s+909 ₫/m)
      const json = JSON.parse((await loa(['realtime-models', '--json'])).stdout)
      expect(json.models.map((m: { id: string }) => m.id)).toContain('google/gemini-live-2.5-flash')
    })

    it('marks the model without a complete price table as not available, and says why', async () => {
      const r = await loa(['realtime-models'])
      expect(r.stdout).toMatch(/^openai\/gpt-4o-realtime-preview\s.*not available: no complete price table$/m)
      expect(r.stdout).not.toMatch(/^openai\/gpt-realtime-mini\s.*not available/m)
      const json = JSON.parse((await loa(['realtime-models', '--json'])).stdout)
      const configured = Object.fromEntries(
        json.models.map((m: { id: string; configured: boolean | null }) => [m.id, m.configured]),
      )
      expect(configured).toMatchObject({
        'openai/gpt-4o-realtime-preview': false,
        'openai/gpt-realtime-mini': true,
      })
    })
  })
})

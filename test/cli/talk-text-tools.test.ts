// `loa talk --text` and the tools it declares, end to end against the demo service for both wire
// protocols and both demo variants: the typed turn is answered as speech saved to --out, the demo model's
// call of get_balance is run against the demo's management API and printed, and --no-tools declares none.
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import { runCli } from '../../main/cli/index'
import { startDemoServer, type DemoServer } from '../../main/demo/server'

const MODELS = { 'model-r': 'openai/gpt-realtime', live: 'google/gemini-live-2.5-flash' } as const

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'loa-talk-text-'))
})

describe.each(['default', 'alt'] as const)('against the %s demo variant', (variant) => {
  let demo: DemoServer
  beforeAll(async () => {
    // The answers quote the tools' JSON and are long to speak: the demo's time runs faster.
    demo = await startDemoServer({ port: 0, seed: 1, variant, timeScale: 5 })
  })
  afterAll(async () => {
    await demo.close()
  })

  async function loa(args: string[]) {
    let stdout = ''
    let stderr = ''
    const code = await runCli(args, {
      stdout: { write: (s: string) => (stdout += s) },
      stderr: { write: (s: string) => (stderr += s) },
      env: { LOA_BASE_URL: demo.baseUrl, LOA_API_KEY: demo.keys.ordinary, LOA_CONFIG_DIR: dir },
    })
    return { code, stdout, stderr }
  }

  async function wallet(): Promise<number> {
    const state = (await (await fetch(`${demo.baseUrl}/__demo/state`)).json()) as {
      accounts: { key: string; wallet: { totalVND: number } }[]
    }
    return state.accounts.find((a) => a.key === 'ordinary')?.wallet.totalVND as number
  }

  it.each(['model-r', 'live'] as const)(
    '%s: a typed turn asking for the balance calls get_balance',
    async (wire) => {
      const out = join(dir, `balance-${variant}-${wire}.wav`)
      const before = await wallet()
      const r = await loa([
        'talk',
        '--model',
        MODELS[wire],
        '--text',
        'What is my balance?',
        '--out',
        out,
        '--json',
        '--instructions',
        'Answer in English.',
      ])
      expect(r.stderr).toBe('')
      expect(r.code).toBe(EXIT.ok)
      const report = JSON.parse(r.stdout) as {
        user: string
        answer: string
        toolCalls: { name: string; arguments: unknown; result: { balanceVnd: number; plan: string } }[]
        costVnd: number | null
      }
      expect(report.user).toBe('What is my balance?')
      expect(report.toolCalls).toHaveLength(1)
      expect(report.toolCalls[0]).toMatchObject({
        name: 'get_balance',
        arguments: {},
        result: { plan: 'ADVANCED_PLUS' },
      })
      // The turn settles later (every 60 s of service time): the balance read is the one before it.
      expect(report.toolCalls[0]?.result.balanceVnd).toBe(before)
      expect(report.answer).toContain(`Result of get_balance: {"balanceVnd":${before}`)
      const wav = readWav(readFileSync(out))
      expect(wav.sampleRateHz).toBe(24_000)
      expect(wav.samples.length).toBeGreaterThan(24_000)
      expect(report.costVnd).toBeGreaterThan(0)
    },
  )

  it('prints the call in words without --json; --no-tools declares none and the turn is answered as text', async () => {
    const out = join(dir, `words-${variant}.wav`)
    const r = await loa(['talk', '--model', MODELS.live, '--text', 'số dư của tôi?', '--out', out])
    expect(r.code).toBe(EXIT.ok)
    expect(r.stdout).toMatch(/Tool\s+get_balance \{\} -> \{"balanceVnd":/)
    expect(r.stdout).toMatch(/Kết quả của get_balance/)

    const plain = await loa([
      'talk',
      '--model',
      MODELS.live,
      '--text',
      'số dư của tôi?',
      '--out',
      out,
      '--no-tools',
      '--json',
    ])
    expect(plain.code).toBe(EXIT.ok)
    const report = JSON.parse(plain.stdout) as { toolCalls: unknown[]; answer: string }
    expect(report.toolCalls).toEqual([])
    expect(report.answer).toMatch(/^Bạn đã viết: số dư của tôi\?\. Đây là lượt thứ 1\.$/)
  })
})

it('refuses --in with --text, and an empty --text', async () => {
  const run = async (args: string[]) => {
    let stderr = ''
    const code = await runCli(args, {
      stdout: { write: () => {} },
      stderr: { write: (s: string) => (stderr += s) },
      env: { LOA_BASE_URL: 'http://127.0.0.1:9', LOA_API_KEY: 'sk-x', LOA_CONFIG_DIR: dir },
    })
    return { code, stderr }
  }
  expect(
    await run(['talk', '--model', 'm', '--in', 'a.wav', '--text', 'hi', '--out', 'o.wav']),
  ).toMatchObject({
    code: EXIT.usage,
    stderr: expect.stringContaining('not both') as string,
  })
  expect((await run(['talk', '--model', 'm', '--text', '  ', '--out', 'o.wav'])).code).toBe(EXIT.usage)
})

// `loa talk` and the Loa app's daily voice budget, as real processes against the demo service: the app's
// settings and the day's file in the config folder the command reads (LOA_CONFIG_DIR). Under the budget
// the turn goes and its cost joins the day; past it the command refuses (exit 1, `over_daily_budget`,
// saying how much and what to do) and sends nothing, unless --over-budget says to go on for the run.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeWav } from '../../main/audio/wav'
import { EXIT } from '../../main/cli/exit-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { DEFAULT_SETTINGS } from '../../main/settings/settings-schema'
import { DailyBudget, voiceBudgetPath } from '../../main/voice/daily-budget'
import { voice } from '../realtime/support/demo-engine'
import { loa } from './loa-process'

const MODEL = 'openai/gpt-realtime'
let demo: DemoServer
let speech: string

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 1 })
  const dir = mkdtempSync(join(tmpdir(), 'loa-talk-budget-'))
  speech = join(dir, 'speech.wav')
  await writeFile(speech, writeWav({ sampleRateHz: 16_000, channels: 1, samples: voice(16_000, 16_000) }))
})
afterAll(async () => {
  await demo.close()
})

/** A config folder whose app settings hold a daily budget, and a day already spent `spentVnd` of. */
async function configWith(budgetVnd: number, spentVnd: number): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'loa-talk-budget-config-'))
  const settings = structuredClone(DEFAULT_SETTINGS)
  settings.realtime.dailyBudgetVnd = budgetVnd
  writeFileSync(join(dir, 'settings.json'), JSON.stringify(settings))
  const day = await DailyBudget.open(voiceBudgetPath(dir))
  await day.record('in-the-app', { vnd: spentVnd, floor: false }, true)
  return dir
}

const talk = (configDir: string, ...extra: string[]) =>
  loa(
    [
      'talk',
      '--json',
      '--fast',
      '--model',
      MODEL,
      '--in',
      speech,
      '--out',
      join(configDir, 'r.wav'),
      ...extra,
    ],
    {
      LOA_BASE_URL: demo.baseUrl,
      LOA_API_KEY: demo.keys.ordinary,
      LOA_CONFIG_DIR: configDir,
    },
  )

async function sessionsNow(): Promise<number> {
  const res = await fetch(`${demo.baseUrl}/v1/realtime/sessions?limit=100`, {
    headers: { authorization: `Bearer ${demo.keys.ordinary}`, 'user-agent': 'test' },
  })
  return ((await res.json()) as { data: unknown[] }).data.length
}

describe('loa talk and the daily voice budget', () => {
  it('under the budget: talks, and the turn’s cost joins the day the app keeps', async () => {
    const dir = await configWith(100_000, 1_000)
    const r = await talk(dir)
    expect(r.stderr).toBe('')
    expect(r.code).toBe(EXIT.ok)
    const report = JSON.parse(r.stdout) as { costVnd: number }
    expect(report.costVnd).toBeGreaterThan(0)
    const day = await DailyBudget.open(voiceBudgetPath(dir))
    expect(day.status(100_000)).toMatchObject({ spentVnd: 1_000 + report.costVnd, atLeast: false })
  })

  it('past the budget: refuses before sending anything, saying how much and what to do', async () => {
    const dir = await configWith(5_000, 5_200)
    const before = await sessionsNow()
    const r = await talk(dir)
    expect(r.code).toBe(EXIT.failure)
    const parsed = JSON.parse(r.stdout) as { error: { code: string; message: string; hint: string } }
    expect(parsed.error.code).toBe('over_daily_budget')
    expect(parsed.error.message).toBe(
      "today's voice spending, 5.200 ₫, has reached the daily budget of 5.000 ₫ set in the Loa app.",
    )
    expect(parsed.error.hint).toMatch(/--over-budget/)
    expect(r.stderr).toMatch(
      /^loa talk: today's voice spending, .*\nhint: run the command again with --over-budget/,
    )
    expect(await sessionsNow()).toBe(before)
  })

  it('past the budget with --over-budget: talks for this run, and the day counts it', async () => {
    const dir = await configWith(5_000, 5_200)
    const r = await talk(dir, '--over-budget')
    expect(r.code).toBe(EXIT.ok)
    const report = JSON.parse(r.stdout) as { costVnd: number }
    const day = await DailyBudget.open(voiceBudgetPath(dir))
    expect(day.status(5_000)).toMatchObject({ spentVnd: 5_200 + report.costVnd, overridden: false })
    // The flag is for the run: the next one without it is refused again.
    expect((await talk(dir)).code).toBe(EXIT.failure)
  })

  it('a turn cut at its cap still counts what it spent', async () => {
    const dir = await configWith(100_000, 0)
    const r = await talk(dir, '--max-spend', '1')
    expect(r.code).toBe(EXIT.failure)
    expect((JSON.parse(r.stdout) as { error: { code: string } }).error.code).toBe('max_spend_reached')
    const spent = (await DailyBudget.open(voiceBudgetPath(dir))).status(100_000)
    expect(spent.spentVnd).toBeGreaterThanOrEqual(1)
  })

  it('where the app never ran, counts into no day and makes no file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loa-talk-budget-none-'))
    const r = await talk(dir)
    expect(r.code).toBe(EXIT.ok)
    expect(existsSync(voiceBudgetPath(dir))).toBe(false)
  })
})

// `loa voices` as a real process against the demo service: the service's voice list, a model's voices
// from the spec where the service lists none of its own, the speech models with prices, and JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { assertNoKey, cells, loaWith, tableRows, vnd } from './loa-process'

let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ seed: 1 })
})

afterAll(async () => {
  await demo.close()
})

async function serviceJson(path: string): Promise<unknown> {
  const res = await fetch(`${demo.baseUrl}${path}`, {
    headers: { Authorization: `Bearer ${demo.keys.ordinary}`, 'User-Agent': 'loa-test/1' },
  })
  return res.json()
}

describe('loa voices (process)', () => {
  it('lists the service’s voices with their language and accent', async () => {
    const run = await loaWith(demo, 'ordinary', ['voices'])
    expect(run.code).toBe(EXIT.ok)
    const body = (await serviceJson('/v1/audio/voices')) as { voices: { voice_id: string }[] }
    const rows = tableRows(run.stdout).filter((r) => !r.startsWith('Aliases:'))
    expect(run.stdout).toMatch(/^Aliases: .+ → .+$/m)
    expect(rows).toHaveLength(body.voices.length)
    expect(rows.map((r) => cells(r)[0])).toEqual(body.voices.map((v) => v.voice_id))
    expect(run.stdout).toMatch(/\bvi\b.*\b(northern|central|southern|standard)\b/)
    assertNoKey(demo, run)
  })

  it('names the spec’s voices for a model the service does not list, and the naming rule for Classic', async () => {
    const a = await loaWith(demo, 'ordinary', ['voices', '--model', 'openai/tts-1'])
    expect(a.code).toBe(EXIT.ok)
    expect(tableRows(a.stdout).map((r) => cells(r)[0])).toContain('alloy')
    const classic = await loaWith(demo, 'ordinary', ['voices', '--model', 'google/standard'])
    expect(classic.stdout).toContain('<locale>-<Tier>-<Letter>')
    expect(tableRows(classic.stdout).map((r) => cells(r)[0])).toContain('vi-VN-Standard-A (default)')
    const free = await loaWith(demo, 'ordinary', ['voices', '--model', 'google/translate-tts'])
    expect(tableRows(free.stdout).map((r) => cells(r)[0])).toContain('vi (default)')
    expect(free.stdout).toContain('ISO 639-1')
  })

  it('lists the speech models with their price per 1M characters, and prints JSON on request', async () => {
    const run = await loaWith(demo, 'ordinary', ['voices', '--models'])
    expect(run.code).toBe(EXIT.ok)
    const tts1 = tableRows(run.stdout).find((r) => cells(r)[0] === 'openai/tts-1')
    const listed = (await serviceJson('/v1/models/tts')) as {
      data: { id: string; price_vnd_per_1m_chars?: number }[]
    }
    const price = listed.data.find((m) => m.id === 'openai/tts-1')?.price_vnd_per_1m_chars as number
    expect(cells(tts1 ?? '')[1]).toBe(vnd(price))
    const json = await loaWith(demo, 'ordinary', ['voices', '--models', '--json'])
    const parsed = JSON.parse(json.stdout) as { id: string }[]
    expect(parsed.map((m) => m.id)).toEqual(listed.data.map((m) => m.id))
  })

  it('refuses --models with --model', async () => {
    const run = await loaWith(demo, 'ordinary', ['voices', '--models', '--model', 'openai/tts-1'])
    expect(run.code).toBe(EXIT.usage)
  })
})

// The daily voice budget's bookkeeping on a real file: the day's total from each conversation's latest
// figure, the 80 % notice once a day, no new conversation past 100 % until the user says to go on today,
// unknown and partly read figures counted as such (never as 0), and all of it read back after a restart,
// merged with what another process (`loa talk`) wrote, and started afresh on the next day (Vietnam's).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeEach, describe, expect, it } from 'vitest'
import { DailyBudget, vnDayOf } from '../../main/voice/daily-budget'

let file: string
let nowMs: number
const now = () => nowMs
const open = () => DailyBudget.open(file, now)
const known = (vnd: number) => ({ vnd, floor: false })

beforeEach(() => {
  file = join(mkdtempSync(join(tmpdir(), 'loa-budget-')), 'voice-budget.json')
  // 10:00 in Vietnam.
  nowMs = Date.parse('2026-11-27T03:00:00Z')
})

describe('the daily voice budget', () => {
  it('is off without a budget: nothing refused, nothing noticed', async () => {
    const b = await open()
    await b.record('c1', known(1_000_000), true)
    expect(b.status(null)).toMatchObject({ level: 'off', spentVnd: 1_000_000 })
    expect(b.mayStart(null)).toBe(true)
    expect(b.takeNotice(null)).toBe(false)
  })

  it('notices once past 80 %, refuses past 100 %, and lets the user go on today', async () => {
    const b = await open()
    await b.record('c1', known(7_000), true)
    expect(b.status(10_000).level).toBe('under')
    expect(b.takeNotice(10_000)).toBe(false)
    // The live figure of a conversation in progress counts too, and is replaced by its next figure.
    await b.record('c2', known(500), false)
    await b.record('c2', known(1_200), false)
    expect(b.status(10_000)).toMatchObject({ spentVnd: 8_200, level: 'near' })
    expect(b.takeNotice(10_000)).toBe(true)
    expect(b.takeNotice(10_000)).toBe(false)
    expect(b.mayStart(10_000)).toBe(true)
    await b.record('c2', known(3_000), true)
    expect(b.status(10_000)).toMatchObject({ spentVnd: 10_000, level: 'over', overridden: false })
    expect(b.mayStart(10_000)).toBe(false)
    // A higher budget set later lets conversations start again without an override.
    expect(b.mayStart(20_000)).toBe(true)
    await b.overrideToday()
    expect(b.mayStart(10_000)).toBe(true)
    expect(b.status(10_000).overridden).toBe(true)
  })

  it('counts an unknown figure as unknown and a partly read one as a floor, never as 0', async () => {
    const b = await open()
    await b.record('c1', known(2_000), true)
    expect(b.status(5_000).atLeast).toBe(false)
    await b.record('c2', { vnd: null, floor: true }, true)
    expect(b.status(5_000)).toMatchObject({ spentVnd: 2_000, atLeast: true })
    await b.record('c3', { vnd: 1_500, floor: true }, true)
    expect(b.status(5_000)).toMatchObject({ spentVnd: 3_500, atLeast: true })
  })

  it('a final figure is not replaced by a late live one', async () => {
    const b = await open()
    await b.record('c1', known(900), true)
    await b.record('c1', known(100), false)
    expect(b.status(1_000).spentVnd).toBe(900)
  })

  it('survives a restart: the day’s figures, the notice and the override are read back', async () => {
    const b = await open()
    await b.record('c1', known(9_000), true)
    expect(b.takeNotice(10_000)).toBe(true)
    await b.record('c2', known(1_000), true)
    await b.overrideToday()
    await b.flushed()
    const again = await open()
    expect(again.status(10_000)).toEqual({
      budgetVnd: 10_000,
      spentVnd: 10_000,
      atLeast: false,
      level: 'over',
      overridden: true,
    })
    expect(again.takeNotice(10_000)).toBe(false)
    expect(again.mayStart(10_000)).toBe(true)
  })

  it('writes a live figure at most once a minute, a final one at once', async () => {
    const b = await open()
    await b.record('c1', known(100), false)
    await b.record('c1', known(200), false)
    expect((await open()).status(1_000).spentVnd).toBe(100)
    nowMs += 60_000
    await b.record('c1', known(300), false)
    expect((await open()).status(1_000).spentVnd).toBe(300)
    await b.record('c1', known(350), true)
    expect((await open()).status(1_000).spentVnd).toBe(350)
  })

  it('keeps what another process wrote meanwhile', async () => {
    const app = await open()
    const cli = await open()
    await app.record('app-1', known(1_000), true)
    await cli.record('cli-1', known(2_000), true)
    await app.record('app-2', known(500), true)
    expect((await open()).status(10_000).spentVnd).toBe(3_500)
    expect(app.status(10_000).spentVnd).toBe(3_500)
  })

  it('starts afresh on Vietnam’s next day, and after a damaged file', async () => {
    const b = await open()
    await b.record('c1', known(10_000), true)
    await b.overrideToday()
    // 23:59 in Vietnam is still the same day; 00:00 is the next.
    nowMs = Date.parse('2026-11-27T16:59:00Z')
    expect(b.status(10_000).level).toBe('over')
    nowMs = Date.parse('2026-11-27T17:00:00Z')
    expect(vnDayOf(nowMs)).toBe('2026-11-28')
    expect(b.status(10_000)).toMatchObject({ spentVnd: 0, level: 'under', overridden: false })
    expect((await open()).status(10_000).spentVnd).toBe(0)

    writeFileSync(file, '{"day": "2026-11-28", "conversations": {"x": {"vnd": "lots"}}')
    expect((await open()).status(10_000)).toMatchObject({ spentVnd: 0, atLeast: false })
    writeFileSync(file, JSON.stringify({ day: '2026-11-28', conversations: { x: { vnd: 'lots' } } }))
    // A damaged entry reads as unknown, not as nothing spent.
    expect((await open()).status(10_000)).toMatchObject({ spentVnd: 0, atLeast: true })
    expect(readFileSync(file, 'utf8')).toContain('lots')
  })
})

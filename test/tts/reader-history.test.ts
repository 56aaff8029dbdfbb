// The Reader's history file: kept per account, capped, a damaged file set aside without losing the app,
// a record that no longer reads dropped alone, and a failed write (no room, no folder) kept in memory.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { HISTORY_LIMIT, ReaderHistory, type HistoryRecord } from '../../main/tts/reader-history'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-history-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const NOW = Date.parse('2026-11-23T10:00:00Z')
const record = (id: string, over: Partial<HistoryRecord> = {}): HistoryRecord => ({
  id,
  account: 'acct-a',
  createdAt: new Date(NOW).toISOString(),
  model: 'openai/tts-1',
  voice: 'alloy',
  format: 'mp3',
  chars: 120,
  costVnd: 49.5,
  preview: 'Xin chào các bạn',
  expiresAt: new Date(NOW + 72 * 3600_000).toISOString(),
  jobIds: ['tts_1', 'tts_2'],
  sampleRateHz: 24_000,
  gone: null,
  ...over,
})

describe('ReaderHistory', () => {
  it('keeps records per account, newest first, across a restart', async () => {
    const h = await ReaderHistory.open({ dir, now: () => NOW })
    await h.put(record('r1'))
    await h.put(record('r2', { account: 'acct-b' }))
    await h.put(record('r3'))
    const again = await ReaderHistory.open({ dir, now: () => NOW })
    expect(again.list('acct-a').map((r) => r.id)).toEqual(['r3', 'r1'])
    expect(again.list('acct-b').map((r) => r.id)).toEqual(['r2'])
    expect(again.get('r1')).toEqual(record('r1'))
  })

  it('keeps at most the limit per account, dropping the oldest', async () => {
    const h = await ReaderHistory.open({ dir, now: () => NOW })
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) await h.put(record(`r${i}`))
    await h.put(record('other', { account: 'acct-b' }))
    const ids = h.list('acct-a').map((r) => r.id)
    expect(ids).toHaveLength(HISTORY_LIMIT)
    expect(ids[0]).toBe(`r${HISTORY_LIMIT + 4}`)
    expect(ids).not.toContain('r4')
    expect(h.list('acct-b')).toHaveLength(1)
  })

  it('hides records a week past their expiry, and remembers what the service said of the audio', async () => {
    let now = NOW
    const h = await ReaderHistory.open({ dir, now: () => now })
    await h.put(record('r1'))
    await h.update('r1', { gone: 'expired' })
    expect(h.list('acct-a')[0]?.gone).toBe('expired')
    now = NOW + (72 + 7 * 24 + 1) * 3600_000
    expect(h.list('acct-a')).toEqual([])
  })

  it('sets a damaged file aside, says so, and starts empty', async () => {
    await writeFile(join(dir, 'reader-history.json'), '{"version":1,"records":[', 'utf8')
    const errors: unknown[] = []
    const h = await ReaderHistory.open({ dir, onError: (e) => errors.push(e) })
    expect(h.list('acct-a')).toEqual([])
    expect(String(errors[0])).toMatch(/damaged/)
    expect((await readdir(dir)).some((f) => f.startsWith('reader-history.json.damaged-'))).toBe(true)
  })

  it('drops a record that no longer reads and keeps the others', async () => {
    const good = record('good')
    await writeFile(
      join(dir, 'reader-history.json'),
      JSON.stringify({ version: 1, records: [{ id: 'bad', chars: 'many' }, good] }),
    )
    const h = await ReaderHistory.open({ dir, now: () => NOW })
    expect(h.list('acct-a').map((r) => r.id)).toEqual(['good'])
  })

  it('keeps the list in memory when the file cannot be written, and writes it once it can', async () => {
    // A file where the folder should be: every write fails, as on a full or read-only disk.
    const blocked = join(dir, 'blocked')
    await writeFile(blocked, 'not a folder')
    const errors: unknown[] = []
    const h = await ReaderHistory.open({ dir: blocked, now: () => NOW, onError: (e) => errors.push(e) })
    const before = errors.length
    await h.put(record('r1'))
    expect(errors.length).toBe(before + 1)
    expect(h.list('acct-a').map((r) => r.id)).toEqual(['r1'])

    await rm(blocked)
    await h.put(record('r2'))
    const onDisk = JSON.parse(await readFile(h.path, 'utf8')) as { records: { id: string }[] }
    expect(onDisk.records.map((r) => r.id)).toEqual(['r2', 'r1'])
  })
})

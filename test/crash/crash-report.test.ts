// The report offered at the next start: what it holds, saving it where the user chooses, dismissing it,
// and a record file cut short by the crash it was about.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SaveTextRequest } from '../../preload/contract'
import { CrashStore, type CrashRecord } from '../../main/crash/crash-record'
import { CrashReports } from '../../main/crash/crash-report'
import { createLog } from '../../main/logging/log'

const TOKEN = 'rt_tok_live_0123456789abcdef'
let dir = ''
afterEach(async () => rm(dir, { recursive: true, force: true }))

const record = (time: string, extra: Partial<CrashRecord> = {}): CrashRecord => ({
  time,
  kind: 'main',
  message: `Error: handshake failed for wss://gw/realtime?token=${TOKEN}`,
  stack: `Error: handshake failed\n    at connect (ws-transport.ts:10:5) ${TOKEN}`,
  appVersion: '9.9.9',
  voiceSessionOpen: true,
  lastLogLines: ['{"level":"info","msg":"session ready"}'],
  ...extra,
})

async function rig() {
  dir = await mkdtemp(join(tmpdir(), 'loa-crash-report-'))
  const log = createLog(() => {})
  log.keepOut(TOKEN)
  const path = join(dir, 'crash-report.json')
  const store = new CrashStore(path, (t) => log.redact(t))
  const saved: SaveTextRequest[] = []
  const open = (answer: { path: string } | null = { path: join(dir, 'picked.json') }) =>
    CrashReports.open({
      store,
      redact: (t) => log.redact(t),
      saveText: async (request) => {
        saved.push(request)
        if (answer) await writeFile(answer.path, request.content)
        return answer
      },
      appVersion: '9.9.10',
    })
  return { path, store, saved, open }
}

describe('the crash report', () => {
  it('offers the last run’s crashes and saves them, redacted, to the file the user picks', async () => {
    const r = await rig()
    await r.store.add(record('2026-11-27T09:00:00.000Z'))
    await r.store.add(record('2026-11-27T09:05:00.000Z', { kind: 'renderer', stack: null }))
    expect(await readFile(r.path, 'utf8')).not.toContain(TOKEN)

    const reports = await r.open()
    expect(reports.pending()).toEqual({ count: 2, lastAt: '2026-11-27T09:05:00.000Z', lastKind: 'renderer' })
    // A crash of this run waits for the next start.
    await r.store.add(record('2026-11-27T10:00:00.000Z'))
    expect(reports.pending()?.count).toBe(2)

    const saved = await reports.save(new Date('2026-11-27T10:01:02.345Z'))
    expect(saved).toEqual({ path: join(dir, 'picked.json') })
    expect(r.saved[0]?.suggestedName).toBe('loa-crash-2026-11-27T10-01-02Z.json')
    const file = JSON.parse(await readFile(join(dir, 'picked.json'), 'utf8')) as {
      versions: { loa: string }
      crashes: CrashRecord[]
    }
    expect(file.versions.loa).toBe('9.9.10')
    expect(file.crashes.map((c) => c.time)).toEqual(['2026-11-27T09:00:00.000Z', '2026-11-27T09:05:00.000Z'])
    expect(file.crashes[0]?.stack).toContain('ws-transport.ts:10:5')
    expect(JSON.stringify(file)).not.toContain(TOKEN)

    expect(reports.pending()).toBeNull()
    expect((await r.store.read()).map((c) => c.time)).toEqual(['2026-11-27T10:00:00.000Z'])
  })

  it('keeps the offer when the user cancels the save, and forgets it on dismiss', async () => {
    const r = await rig()
    await r.store.add(record('2026-11-27T09:00:00.000Z'))
    const reports = await r.open(null)
    expect(await reports.save()).toBeNull()
    expect(reports.pending()?.count).toBe(1)
    await reports.dismiss()
    expect(reports.pending()).toBeNull()
    expect((await r.open()).pending()).toBeNull()
  })

  it('offers nothing for a record file cut short', async () => {
    const r = await rig()
    await writeFile(r.path, '{"records":[{"time":"2026-11-27T09:0')
    expect((await r.open()).pending()).toBeNull()
  })
})

// main's crash policy with fakes: what is logged, recorded and ended, and whether Loa relaunches.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CrashStore } from '../../main/crash/crash-record'
import { handleMainCrash, RELAUNCH_AFTER_UPTIME_MS, type MainCrashDeps } from '../../main/crash/main-crash'
import { createLog } from '../../main/logging/log'

const KEY = 'sk-live-abcdef0123456789'
let dir: string | null = null

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = null
})

async function rig(voice: { open: boolean; endMs?: number } | null, uptimeMs = RELAUNCH_AFTER_UPTIME_MS) {
  dir = await mkdtemp(join(tmpdir(), 'loa-crash-'))
  const lines: Record<string, unknown>[] = []
  const log = createLog((line) => void lines.push(JSON.parse(line) as Record<string, unknown>))
  log.keepOut(KEY)
  log.info('request', { path: `/v1/management/me?key=${KEY}` })
  const store = new CrashStore(join(dir, 'crash-report.json'), (t) => log.redact(t))
  const endCalls: number[] = []
  const fakeVoice = voice && {
    sessionOpen: voice.open,
    endNow: (timeoutMs: number) => {
      endCalls.push(timeoutMs)
      return new Promise<string>((resolve) => setTimeout(() => resolve('ended'), voice.endMs ?? 0))
    },
  }
  const deps: MainCrashDeps = {
    log,
    store,
    appVersion: '9.9.9',
    voice: () => fakeVoice,
    uptimeMs: () => uptimeMs,
    now: () => new Date('2026-11-27T10:00:00.000Z'),
  }
  return { deps, lines, store, endCalls }
}

describe('an exception nothing caught in main', () => {
  it('is logged fatal with its stack and recorded without the key, and the open voice session is ended', async () => {
    const r = await rig({ open: true })
    const err = new Error(`socket broke while sending Bearer ${KEY}`)
    expect(await handleMainCrash('exception', err, r.deps)).toBe('relaunch')

    const fatal = r.lines.find((l) => l.level === 'fatal')
    expect(fatal?.msg).toBe('crash')
    expect((fatal?.err as { stack: string }).stack).toContain('main-crash.test.ts')
    expect(JSON.stringify(r.lines)).not.toContain(KEY)
    expect(r.endCalls).toEqual([2_000])
    expect(r.lines.find((l) => l.msg === 'voice session at crash')?.outcome).toBe('ended')

    const [record, ...more] = await r.store.read()
    expect(more).toEqual([])
    expect(record).toMatchObject({
      time: '2026-11-27T10:00:00.000Z',
      kind: 'main',
      appVersion: '9.9.9',
      voiceSessionOpen: true,
    })
    expect(record?.message).toContain('Error: socket broke')
    expect(record?.stack).toContain('main-crash.test.ts')
    expect(record?.lastLogLines.some((l) => l.includes('/v1/management/me'))).toBe(true)
    expect(JSON.stringify(record)).not.toContain(KEY)
  })

  it('exits rather than relaunching when it came within a minute of starting, which would loop', async () => {
    const r = await rig(null, RELAUNCH_AFTER_UPTIME_MS - 1)
    expect(await handleMainCrash('exception', new TypeError('x is undefined'), r.deps)).toBe('exit')
    expect((await r.store.read())[0]).toMatchObject({ kind: 'main', voiceSessionOpen: false })
  })

  it('asks nothing of a voice chat with no session open', async () => {
    const r = await rig({ open: false })
    await handleMainCrash('exception', 'a string thrown', r.deps)
    expect(r.endCalls).toEqual([])
    expect((await r.store.read())[0]?.message).toBe('a string thrown')
  })
})

describe('a promise nobody handled', () => {
  it('is logged with its stack and Loa keeps running: no record, no session ended', async () => {
    const r = await rig({ open: true })
    expect(await handleMainCrash('rejection', new Error('lookup failed'), r.deps)).toBe('continue')
    const line = r.lines.find((l) => l.msg === 'unhandled rejection')
    expect(line?.level).toBe('error')
    expect(String(line?.stack)).toContain('main-crash.test.ts')
    expect(r.endCalls).toEqual([])
    expect(await r.store.read()).toEqual([])
  })
})

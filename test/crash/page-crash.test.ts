// A window's page that died, with fakes: reloaded on its route, recorded, and past three times a minute an
// error page in the user's language instead of a reload loop.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { CrashStore } from '../../main/crash/crash-record'
import { MAX_RESTORES_PER_MINUTE, PageCrashes } from '../../main/crash/page-crash'
import { createLog } from '../../main/logging/log'

let dir: string | null = null
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
  dir = null
})

async function rig() {
  dir = await mkdtemp(join(tmpdir(), 'loa-page-crash-'))
  const lines: Record<string, unknown>[] = []
  const log = createLog((line) => void lines.push(JSON.parse(line) as Record<string, unknown>))
  const store = new CrashStore(join(dir, 'crash-report.json'), (t) => log.redact(t))
  const done: string[] = []
  let nowMs = Date.parse('2026-11-27T10:00:00Z')
  const pages = new PageCrashes({
    log,
    store,
    appVersion: '9.9.9',
    voiceSessionOpen: () => true,
    language: () => 'vi',
    host: {
      restore: (surface, route) => void done.push(`restore ${surface} ${route}`),
      showError: (surface, text) => void done.push(`error ${surface} ${text.lang} ${text.title}`),
    },
    nowMs: () => nowMs,
  })
  return { pages, lines, store, done, advance: (ms: number) => void (nowMs += ms) }
}

describe('a page that died', () => {
  it('is logged, recorded and reloaded on the route it showed', async () => {
    const r = await rig()
    expect(await r.pages.gone({ surface: 'main', reason: 'crashed', route: 'usage' })).toBe('restored')
    expect(r.done).toEqual(['restore main usage'])
    expect(r.lines.find((l) => l.msg === 'window page gone')).toMatchObject({
      level: 'error',
      surface: 'main',
      route: 'usage',
      err: { message: 'crashed' },
    })
    expect(await r.store.read()).toEqual([
      expect.objectContaining({
        kind: 'renderer',
        message: 'main page crashed',
        stack: null,
        voiceSessionOpen: true,
      }),
    ])
  })

  it('gets the error page after three reloads within a minute, and reloads again a minute later', async () => {
    const r = await rig()
    const gone = () => r.pages.gone({ surface: 'main', reason: 'crashed', route: 'voice' })
    for (let i = 0; i < MAX_RESTORES_PER_MINUTE; i++) {
      expect(await gone()).toBe('restored')
      r.advance(10_000)
    }
    expect(await gone()).toBe('error-page')
    expect(r.done.at(-1)).toBe('error main vi Cửa sổ của Loa bị đóng bất thường nhiều lần')
    // The popup's count is its own.
    expect(await r.pages.gone({ surface: 'popup', reason: 'oom', route: 'popup' })).toBe('restored')
    r.advance(60_000)
    expect(await gone()).toBe('restored')
    expect(r.done.filter((d) => d.startsWith('restore main'))).toHaveLength(MAX_RESTORES_PER_MINUTE + 1)
    expect(await r.store.read()).toHaveLength(5)
  })
})

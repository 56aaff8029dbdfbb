// A settings change as the window sends it: through the IPC router, checked with the stored settings'
// own schemas before the settings service sees it. A wrong-typed change is refused with a typed error
// naming the field, and nothing of it is saved: not in memory, not on disk, no change event.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createRouter, type Router } from '../../main/ipc/router'
import { SettingsService } from '../../main/settings/settings-service'
import { handlers } from '../ipc/support/handlers'

let dir: string
let settings: SettingsService
let router: Router
let changes = 0
const file = () => join(dir, 'settings.json')
const ctx = { surface: 'main' as const }

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-settings-ipc-'))
  settings = await SettingsService.open({
    filePath: file(),
    openBackend: () =>
      new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', projectName: 'loa' }),
  })
  // Something on disk to compare with: a first, valid change through the same path.
  router = createRouter(handlers({ 'settings:update': (patch) => settings.update(patch) }))
  expect(await router.dispatch('settings:update', { language: 'en' }, ctx)).toMatchObject({ ok: true })
  changes = 0
  settings.onChange(() => changes++)
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('settings:update through the router', () => {
  it('saves a valid change', async () => {
    const r = await router.dispatch(
      'settings:update',
      { refreshIntervalSec: 120, audio: { soundCues: false } },
      ctx,
    )
    expect(r).toMatchObject({ ok: true, value: { refreshIntervalSec: 120, audio: { soundCues: false } } })
    expect(JSON.parse(await readFile(file(), 'utf8'))).toMatchObject({ refreshIntervalSec: 120 })
    expect(changes).toBe(1)
  })

  const wrong: Array<[string, unknown, string]> = [
    ['a number as text', { refreshIntervalSec: '60' }, 'refreshIntervalSec'],
    ['a language that is not one', { language: 7 }, 'language'],
    ['a nested flag as text', { audio: { soundCues: 'yes' } }, 'audio'],
    ['a session length as text', { realtime: { maxDurationSec: '1800' } }, 'realtime'],
    ['an address that is not text', { baseUrl: 42 }, 'baseUrl'],
    ['a field settings do not have, beside a valid one', { theme: 'dark', admin: true }, ''],
    ['not an object at all', 'dark', ''],
  ]
  it.each(wrong)('refuses %s with invalid_input and saves nothing', async (_name, patch, field) => {
    const before = settings.get()
    const onDisk = await readFile(file(), 'utf8')
    const r = await router.dispatch('settings:update', patch, ctx)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe('invalid_input')
    expect(r.error.message).toMatch(/^settings:update: /)
    expect(r.error.field ?? '').toMatch(new RegExp(`^${field}`))
    expect(settings.get()).toEqual(before)
    expect(await readFile(file(), 'utf8')).toBe(onDisk)
    expect(changes).toBe(0)
  })
})

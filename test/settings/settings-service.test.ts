import { readdir, readFile, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../main/errors'
import { DEFAULT_SETTINGS } from '../../main/settings/settings-schema'
import { SettingsService, type SettingsBackend } from '../../main/settings/settings-service'
import { settingsProfile } from './support/settings-profile'

const { dir, file, open } = settingsProfile('loa-settings-', { now: () => new Date('2026-11-22T10:00:00Z') })

describe('settings', () => {
  it('start from defaults and survive a restart', async () => {
    const first = await open()
    expect(first.get()).toEqual(DEFAULT_SETTINGS)
    first.update({ language: 'en', audio: { soundCues: false }, lowBalanceThresholdVnd: 120_000 })
    const second = await open()
    expect(second.get().language).toBe('en')
    expect(second.get().audio).toEqual({ ...DEFAULT_SETTINGS.audio, soundCues: false })
    expect(second.get().lowBalanceThresholdVnd).toBe(120_000)
    expect(second.snapshot().restoredFrom).toBeUndefined()
  })

  it('refuse invalid changes, naming the field, and keep the old values', async () => {
    const s = await open()
    const bad: unknown[] = [
      { language: 'fr' },
      { refreshIntervalSec: 1 },
      { baseUrl: 'ftp://x' },
      { baseUrl: 'https://user:pw@gw.example' },
      { audio: { soundCues: 'yes' } },
      { unknownField: 1 },
      { tts: { speed: 9 } },
      { realtime: { maxDurationSec: 30 } },
      { realtime: { maxDurationSec: 86_401 } },
      { realtime: { maxDurationSec: 90.5 } },
    ]
    for (const patch of bad) {
      expect(() => s.update(patch)).toThrow(AppError)
    }
    try {
      s.update({ tts: { speed: 9 } })
    } catch (err) {
      expect((err as AppError).kind).toBe('invalid_input')
      expect((err as AppError).field).toBe('tts.speed')
    }
    expect(s.get()).toEqual(DEFAULT_SETTINGS)
  })

  it('refuse a gateway address the key may not go to, with the rule’s own code, and keep the old one', async () => {
    const s = await open()
    s.update({ baseUrl: 'https://gw.example.com' })
    for (const [baseUrl, code] of [
      ['http://gw.example.com', 'base_url_not_https'],
      ['http://10.0.0.2:8080', 'base_url_not_https'],
      ['https://gw.example.com/v1', 'base_url_has_v1'],
    ]) {
      expect(() => s.update({ baseUrl })).toThrow(expect.objectContaining({ field: 'baseUrl', code }))
    }
    expect((await open()).get().baseUrl).toBe('https://gw.example.com')
    // The demo's plain http on this machine is allowed, stored the way the key form stores it.
    expect(s.update({ baseUrl: 'http://127.0.0.1:8080/' }).baseUrl).toBe('http://127.0.0.1:8080')
    expect(s.update({ baseUrl: 'http://[::1]:8080' }).baseUrl).toBe('http://[::1]:8080')
    expect(s.update({ baseUrl: null }).baseUrl).toBeNull()
  })

  it('keep the session length: none by default (the service decides), a whole number of seconds up to 24 h', async () => {
    expect(DEFAULT_SETTINGS.realtime.maxDurationSec).toBeNull()
    const first = await open()
    first.update({ realtime: { maxDurationSec: 86_400 } })
    expect((await open()).get().realtime).toEqual({ ...DEFAULT_SETTINGS.realtime, maxDurationSec: 86_400 })
    first.update({ realtime: { maxDurationSec: null } })
    expect((await open()).get().realtime.maxDurationSec).toBeNull()
  })

  it('read a file saved before the session length existed without calling it damaged', async () => {
    const { maxDurationSec: _, ...older } = { ...DEFAULT_SETTINGS.realtime, voice: 'marin' }
    await writeFile(file(), JSON.stringify({ ...DEFAULT_SETTINGS, realtime: older }))
    const s = await open()
    expect(s.get().realtime).toEqual({ ...DEFAULT_SETTINGS.realtime, voice: 'marin' })
    expect(s.snapshot().restoredFrom).toBeUndefined()
  })

  it('tell listeners about every change', async () => {
    const s = await open()
    const seen: string[] = []
    s.onChange((v) => seen.push(v.theme))
    s.update({ theme: 'dark' })
    s.update({ theme: 'light' })
    expect(seen).toEqual(['dark', 'light'])
  })

  it('restore defaults from a file that is not JSON, keeping it as a backup', async () => {
    await writeFile(file(), '{"language": "en", oops')
    const s = await open()
    // Someone wrote the file, so they are not sent through the first-run welcome again.
    const restoredDefaults = { ...DEFAULT_SETTINGS, welcome: { status: 'finished', done: [] } }
    expect(s.get()).toEqual(restoredDefaults)
    const restored = s.snapshot().restoredFrom
    expect(restored?.reason).toContain('not valid JSON')
    expect(await readFile(restored!.backupPath, 'utf8')).toBe('{"language": "en", oops')
    // The live file is valid again.
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual(restoredDefaults)
  })

  it('keep every valid value of a damaged file and name the ones replaced', async () => {
    await writeFile(
      file(),
      JSON.stringify({
        language: 'en',
        theme: 'purple',
        audio: { soundCues: false, echoCancellation: 'maybe' },
        refreshIntervalSec: 90,
      }),
    )
    const s = await open()
    expect(s.get().language).toBe('en')
    expect(s.get().theme).toBe('system')
    expect(s.get().refreshIntervalSec).toBe(90)
    expect(s.get().audio.soundCues).toBe(false)
    expect(s.get().audio.echoCancellation).toBe(true)
    const reason = s.snapshot().restoredFrom?.reason ?? ''
    expect(reason).toContain('theme')
    expect(reason).toContain('audio.echoCancellation')
    const files = await readdir(dir())
    expect(files.some((f) => f.startsWith('settings.json.damaged-'))).toBe(true)
  })

  it('keep a change in memory when the disk refuses it, and save it on the next change', async () => {
    let failing = true
    let written: Record<string, unknown> | null = null
    const backend: SettingsBackend = {
      get store() {
        return written ?? {}
      },
      set store(v) {
        if (failing && written !== null)
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' })
        written = structuredClone(v)
      },
    }
    const s = await SettingsService.open({ filePath: file(), openBackend: () => backend })
    expect(() => s.update({ language: 'en' })).toThrow(expect.objectContaining({ kind: 'storage' }))
    expect(s.get().language).toBe('en')
    expect(s.unsaved).toBe(true)
    failing = false
    s.update({ theme: 'dark' })
    expect(s.unsaved).toBe(false)
    expect(written).toMatchObject({ language: 'en', theme: 'dark' })
  })
})

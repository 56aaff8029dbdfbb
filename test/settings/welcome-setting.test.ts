// Who is sent through the first-run welcome: a fresh profile is; a settings file written before the welcome
// existed (a user who already set Loa up) is not; what the welcome records survives a restart.
import { rm, writeFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { settingsProfile } from './support/settings-profile'

const { file, open } = settingsProfile('loa-welcome-setting-')

describe('the welcome setting', () => {
  it('is pending on a fresh profile, and stays pending across a restart until the user acts', async () => {
    expect((await open()).get().welcome).toEqual({ status: 'pending', done: [] })
    expect((await open()).get().welcome).toEqual({ status: 'pending', done: [] })
  })

  it('counts as finished for a settings file from before the welcome', async () => {
    await writeFile(file(), JSON.stringify({ language: 'en', baseUrl: 'https://gw.example' }))
    const s = await open()
    expect(s.get().welcome).toEqual({ status: 'finished', done: [] })
    expect(s.get().language).toBe('en')
  })

  it('counts as finished when that file is damaged, and pending for an empty one', async () => {
    await writeFile(file(), '{"language": "en",')
    expect((await open()).get().welcome.status).toBe('finished')
    await rm(file(), { force: true })
    await writeFile(file(), '')
    expect((await open()).get().welcome.status).toBe('pending')
  })

  it('records the steps done and the outcome, and keeps them after a restart', async () => {
    const s = await open()
    s.update({ welcome: { done: ['language', 'key'] } })
    s.update({ welcome: { status: 'skipped' } })
    expect((await open()).get().welcome).toEqual({ status: 'skipped', done: ['language', 'key'] })
  })

  it('refuses an unknown step, a step twice and an unknown status', async () => {
    const s = await open()
    expect(() => s.update({ welcome: { done: ['dance'] } })).toThrow()
    expect(() => s.update({ welcome: { done: ['key', 'key'] } })).toThrow()
    expect(() => s.update({ welcome: { status: 'maybe' } })).toThrow()
    expect(s.get().welcome).toEqual({ status: 'pending', done: [] })
  })
})

// A settings file in a fresh folder for each test, opened as the app opens it (electron-store's backend,
// conf), so a test can close it and open it again as a restart does.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach } from 'vitest'
import { SettingsService, type OpenSettingsOptions } from '../../../main/settings/settings-service'

export interface SettingsProfile {
  dir(): string
  file(): string
  open(): Promise<SettingsService>
}

export function settingsProfile(
  prefix: string,
  extra: Partial<Omit<OpenSettingsOptions, 'filePath' | 'openBackend'>> = {},
): SettingsProfile {
  let dir = ''
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), prefix))
  })
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true })
  })
  const file = () => join(dir, 'settings.json')
  return {
    dir: () => dir,
    file,
    open: () =>
      SettingsService.open({
        ...extra,
        filePath: file(),
        openBackend: () =>
          new Conf<Record<string, unknown>>({ cwd: dir, configName: 'settings', projectName: 'loa' }),
      }),
  }
}

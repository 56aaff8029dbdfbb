// Starts the browser harness over a fresh data folder, with the renderer bundle the app ships.
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHarness, type WebHarness, type WebHarnessOptions } from '../../../main/web/harness'

export const RENDERER_DIR = join(import.meta.dirname, '../../../out/renderer')

export interface TestHarnessOptions extends Partial<WebHarnessOptions> {
  /**
   * True: the profile is as new as on a user's first start, so the main window opens on the welcome.
   * Otherwise the welcome is recorded as finished and the main window opens on its views, as for a user who
   * has set Loa up (test/e2e/welcome.test.ts walks the welcome itself).
   */
  firstRun?: boolean
}

export async function startTestHarness(
  opts: TestHarnessOptions = {},
): Promise<WebHarness & { dataDir: string }> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:web` (npm test does it first).')
  }
  const { firstRun = false, ...harnessOpts } = opts
  // A folder the test passes in is the test's to keep (a restart on the same profile); one made here is removed.
  const ownDir = harnessOpts.dataDir === undefined
  const dataDir = harnessOpts.dataDir ?? (await mkdtemp(join(tmpdir(), 'loa-e2e-')))
  if (ownDir && !firstRun) {
    await writeFile(
      join(dataDir, 'settings.json'),
      JSON.stringify({ welcome: { status: 'finished', done: [] } }),
    )
  }
  const harness = await startWebHarness({
    rendererDir: RENDERER_DIR,
    osLocale: 'vi-VN',
    ...harnessOpts,
    dataDir,
  })
  return {
    ...harness,
    dataDir,
    async close() {
      await harness.close()
      if (ownDir) await rm(dataDir, { recursive: true, force: true })
    },
  }
}

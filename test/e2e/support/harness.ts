// Starts the browser harness over a fresh data folder, with the renderer bundle the app ships.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startWebHarness, type WebHarness, type WebHarnessOptions } from '../../../main/web/harness'

export const RENDERER_DIR = join(import.meta.dirname, '../../../out/renderer')

export async function startTestHarness(
  opts: Partial<WebHarnessOptions> = {},
): Promise<WebHarness & { dataDir: string }> {
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) {
    throw new Error('The renderer is not built: run `npm run build:web` (npm test does it first).')
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'loa-e2e-'))
  const harness = await startWebHarness({ dataDir, rendererDir: RENDERER_DIR, osLocale: 'vi-VN', ...opts })
  return {
    ...harness,
    dataDir,
    async close() {
      await harness.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

// Bundles the browser-side bridge (preload/web-bridge.ts) once per harness start.
import { build } from 'esbuild'
import { fileURLToPath } from 'node:url'

const ENTRY = fileURLToPath(new URL('../../preload/web-bridge.ts', import.meta.url))

export async function bundleWebBridge(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  })
  const file = result.outputFiles[0]
  if (!file) throw new Error('the web bridge did not bundle')
  return file.text
}

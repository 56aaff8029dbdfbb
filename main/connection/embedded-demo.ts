// The demo service Loa runs in-process when no key is saved: just another base URL and key.
import { startDemoServer, type DemoServerOptions } from '../demo/server'
import type { DemoHandle } from './connection-service'

/** `variant` left out: the demo's own default (LOA_DEMO_VARIANT, else `default`). */
export async function startEmbeddedDemo(
  opts: Pick<DemoServerOptions, 'variant' | 'wsToken'> = {},
): Promise<DemoHandle> {
  const server = await startDemoServer({ port: 0, ...opts })
  const key = server.keys.ordinary
  if (!key) throw new Error('the demo service has no ordinary account')
  return { baseUrl: server.baseUrl, key, close: () => server.close() }
}

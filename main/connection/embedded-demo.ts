// The demo service Loa runs in-process when no key is saved: just another base URL and key.
import { startDemoServer } from '../demo/server'
import type { DemoHandle } from './connection-service'

export async function startEmbeddedDemo(): Promise<DemoHandle> {
  const server = await startDemoServer({ port: 0 })
  const key = server.keys.ordinary
  if (!key) throw new Error('the demo service has no ordinary account')
  return { baseUrl: server.baseUrl, key, close: () => server.close() }
}

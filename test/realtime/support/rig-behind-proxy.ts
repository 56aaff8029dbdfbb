// The engine rig with the network rig's TCP proxy (bench/netem) between it and the demo service: every
// request and socket of the engine goes through the proxy, whose port its URLs are rewritten to. What a
// test starts is closed after it.
import { afterEach } from 'vitest'
import { profile } from '../../../bench/netem/profiles'
import { startTcpProxy, type TcpProxy } from '../../../bench/netem/tcp-proxy'
import { startRig, type DemoRig, type RigOptions } from './demo-engine'

/** Call at the top of a test file: it registers the afterEach that closes the rig and its proxy. */
export function rigsBehindProxy(): {
  start(
    model: string,
    profileName: string,
    seed: number,
    opts?: RigOptions,
  ): Promise<{ r: DemoRig; p: TcpProxy }>
} {
  let rig: DemoRig | null = null
  let proxy: TcpProxy | null = null
  afterEach(async () => {
    await rig?.close()
    await proxy?.close()
    rig = proxy = null
  })
  return {
    async start(model, profileName, seed, opts = {}) {
      let port = 0
      const r = (rig = await startRig(model, {
        ...opts,
        rewriteUrl: (url) => url.replace(/:\d+\//, `:${port}/`),
      }))
      const p = (proxy = await startTcpProxy({
        targetPort: Number(new URL(r.demo.baseUrl).port),
        profile: profile(profileName),
        seed,
      }))
      port = p.port
      return { r, p }
    },
  }
}

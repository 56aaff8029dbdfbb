// The demo service in a process of its own, as the real service runs apart from Loa: its synthesis and
// timers then compete with the measured code only for cores, not for one event loop.
import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const START_TIMEOUT_MS = 20_000
/** Enough that no measurement runs out of money. */
const WALLET_VND = 50_000_000

export interface DemoProcess {
  baseUrl: string
  /** The `ordinary` account's key. */
  key: string
  stop(): void
}

/** Starts `loa demo-server` with `args`, tops up the ordinary wallet and resolves once it serves. */
export async function startDemoProcess(args: string[] = []): Promise<DemoProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'main/cli/index.ts', 'demo-server', ...args],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  try {
    const line = await new Promise<string>((resolve, reject) => {
      let out = ''
      const timer = setTimeout(() => reject(new Error('demo server did not start')), START_TIMEOUT_MS)
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString()
        const nl = out.indexOf('\n')
        if (nl >= 0) {
          clearTimeout(timer)
          resolve(out.slice(0, nl))
        }
      })
    })
    const info = JSON.parse(line) as { baseUrl: string; keys: { ordinary: string } }
    const demo = { baseUrl: info.baseUrl, key: info.keys.ordinary, stop: () => void child.kill('SIGTERM') }
    await demoControl(demo, 'wallet', { key: 'ordinary', realVND: WALLET_VND })
    return demo
  } catch (error) {
    child.kill('SIGTERM')
    throw error
  }
}

/** POSTs to the demo's loopback-only control endpoint. */
export async function demoControl(demo: DemoProcess, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${demo.baseUrl}/__demo/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!res.ok) throw new Error(`POST /__demo/${path} answered ${res.status}: ${await res.text()}`)
}

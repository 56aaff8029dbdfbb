// The live cost meter against the real demo service over both protocols: just before each settlement
// that follows a turn, the meter's figure is within 20 % of the amount the service settles, and a quiet
// stretch does not raise it (realtime-api.md: billing is per token by kind, settled every 60 s).
import { afterEach, describe, expect, it } from 'vitest'
import { mountRealtime } from '../../../main/demo/realtime/index'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import type { EngineEvent } from '../../../main/realtime/engine/engine-events'
import { SessionEngine } from '../../../main/realtime/engine/session-engine'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'
import type { TransportConnector } from '../../../main/realtime/transports/transport'
import { webSocketConnector } from '../../../main/realtime/transports/ws-transport'
import { MODELS, speak } from '../support/demo-engine'

/** 60 s billing windows every 2 s of test time. */
const TIME_SCALE = 30

interface Settlement {
  /** The meter's figure as the settlement arrived, before the engine read it. */
  meterVnd: number
  settledVnd: number
  atMs: number
}

let demo: DemoServer | null = null
let engine: SessionEngine | null = null
afterEach(async () => {
  await engine?.end().catch(() => {})
  await demo?.close()
  demo = engine = null
})

/** A connector that reads the meter as each `usage.settled` frame arrives, before the engine sees it. */
function meteringConnector(read: () => number, settlements: Settlement[]): TransportConnector {
  const inner = webSocketConnector()
  return (target, listener, options) =>
    inner(
      target,
      {
        ...listener,
        frame: (data) => {
          const text = typeof data === 'string' ? data : Buffer.from(data as ArrayBuffer).toString()
          const svc = (JSON.parse(text) as { svc?: { type?: string; total_vnd?: number } }).svc
          if (svc?.type === 'usage.settled' && typeof svc.total_vnd === 'number')
            settlements.push({ meterVnd: read(), settledVnd: svc.total_vnd, atMs: performance.now() })
          listener.frame(data)
        },
      },
      options,
    )
}

function until(pred: () => boolean, timeoutMs: number): Promise<void> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (pred()) return resolve()
      if (performance.now() - started > timeoutMs) return reject(new Error('timed out'))
      setTimeout(tick, 20)
    }
    tick()
  })
}

describe.each([
  ['Model R-style', MODELS['model-r']],
  ['live-type (Model L)', MODELS.live],
])('live cost meter over the %s protocol', (_name, model) => {
  it('is within 20 % of each settled amount after a turn, and stays put while nobody talks', async () => {
    const server = (demo = await startDemoServer({
      port: 0,
      seed: 1,
      timeScale: TIME_SCALE,
      mounts: [(ctx) => mountRealtime(ctx)],
    }))
    const settlements: Settlement[] = []
    const api = new SessionsApi({ baseUrl: server.baseUrl, key: server.keys.ordinary })
    const e: SessionEngine = (engine = new SessionEngine(
      { api, connect: meteringConnector((): number => e.cost().totalVnd, settlements) },
      { model, transport: 'websocket', instructions: 'Answer in English.', costTickMs: 0 },
    ))
    const events: EngineEvent[] = []
    e.on((ev) => events.push(ev))

    e.press()
    await speak(e, 1_500)
    e.release()
    await until(() => events.some((ev) => ev.type === 'response' && ev.phase === 'done'), 20_000)
    const doneAtMs = performance.now()
    // Two settlements after the answer: the first covers the turn, the second a quiet window.
    await until(() => settlements.filter((s) => s.atMs > doneAtMs).length >= 2, 20_000)

    const after = settlements.filter((s) => s.atMs > doneAtMs)
    const [turn, quiet] = after as [Settlement, Settlement]
    expect(turn.settledVnd).toBeGreaterThan(0)
    expect(Math.abs(turn.meterVnd - turn.settledVnd)).toBeLessThanOrEqual(turn.settledVnd * 0.2)
    // Nothing was said between the two settlements: the meter did not move.
    expect(quiet.meterVnd).toBe(turn.settledVnd)
    expect(quiet.settledVnd).toBe(turn.settledVnd)
    expect(e.cost().settledVnd).toBe(turn.settledVnd)
  }, 40_000)
})

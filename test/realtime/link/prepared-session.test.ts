// The keeper of a session made ready ahead, against the demo service running 100 times faster than real
// time (its 60 s connect window passes in 0.6 s): the session is renewed before its connect_by, every
// replaced one ends cancelled with nothing charged, and the one handed over still has time to connect.
import { afterEach, describe, expect, it } from 'vitest'
import { mountRealtime, type RealtimeMount } from '../../../main/demo/realtime/index'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { scaledClock } from '../../../main/realtime/engine/engine-clock'
import { PreparedSession } from '../../../main/realtime/link/prepared-session'
import { SessionsApi } from '../../../main/api/realtime/sessions-api'

const SCALE = 100

let demo: DemoServer | null = null

afterEach(async () => {
  await demo?.close()
  demo = null
})

async function start(): Promise<{ demo: DemoServer; realtime: RealtimeMount; api: SessionsApi }> {
  let realtime: RealtimeMount | undefined
  const d = (demo = await startDemoServer({
    port: 0,
    seed: 1,
    timeScale: SCALE,
    mounts: [(ctx) => (realtime = mountRealtime(ctx))],
  }))
  return {
    demo: d,
    realtime: realtime as RealtimeMount,
    api: new SessionsApi({ baseUrl: d.baseUrl, key: d.keys.ordinary }),
  }
}

function walletVnd(d: DemoServer): number {
  const record = d.context.directory.keys.find((k) => k.name === 'ordinary')
  const account = d.context.accounts.find((a) => a.id === record?.accountId)
  if (!account) throw new Error('no ordinary account')
  return d.context.ledger.balanceVND(account)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function poll(pred: () => boolean, what: string): Promise<void> {
  for (let i = 0; !pred(); i++) {
    if (i > 1_500) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

describe('a prepared session', () => {
  it('is renewed before its connect_by, the replaced ones cancelled and never charged', async () => {
    const { demo: d, realtime, api } = await start()
    const before = walletVnd(d)
    const seen: string[] = []
    const keeper = new PreparedSession({
      api,
      clock: scaledClock(SCALE),
      params: { model: 'openai/gpt-realtime', turnDetection: 'manual', transport: 'websocket' },
      ready: (s) => void seen.push(s.id),
    })
    keeper.start()
    // Three sessions: two connect windows (2 x 60 s of the service's time) went by with none connected.
    await poll(() => seen.length >= 3, 'two renewals')
    const kept = keeper.session?.id as string
    const replaced = seen.filter((id) => id !== kept)
    await poll(() => replaced.every((id) => realtime.getSessionDebug(id)?.status === 'cancelled'), 'cancels')

    expect(realtime.getSessionDebug(kept)).toMatchObject({ status: 'created', connected: false })
    const taken = keeper.take()
    expect(taken?.session.id).toBe(kept)
    // Handed over with time left to connect, and the keeper makes no more.
    expect(realtime.getSessionDebug(kept)?.status).toBe('created')
    const creates = keeper.creates
    await sleep(1_000)
    expect(keeper.creates).toBe(creates)
    expect(walletVnd(d)).toBe(before)
    await api.delete(kept)
  })

  it('is not handed over once its window has run out, and is deleted', async () => {
    const { realtime, api } = await start()
    // A clock that stands still for the renewal (a suspended machine), then jumps past connect_by.
    let nowMs = 0
    const clock = {
      now: () => nowMs,
      setTimeout: () => null,
      clearTimeout: () => {},
    }
    const keeper = new PreparedSession({
      api,
      clock,
      params: { model: 'openai/gpt-realtime', turnDetection: 'manual', transport: 'websocket' },
    })
    keeper.start()
    await poll(() => keeper.session !== null, 'a session')
    const id = keeper.session?.id as string
    nowMs += 58_000
    expect(keeper.take()).toBeNull()
    await poll(() => realtime.getSessionDebug(id)?.status === 'cancelled', 'the stale one deleted')
  })
})

// The engine when the demo service cuts a session with `session.terminated` (realtime-api.md "States
// and transitions" 5, "Events"): a cut for maintenance, a system error or the declared length is renewed
// with a new session and the unanswered turn goes to it whole; a cut for money or the key is not; an
// unreadable reason is renewed once, and a second cut within a minute stops. Both wire protocols, both
// demo variants (the reason travels in each variant's own event shape).
import { afterEach, describe, expect, it } from 'vitest'
import { MODELS, received, speak, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

const TURN_MS = 600

async function oneTurn(r: DemoRig): Promise<void> {
  r.engine.press()
  await speak(r.engine, TURN_MS)
  r.engine.release()
}

async function waitFor(ok: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

describe.each([
  ['model-r', 'default'],
  ['live', 'alt'],
] as const)('%s on the %s variant', (wire, variant) => {
  it('renews a session cut for maintenance and sends the unanswered turn to the new one', async () => {
    const r = (rig = await startRig(MODELS[wire], { variant }))
    r.demo.faults.terminateOnCommit = { count: 1, reason: 'maintenance' }
    await oneTurn(r)
    const cut = await r.next('terminated')
    expect(cut).toMatchObject({ reason: 'maintenance', cause: 'maintenance', renewal: 'renewing' })
    const fresh = await r.next('session', (s) => s.sessionId !== cut.sessionId)
    expect(fresh.resumed).toBe(false)
    const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final, 20_000)
    expect(answer.text.length).toBeGreaterThan(0)
    // The old session got the turn and was cut before answering; the new one got the same turn again.
    const before = received(r, cut.sessionId).committed
    const after = received(r, fresh.sessionId).committed
    expect(before).toHaveLength(1)
    expect(after).toHaveLength(1)
    expect(after[0]).toBe(before[0])
    expect(after[0]).toBeGreaterThanOrEqual(TURN_MS * 16 * 0.9)
    expect(r.of('error').filter((e) => e.fatal)).toEqual([])
  })

  it('does not renew a session cut because the wallet is empty, however the reason is spelled', async () => {
    const r = (rig = await startRig(MODELS[wire], { variant }))
    r.demo.faults.terminateOnCommit = { count: 1, reason: 'Wallet-Empty' }
    await oneTurn(r)
    const cut = await r.next('terminated')
    expect(cut).toMatchObject({ reason: 'Wallet-Empty', cause: 'wallet', renewal: 'refused' })
    await waitFor(() => r.engine.state === 'idle')
    // A little later, still one session: none was created in its place.
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(r.of('session').map((s) => s.sessionId)).toEqual([cut.sessionId])
    expect(r.engine.state).toBe('idle')
    expect(r.realtime.getSessionDebug(cut.sessionId)).not.toBeNull()
  })
})

describe('reasons that are not renewed, and loops', () => {
  it.each([
    ['max_spend_reached', 'spend_cap'],
    ['api_key_suspended', 'key'],
    ['key_spend_limit', 'key'],
  ] as const)('%s is read as %s and not renewed', async (reason, cause) => {
    const r = (rig = await startRig(MODELS['model-r']))
    r.demo.faults.terminateOnCommit = { count: 1, reason }
    await oneTurn(r)
    const cut = await r.next('terminated')
    expect(cut).toMatchObject({ cause, renewal: 'refused' })
    await waitFor(() => r.engine.state === 'idle')
    expect(r.of('session')).toHaveLength(1)
  })

  it('renews a cut with a reason it cannot read once; a second cut within a minute stops and says so', async () => {
    const r = (rig = await startRig(MODELS['model-r']))
    r.demo.faults.terminateOnCommit = { count: 2, reason: 'zq-unheard-of' }
    await oneTurn(r)
    const first = await r.next('terminated')
    expect(first).toMatchObject({ cause: 'unknown', renewal: 'renewing' })
    // The renewed session is given the turn again, is cut again at its commit, and the engine stops.
    const second = await r.next('terminated', (t) => t.sessionId !== first.sessionId)
    expect(second).toMatchObject({ cause: 'unknown', renewal: 'repeated' })
    await waitFor(() => r.engine.state === 'idle')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(r.of('session')).toHaveLength(2)
    expect(received(r, second.sessionId).committed).toHaveLength(1)
  })

  it('renews each time the declared length runs out, even within a minute', async () => {
    // At 100x, a 60-second session lasts 0.6 real seconds: the renewals come well inside a minute.
    const r = (rig = await startRig(MODELS['model-r'], {
      timeScale: 100,
      engine: { maxDurationSec: 60, idleEndMs: 0 },
    }))
    r.engine.warm()
    // Two cuts, and the session that followed the second open.
    await waitFor(() => r.of('terminated').length >= 2 && r.of('session').length >= 3, 15_000)
    const cuts = r.of('terminated').slice(0, 2)
    expect(cuts.map((c) => [c.cause, c.renewal])).toEqual([
      ['max_duration', 'renewing'],
      ['max_duration', 'renewing'],
    ])
    expect(new Set(r.of('session').map((s) => s.sessionId)).size).toBeGreaterThanOrEqual(3)
  })
})

// A conversation with a spending cap against the demo service over WebSocket (realtime-api.md "Session
// create request" `max_spend_vnd`, "Events" `warning.max_spend` and `session.terminated`): the cap is
// sent and the session object carries it, the meter holds it, the warning past 80 % reaches the engine
// with the service's figures, and the cut at the cap is read as the cap's and not renewed. Both wire
// protocols on both demo variants, whose warning and termination payloads differ (demo/README.md).
import { afterEach, describe, expect, it } from 'vitest'
import { MODELS, speak, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

/** Well below what one answer costs on either model, so one turn passes 80 % and then the cap. */
const CAP_VND = 40

describe.each([
  ['model-r', 'default'],
  ['model-r', 'alt'],
  ['live', 'default'],
  ['live', 'alt'],
] as const)('%s on the %s variant', (wire, variant) => {
  it('sends the cap, warns past 80 %, and stops at the cap without a new session', async () => {
    const r = (rig = await startRig(MODELS[wire], { variant, engine: { maxSpendVnd: CAP_VND } }))
    r.engine.press()
    await speak(r.engine, 600)
    r.engine.release()
    const session = await r.next('session')
    expect(r.realtime.getSessionDebug(session.sessionId)).not.toBeNull()

    const warning = await r.next('warning', (w) => w.kind === 'max_spend', 20_000)
    expect(warning.maxSpendVnd).toBe(CAP_VND)
    expect(warning.usedPercent).toBeGreaterThan(80)
    expect(warning.totalVnd).toBeGreaterThan(CAP_VND * 0.8 - 1)

    const cut = await r.next('terminated', () => true, 20_000)
    expect(cut).toMatchObject({ sessionId: session.sessionId, cause: 'spend_cap', renewal: 'refused' })
    // The warning came before the cut, from the same session.
    expect(r.events.indexOf(warning)).toBeLessThan(r.events.indexOf(cut))
    // The meter held the session's own cap from its creation on.
    const costs = r.of('cost')
    expect(costs.length).toBeGreaterThan(0)
    expect(costs.every((c) => c.cost.maxSpendVnd === CAP_VND)).toBe(true)

    await waitFor(() => r.engine.state === 'idle')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(r.of('session').map((s) => s.sessionId)).toEqual([session.sessionId])
    expect(r.realtime.getSessionDebug(session.sessionId)?.status).toBe('terminated')
  })
})

async function waitFor(ok: () => boolean, timeoutMs = 8_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

// The model's calls of Loa's tools through the engine against the demo service over real WebSockets,
// for both wire protocols and both demo variants: the demo model calls a declared tool in its protocol's
// event sequence, the real tool reads the demo's management API, the result goes back on the wire and the
// model's answer quotes it. Failures, timeouts and cancellations are answered or dropped as the
// protocols want, never left hanging.
import { afterEach, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../../main/demo/server'
import { demoTools } from '../../voice/tools/demo-tools'
import { MODELS, speak, startRig, type DemoRig } from '../support/demo-engine'

/** The answers quote the tools' JSON and are long to speak: the demo's time runs this much faster. */
const FAST = 5

let rig: DemoRig | null = null
afterEach(async () => {
  if (rig) Object.assign(rig.demo.faults, { latencyMs: 0, failNext: null })
  await rig?.close()
  rig = null
})

function frames(r: DemoRig): Record<string, unknown>[] {
  return r.sockets.flatMap((s) => s.sent.map((f) => JSON.parse(f.frame) as Record<string, unknown>))
}

async function walletOf(demo: DemoServer): Promise<number> {
  const res = await fetch(`${demo.baseUrl}/__demo/state`)
  const state = (await res.json()) as { accounts: { key: string; wallet: { totalVND: number } }[] }
  return state.accounts.find((a) => a.key === 'ordinary')?.wallet.totalVND as number
}

/** What the engine sent as the tool's answer, whichever protocol. */
function toolAnswers(r: DemoRig): { callId: string; output: string; error: boolean }[] {
  const out: { callId: string; output: string; error: boolean }[] = []
  for (const f of frames(r)) {
    const item = f.item as { type?: string; call_id?: string; output?: string } | undefined
    if (f.type === 'conversation.item.create' && item?.type === 'function_call_output')
      out.push({ callId: item.call_id as string, output: item.output as string, error: false })
    const tr = f.toolResponse as
      { functionResponses: { id: string; response: { output?: string; error?: string } }[] } | undefined
    for (const fr of tr?.functionResponses ?? [])
      out.push({
        callId: fr.id,
        output: fr.response.output ?? fr.response.error ?? '',
        error: 'error' in fr.response,
      })
  }
  return out
}

describe.each(['model-r', 'live'] as const)('%s', (wire) => {
  it.each(['default', 'alt'] as const)(
    'a typed turn asking for the balance calls get_balance, and the answer quotes it (%s variant)',
    async (variant) => {
      const r = (rig = await startRig(MODELS[wire], { variant, tools: demoTools, timeScale: FAST }))
      r.engine.sendText('What is my balance?')
      const started = await r.next('tool', (e) => e.phase === 'started')
      expect(started).toMatchObject({ name: 'get_balance', arguments: {} })
      const done = await r.next('tool', (e) => e.phase === 'done')
      const wallet = await walletOf(r.demo)
      expect(done.phase === 'done' && done.result).toMatchObject({
        balanceVnd: wallet,
        plan: 'ADVANCED_PLUS',
      })
      const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final, 15_000)
      expect(answer.text).toContain('Result of get_balance: {"balanceVnd":')
      expect(answer.text).toContain(`"balanceVnd":${wallet}`)
      const answers = toolAnswers(r)
      expect(answers).toHaveLength(1)
      expect(answers[0]?.callId).toBe(started.callId)
      expect(JSON.parse(answers[0]!.output)).toEqual(done.phase === 'done' ? done.result : null)
      if (wire === 'model-r') {
        const types = frames(r).map((f) => f.type)
        // The output, then one response.create for it, after the typed turn's own.
        expect(types.filter((t) => t === 'response.create')).toHaveLength(2)
        expect(types.lastIndexOf('response.create')).toBeGreaterThan(
          types.indexOf('conversation.item.create', 1),
        )
      }
      // The session declared the tools it runs.
      const sessionId = r.engine.sessionId as string
      expect(r.realtime.getSessionDebug(sessionId)).toBeTruthy()
      expect(r.of('error')).toEqual([])
    },
  )

  it('a spoken turn calls the tool a demo control named, here get_spend', async () => {
    const r = (rig = await startRig(MODELS[wire], { tools: demoTools, timeScale: FAST }))
    r.demo.faults.toolCallNext = { count: 1, name: 'get_spend', args: {} }
    r.engine.press()
    await speak(r.engine, 600)
    r.engine.release()
    const done = await r.next('tool', (e) => e.phase === 'done', 15_000)
    expect(done.name).toBe('get_spend')
    expect(done.phase === 'done' && done.result).toMatchObject({ todayVnd: expect.any(Number) })
    const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final, 15_000)
    expect(answer.text).toContain('Result of get_spend: {"today":')
    expect(r.demo.faults.toolCallNext).toBeNull()
  })

  it('a failing tool answers the model with a structured error', async () => {
    const r = (rig = await startRig(MODELS[wire], { tools: demoTools, timeScale: FAST }))
    r.engine.sendText('hello')
    await r.next('response', (e) => e.phase === 'done')
    // The session is open: from now on the management API fails.
    r.demo.faults.failNext = { count: 20, status: 500 }
    r.engine.sendText('and my balance?')
    const failed = await r.next('tool', (e) => e.phase === 'failed', 15_000)
    expect(failed.phase === 'failed' && failed.error.code).toBeTruthy()
    const answers = toolAnswers(r)
    expect(answers).toHaveLength(1)
    expect(JSON.parse(answers[0]!.output)).toEqual({ error: failed.phase === 'failed' ? failed.error : null })
    if (wire === 'live') expect(answers[0]?.error).toBe(true)
    const answer = await r.next(
      'caption',
      (c) => c.role === 'assistant' && c.final && c.text.includes('Result'),
      15_000,
    )
    expect(answer.text).toContain('Result of get_balance: {"error":')
  })

  it('a tool that does not answer in time is answered with a timeout error', async () => {
    const r = (rig = await startRig(MODELS[wire], {
      tools: demoTools,
      timeScale: FAST,
      engine: { toolTimeoutMs: 200 },
    }))
    r.engine.sendText('hello')
    await r.next('response', (e) => e.phase === 'done')
    r.demo.faults.latencyMs = 3_000
    r.engine.sendText('my balance, please')
    const failed = await r.next('tool', (e) => e.phase === 'failed', 15_000)
    expect(failed.phase === 'failed' && failed.error).toEqual({
      code: 'timeout',
      message: 'No result within 200 ms.',
    })
    const answer = await r.next(
      'caption',
      (c) => c.role === 'assistant' && c.final && c.text.includes('Result'),
      15_000,
    )
    expect(answer.text).toContain('"code":"timeout"')
    expect(r.of('tool').filter((e) => e.phase === 'done')).toEqual([])
  })
})

describe('live', () => {
  it('a call the service cancels is stopped and not answered', async () => {
    const r = (rig = await startRig(MODELS.live, { tools: demoTools, timeScale: FAST }))
    r.engine.sendText('hello')
    await r.next('response', (e) => e.phase === 'done')
    r.demo.faults.latencyMs = 2_000
    r.engine.sendText('what is my balance')
    const started = await r.next('tool', (e) => e.phase === 'started')
    // New input while the call runs: the demo cancels it (toolCallCancellation).
    r.engine.sendText('never mind')
    const cancelled = await r.next('tool', (e) => e.phase === 'cancelled', 15_000)
    expect(cancelled.callId).toBe(started.callId)
    const answer = await r.next(
      'caption',
      (c) => c.role === 'assistant' && c.final && c.text.includes('never mind'),
      15_000,
    )
    expect(answer.text).toMatch(/^You wrote: never mind\. This is turn \d+\.$/)
    r.demo.faults.latencyMs = 0
    expect(toolAnswers(r)).toEqual([])
    expect(r.of('tool').map((e) => e.phase)).toEqual(['started', 'cancelled'])
  })
})

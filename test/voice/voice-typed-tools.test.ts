// The voice service with a typed turn and Loa's tools against the demo service, over a WebSocket and over
// WebRTC with a real werift peer standing in for the main window's (model events on its data channel):
// the typed text opens the conversation and is the user's line, the demo model calls get_balance, the
// tool reads the demo's management API, and its card sits in the lines before the spoken answer.
import { describe, expect, it } from 'vitest'
import type { VoiceLine, VoiceStatus } from '../../preload/contract'
import { demoToolDeps } from './tools/demo-tools'
import { type VoiceRig } from './support/voice-rig'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'

const MODEL_R = 'openai/gpt-realtime'
const MODEL_L = 'google/gemini-live-2.5-flash'

const rigs = voiceRigsClosedAfterEach()
const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)
const lines = (r: VoiceRig): VoiceLine[] => r.voice.snapshot().lines

async function walletOf(r: VoiceRig): Promise<number> {
  const state = (await (await fetch(`${r.demo.baseUrl}/__demo/state`)).json()) as {
    accounts: { key: string; wallet: { totalVND: number } }[]
  }
  return state.accounts.find((a) => a.key === 'ordinary')?.wallet.totalVND as number
}

async function balanceTurn(r: VoiceRig, transport: 'websocket' | 'webrtc'): Promise<void> {
  r.voice.sendText('What is my balance?')
  await r.until(
    () => lines(r).some((l) => l.role === 'assistant' && l.final && l.text.includes('Result of get_balance')),
    45_000,
    'the answer quoting the tool',
  )
  expect(last(r)?.session?.transport).toBe(transport)
  const wallet = await walletOf(r)
  const all = lines(r)
  expect(all.map((l) => l.role)).toEqual(['user', 'tool', 'assistant'])
  expect(all[0]).toMatchObject({ text: 'What is my balance?', final: true })
  expect(all[1]?.tool).toMatchObject({
    name: 'get_balance',
    state: 'done',
    result: { balanceVnd: wallet, plan: 'ADVANCED_PLUS' },
    error: null,
  })
  expect(all[2]?.text).toContain(`"balanceVnd":${wallet}`)
  // The card went out to the window as it changed: running, then done.
  const cards = r.of('voice:line').filter((l) => l.role === 'tool')
  expect(cards.map((l) => l.tool?.state)).toEqual(['running', 'done'])
}

describe('typed turns and tools in the voice service', { timeout: 60_000 }, () => {
  it.each([MODEL_R, MODEL_L])('%s over a WebSocket', async (model) => {
    const r = await rigs.start(
      { model, transport: 'websocket' },
      'ordinary',
      undefined,
      undefined,
      {},
      demoToolDeps,
    )
    await balanceTurn(r, 'websocket')
    const summary = await r.voice.end()
    expect(summary?.turns).toBe(1)
  })

  it.each([
    [MODEL_R, 'default', ['"input_text"', '"function_call_output"']],
    [MODEL_R, 'alt', ['"input_text"', '"function_call_output"']],
    [MODEL_L, 'default', ['"clientContent"', '"toolResponse"']],
  ] as const)('%s over WebRTC, events on the data channel (%s variant)', async (model, variant, frames) => {
    const r = await rigs.start(
      { model, transport: 'webrtc' },
      'ordinary',
      undefined,
      variant,
      {},
      demoToolDeps,
    )
    const p = rigs.page(r)
    await balanceTurn(r, 'webrtc')
    // The typed turn and the tool's answer went on the data channel.
    const sent = p.commands.flatMap((c) => (c.op === 'send' ? [c.text] : []))
    for (const frame of frames) expect(sent.some((m) => m.includes(frame))).toBe(true)
    // Audio came on the track, not through main's player.
    expect(r.page.received.some((m) => m.type === 'playback')).toBe(false)
  })

  it('tools off in Settings: none is declared, and the typed turn is answered as text', async () => {
    const r = await rigs.start(
      { model: MODEL_L, tools: false },
      'ordinary',
      undefined,
      undefined,
      {},
      demoToolDeps,
    )
    r.voice.sendText('What is my balance?')
    await r.until(() => lines(r).some((l) => l.role === 'assistant' && l.final), 30_000, 'the answer')
    expect(lines(r).map((l) => l.role)).toEqual(['user', 'assistant'])
    expect(lines(r)[1]?.text).toBe('You wrote: What is my balance?. This is turn 1.')
  })
})

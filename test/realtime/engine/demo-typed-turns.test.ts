// A typed user turn through the engine against the demo service over real WebSockets, for both wire
// protocols and both demo variants: the text goes out as the protocol's user message, is answered with
// speech and captions, and stands in the captions as the user's line.
import { afterEach, describe, expect, it } from 'vitest'
import { MODELS, rms, startRig, type DemoRig } from '../support/demo-engine'

let rig: DemoRig | null = null
afterEach(async () => {
  await rig?.close()
  rig = null
})

const frames = (r: DemoRig) =>
  r.sockets.flatMap((s) => s.sent.map((f) => JSON.parse(f.frame) as Record<string, unknown>))

describe.each(['model-r', 'live'] as const)('%s', (wire) => {
  it.each(['default', 'alt'] as const)(
    'answers a typed turn with speech and captions (%s variant)',
    async (variant) => {
      const r = (rig = await startRig(MODELS[wire], { variant }))
      r.engine.sendText('  what is the weather  ')
      const user = await r.next('caption', (c) => c.role === 'user')
      expect(user).toMatchObject({ text: 'what is the weather', final: true })
      const answer = await r.next('caption', (c) => c.role === 'assistant' && c.final)
      expect(answer.text).toBe('You wrote: what is the weather. This is turn 1.')
      const audio = Float32Array.from(r.sink.chunks.flatMap((c) => Array.from(c.samples)))
      expect(audio.length).toBeGreaterThan(24_000 * 0.5)
      expect(rms(audio)).toBeGreaterThan(0.01)

      const sent = frames(r)
      if (wire === 'model-r') {
        const create = sent.find((f) => f.type === 'conversation.item.create')
        expect(create?.item).toEqual({
          type: 'message',
          role: 'user',
          content: [{ type: 'input_text', text: 'what is the weather' }],
        })
        expect(sent.findIndex((f) => f.type === 'response.create')).toBeGreaterThan(sent.indexOf(create!))
      } else {
        expect(sent).toContainEqual({
          clientContent: {
            turns: [{ role: 'user', parts: [{ text: 'what is the weather' }] }],
            turnComplete: true,
          },
        })
      }
      const summary = await r.engine.end()
      expect(summary.turns).toBe(1)
      expect(summary.responses).toBe(1)
      expect(r.of('error')).toEqual([])
    },
  )

  it('a typed turn while the model speaks cuts it off, and is answered next', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    r.engine.sendText('first')
    const started = await r.next('response', (e) => e.phase === 'started')
    await r.next('caption', (c) => c.role === 'assistant' && c.responseId === started.responseId)
    r.engine.sendText('second')
    const second = await r.next(
      'caption',
      (c) => c.role === 'assistant' && c.final && c.responseId !== started.responseId,
      15_000,
    )
    expect(second.text).toBe('You wrote: second. This is turn 2.')
    const users = r.of('caption').filter((c) => c.role === 'user')
    expect(users.map((c) => c.text)).toEqual(['first', 'second'])
    expect(r.of('error')).toEqual([])
  })

  it('ignores blank text', async () => {
    const r = (rig = await startRig(MODELS[wire]))
    r.engine.sendText('   ')
    expect(r.engine.state).toBe('idle')
    expect(r.events).toEqual([])
  })
})

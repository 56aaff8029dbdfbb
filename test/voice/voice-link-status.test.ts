// What the Voice view is told of an interrupted link: the engine, over the in-memory transport pair, says
// when its link stalls and when that is over (back, dropped, ended), and the status model the windows
// read turns that into `link`, cleared too by whatever ends the conversation or starts the next one.
import { describe, expect, it } from 'vitest'
import type { EngineEvent } from '../../main/realtime'
import { VoiceStatusModel } from '../../main/voice/voice-status'
import { harness, type Harness } from '../realtime/support/engine-harness'

/** The engine's events folded into the status, with the link state after each. */
function follow(h: Harness): { status: VoiceStatusModel; links: string[] } {
  const status = new VoiceStatusModel('push-to-talk', () => null)
  const links: string[] = []
  h.engine.on((e) => {
    status.apply(e)
    if (e.type === 'link') links.push(String(status.current.link))
  })
  return { status, links }
}

async function pressing(h: Harness): Promise<void> {
  h.engine.press()
  await h.settle()
  h.talk(200)
  await h.settle()
}

describe('the link state of a conversation', () => {
  it('is interrupted while the link is stalled and ok once it is back, the press going on', async () => {
    const h = harness()
    const { status, links } = follow(h)
    await pressing(h)
    expect(status.current.link).toBe('ok')
    h.service.lastSocket.end.stall()
    await h.settle()
    expect(status.current).toMatchObject({ link: 'interrupted', state: 'listening' })
    h.talk(300)
    h.service.lastSocket.end.restore()
    await h.settle()
    expect(status.current).toMatchObject({ link: 'ok', state: 'listening' })
    expect(links).toEqual(['interrupted', 'ok'])
  })

  it('is ok again when the stalled link drops: the reconnecting state says the rest', async () => {
    const h = harness()
    const { status } = follow(h)
    await pressing(h)
    h.service.refuseConnects.push('http_503')
    h.service.lastSocket.end.stall()
    await h.settle()
    expect(status.current.link).toBe('interrupted')
    h.service.lastSocket.end.drop()
    await h.settle()
    expect(status.current).toMatchObject({ link: 'ok', state: 'reconnecting' })
  })

  it('is ok again when the conversation ends while the link is stalled', async () => {
    const h = harness()
    const { status } = follow(h)
    await pressing(h)
    h.service.lastSocket.end.stall()
    await h.settle()
    expect(status.current.link).toBe('interrupted')
    await h.engine.end()
    await h.settle()
    expect(status.current).toMatchObject({ link: 'ok', state: 'ended' })
    expect(h.of('link').map((e) => e.interrupted)).toEqual([true, false])
  })

  it('is never set over a socket that does not stall', async () => {
    const h = harness()
    const { status } = follow(h)
    await h.turn(400)
    h.service.lastSocket.finish()
    await h.settle()
    h.clock.advance(1_000)
    await h.settle()
    expect(h.engine.state).toBe('ready')
    expect(h.of('link')).toEqual([])
    expect(status.current.link).toBe('ok')
  })
})

describe('the status model', () => {
  const interrupted: EngineEvent = { type: 'link', interrupted: true }

  it('clears an interruption on a failure, the end of a conversation, or a new one', () => {
    const status = new VoiceStatusModel('push-to-talk', () => null)
    for (const state of ['failed', 'ended', 'idle'] as const) {
      status.apply(interrupted)
      expect(status.current.link).toBe('interrupted')
      status.apply({ type: 'state', state, previous: 'listening' })
      expect(status.current.link).toBe('ok')
    }
    status.apply(interrupted)
    status.reset('push-to-talk')
    expect(status.current.link).toBe('ok')
  })
})

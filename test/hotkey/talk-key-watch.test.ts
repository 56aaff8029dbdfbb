// The talk key's test: while open, downs and ups go to the window and no conversation starts; closed (or
// left open past its time), the key talks again.
import { describe, expect, it } from 'vitest'
import { TALK_KEY_WATCH_MS, TalkKeyWatch } from '../../main/hotkey/talk-key-watch'
import { FakeTimers } from './fake-timers'

function rig() {
  const calls: string[] = []
  const timers = new FakeTimers()
  const watch = new TalkKeyWatch({
    voice: { press: () => calls.push('voice:press'), release: () => calls.push('voice:release') },
    report: (down) => calls.push(down ? 'test:down' : 'test:up'),
    timers,
  })
  return { calls, timers, watch }
}

describe('TalkKeyWatch', () => {
  it('sends the key to voice chat when no test is open', () => {
    const { calls, watch } = rig()
    watch.press()
    watch.release()
    expect(calls).toEqual(['voice:press', 'voice:release'])
  })

  it('reports down and up to the window while the test is open, and starts no conversation', () => {
    const { calls, watch } = rig()
    watch.watch(true)
    watch.press()
    watch.release()
    watch.press()
    watch.release()
    expect(calls).toEqual(['test:down', 'test:up', 'test:down', 'test:up'])
  })

  it('releases on the side that had the press when the test closes or opens in between', () => {
    const { calls, watch } = rig()
    watch.watch(true)
    watch.press()
    watch.watch(false)
    watch.release()
    watch.press()
    watch.watch(true)
    watch.release()
    expect(calls).toEqual(['test:down', 'test:up', 'voice:press', 'voice:release'])
  })

  it('closes by itself after its time, and a renewal starts the time again', () => {
    const { calls, timers, watch } = rig()
    watch.watch(true)
    timers.advance(TALK_KEY_WATCH_MS - 1)
    watch.watch(true)
    timers.advance(TALK_KEY_WATCH_MS - 1)
    expect(watch.watching).toBe(true)
    timers.advance(1)
    expect(watch.watching).toBe(false)
    watch.press()
    watch.release()
    expect(calls).toEqual(['voice:press', 'voice:release'])
  })
})

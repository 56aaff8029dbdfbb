import { beforeEach, describe, expect, it } from 'vitest'
import { parseAccelerator, type Accelerator, type ModifierState } from '../../main/hotkey/accelerator'
import {
  HoldToTalk,
  REPEAT_GAP_MS,
  REPEAT_QUIET_MS,
  STUCK_TIMEOUT_MS,
  type TalkInputMode,
} from '../../main/hotkey/hold-to-talk'
import { FakeTimers } from './fake-timers'

const SPACE = 57
const CTRL = 29
const CTRL_RIGHT = 3613
const SHIFT = 42
const ALT = 56
const held: ModifierState = { ctrlKey: true, altKey: false, shiftKey: true, metaKey: false }

function talkKey(): Accelerator {
  const result = parseAccelerator('CommandOrControl+Shift+Space', 'linux')
  if (!result.ok) throw new Error(result.error)
  return result.accelerator
}

let timers: FakeTimers
let calls: string[]

function machine(mode: TalkInputMode = 'hold'): HoldToTalk {
  return new HoldToTalk({
    mode,
    accelerator: talkKey(),
    target: { press: () => calls.push('press'), release: () => calls.push('release') },
    timers,
    onStuck: () => calls.push('stuck'),
  })
}

beforeEach(() => {
  timers = new FakeTimers()
  calls = []
})

describe('hold mode', () => {
  it('presses on the key down with its modifiers and releases once the up has stood for the repeat gap', () => {
    const m = machine()
    m.keyDown(CTRL, { ...held, shiftKey: false })
    m.keyDown(SHIFT, held)
    expect(calls).toEqual([])
    m.keyDown(SPACE, held)
    expect(calls).toEqual(['press'])
    expect(m.pressed).toBe(true)

    m.keyUp(SPACE)
    timers.advance(REPEAT_GAP_MS - 1)
    expect(calls).toEqual(['press'])
    timers.advance(1)
    expect(calls).toEqual(['press', 'release'])
    expect(m.pressed).toBe(false)
  })

  it('ignores repeated downs while held (Windows and macOS repeat with downs only)', () => {
    const m = machine()
    for (let i = 0; i < 20; i++) {
      m.keyDown(SPACE, held)
      timers.advance(33)
    }
    m.keyUp(SPACE)
    timers.advance(REPEAT_GAP_MS)
    expect(calls).toEqual(['press', 'release'])
  })

  it('treats an X11 up/down repeat pair as the key staying down', () => {
    const m = machine()
    m.keyDown(SPACE, held)
    for (let i = 0; i < 30; i++) {
      timers.advance(33)
      m.keyUp(SPACE)
      m.keyDown(SPACE, held)
    }
    // The gap's timer from each pair was cancelled: nothing is left to fire.
    timers.advance(REPEAT_GAP_MS * 10)
    expect(calls).toEqual(['press'])
    m.keyUp(SPACE)
    timers.advance(REPEAT_GAP_MS)
    expect(calls).toEqual(['press', 'release'])
  })

  it('needs exactly the accelerator: missing or extra modifiers, or another key, press nothing', () => {
    const m = machine()
    m.keyDown(SPACE, { ...held, shiftKey: false })
    m.keyDown(SPACE, { ...held, altKey: true })
    m.keyDown(30, held)
    expect(calls).toEqual([])
    m.keyUp(SPACE)
    m.keyDown(SPACE, held)
    expect(calls).toEqual(['press'])
  })

  it('releases at once when a needed modifier comes up, left or right', () => {
    const m = machine()
    m.keyDown(SPACE, held)
    m.keyUp(ALT)
    expect(calls).toEqual(['press'])
    m.keyUp(CTRL)
    expect(calls).toEqual(['press', 'release'])

    m.keyDown(SPACE, held)
    m.keyUp(CTRL_RIGHT)
    expect(calls).toEqual(['press', 'release', 'press', 'release'])
    // The talk key's own up afterwards changes nothing.
    m.keyUp(SPACE)
    timers.advance(REPEAT_GAP_MS)
    expect(calls).toHaveLength(4)
  })

  it('ignores the shortcut presses, which drive toggle mode only', () => {
    const m = machine()
    m.toggle()
    expect(calls).toEqual([])
  })

  it('releases a turn that passes the stuck timeout, and ignores the key until it is let go', () => {
    const m = machine()
    m.keyDown(SPACE, held)
    timers.advance(STUCK_TIMEOUT_MS - 1)
    expect(calls).toEqual(['press'])
    timers.advance(1)
    expect(calls).toEqual(['press', 'release', 'stuck'])

    // Still physically down: X11 keeps repeating it in pairs, and none of them is a new press.
    for (let i = 0; i < 60; i++) {
      timers.advance(33)
      m.keyUp(SPACE)
      m.keyDown(SPACE, held)
    }
    expect(calls).toEqual(['press', 'release', 'stuck'])

    // Let go, then pressed again: a new turn.
    m.keyUp(SPACE)
    timers.advance(500)
    m.keyDown(SPACE, held)
    expect(calls).toEqual(['press', 'release', 'stuck', 'press'])
  })

  it('takes a down after a quiet spell as a new press when the stuck key-up was never seen', () => {
    const m = machine()
    m.keyDown(SPACE, held)
    timers.advance(STUCK_TIMEOUT_MS)
    expect(calls).toEqual(['press', 'release', 'stuck'])
    timers.advance(REPEAT_QUIET_MS - 1)
    m.keyDown(SPACE, held)
    expect(calls).toEqual(['press', 'release', 'stuck'])
    timers.advance(REPEAT_QUIET_MS)
    m.keyDown(SPACE, held)
    expect(calls).toEqual(['press', 'release', 'stuck', 'press'])
  })

  it('releases a held turn on dispose, and leaves no timer to fire later', () => {
    const m = machine()
    m.keyDown(SPACE, held)
    m.keyUp(SPACE)
    m.dispose()
    expect(calls).toEqual(['press', 'release'])
    expect(timers.pendingCount).toBe(0)
    timers.advance(STUCK_TIMEOUT_MS * 2)
    expect(calls).toEqual(['press', 'release'])
    m.dispose()
    expect(calls).toEqual(['press', 'release'])
  })
})

describe('toggle mode', () => {
  it('presses on one shortcut press and releases on the next', () => {
    const m = machine('toggle')
    m.toggle()
    expect(calls).toEqual(['press'])
    m.toggle()
    expect(calls).toEqual(['press', 'release'])
    m.toggle()
    expect(calls).toEqual(['press', 'release', 'press'])
    expect(m.pressed).toBe(true)
  })

  it('ignores the hook, which toggle mode does not trust', () => {
    const m = machine('toggle')
    m.keyDown(SPACE, held)
    m.toggle()
    m.keyUp(SPACE)
    timers.advance(REPEAT_GAP_MS)
    expect(calls).toEqual(['press'])
  })

  it('ends a forgotten turn at the stuck timeout; the next press starts a new one', () => {
    const m = machine('toggle')
    m.toggle()
    timers.advance(STUCK_TIMEOUT_MS)
    expect(calls).toEqual(['press', 'release', 'stuck'])
    m.toggle()
    expect(calls).toEqual(['press', 'release', 'stuck', 'press'])
    m.dispose()
    expect(calls).toEqual(['press', 'release', 'stuck', 'press', 'release'])
  })
})

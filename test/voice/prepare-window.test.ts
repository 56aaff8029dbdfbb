// When a session made ready ahead is wanted: while the Voice view shows, and for a while after a sign of
// use while the talk hotkey is armed; the end of that while is never missed, even by a timer that fires
// a little early by the clock, as Node's do.
import { describe, expect, it } from 'vitest'
import { PrepareWindow } from '../../main/voice/prepare-window'
import { ManualClock } from '../realtime/support/manual-clock'

function windowOn(earlyMs: number) {
  const clock = new ManualClock()
  clock.earlyMs = earlyMs
  const heard: boolean[] = []
  const window: PrepareWindow = new PrepareWindow(clock, () => heard.push(window.wanted), 300)
  return { clock, window, heard }
}

describe('PrepareWindow', () => {
  it.each([0, 1, 5])(
    'says it is no longer wanted once the linger is over (timers %i ms early)',
    (earlyMs) => {
      const { clock, window, heard } = windowOn(earlyMs)
      window.setHotkeyArmed(true)
      expect(heard).toEqual([true])
      clock.advance(299)
      expect(window.wanted).toBe(true)
      clock.advance(2)
      expect(window.wanted).toBe(false)
      expect(heard.at(-1)).toBe(false)
      expect(clock.pendingTimers).toBe(0)
    },
  )

  it('is wanted while the view shows, whatever the hotkey, and lingers after it is left', () => {
    const { clock, window, heard } = windowOn(1)
    window.setViewShown(true)
    clock.advance(10_000)
    expect(window.wanted).toBe(true)
    window.setHotkeyArmed(true)
    window.setViewShown(false)
    expect(window.wanted).toBe(true)
    clock.advance(301)
    expect(window.wanted).toBe(false)
    expect(heard.at(-1)).toBe(false)
  })

  it('keeps nothing for a hotkey that is not armed once the view is left', () => {
    const { window, heard } = windowOn(0)
    window.setViewShown(true)
    window.setViewShown(false)
    expect(heard).toEqual([true, false])
  })
})

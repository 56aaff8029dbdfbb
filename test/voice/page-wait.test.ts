// A press that wants WebRTC before the Voice view's audio port is open: whether it waits, and for how long,
// on the engine's clock (here vitest's fake timers behind the system clock).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { systemClock } from '../../main/realtime/engine/engine-clock'
import { PAGE_WAIT_MS, shouldWaitForPage, waitForPage } from '../../main/voice/page-wait'

afterEach(() => {
  vi.useRealTimers()
})

describe('whether a press waits for the page', () => {
  const noPage = { pageOpen: false, viewShown: false }
  const viewComing = { pageOpen: false, viewShown: true }

  it('waits when WebRTC is chosen outright, or when auto may choose it and the view is on screen', () => {
    expect(shouldWaitForPage('webrtc', 'webrtc', noPage)).toBe(true)
    expect(shouldWaitForPage('auto', 'webrtc', viewComing)).toBe(true)
    expect(shouldWaitForPage('auto', 'auto', viewComing)).toBe(true)
  })

  it('does not wait with the page open, for a WebSocket, or on auto with no view coming', () => {
    expect(shouldWaitForPage('webrtc', 'webrtc', { pageOpen: true, viewShown: true })).toBe(false)
    expect(shouldWaitForPage('websocket', 'websocket', viewComing)).toBe(false)
    expect(shouldWaitForPage('auto', 'websocket', viewComing)).toBe(false)
    expect(shouldWaitForPage('auto', 'webrtc', noPage)).toBe(false)
  })
})

describe('waiting for the page', () => {
  it('goes on as soon as the port opens', async () => {
    vi.useFakeTimers()
    let open = false
    const waited = waitForPage(
      systemClock,
      () => open,
      () => false,
    )
    await vi.advanceTimersByTimeAsync(600)
    open = true
    await vi.advanceTimersByTimeAsync(25)
    await expect(waited).resolves.toBe(true)
  })

  it('gives up after the cap, or when cancelled', async () => {
    vi.useFakeTimers()
    let settled: boolean | null = null
    void waitForPage(
      systemClock,
      () => false,
      () => false,
    ).then((v) => (settled = v))
    await vi.advanceTimersByTimeAsync(PAGE_WAIT_MS - 1)
    expect(settled).toBeNull()
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBe(false)

    let cancelled = false
    settled = null
    void waitForPage(
      systemClock,
      () => false,
      () => cancelled,
    ).then((v) => (settled = v))
    cancelled = true
    await vi.advanceTimersByTimeAsync(25)
    expect(settled).toBe(false)
  })
})

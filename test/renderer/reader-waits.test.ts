// A Reader request held back by the service's 429 or the plan's rate says so, counting down live to the
// deadline main names, wherever it waits: the reading, the price line, a voice's sample, a re-download
// from the history; and the countdown is gone once main says the request went through.
import { flushSync } from 'svelte'
import { describe, expect, it, vi } from 'vitest'
import { historyItem, READING_TEXT, reading } from './reader-fixtures'
import { readerViewRig } from './reader-view-rig'

const rig = readerViewRig()
const { $ } = rig
const NOW = new Date('2026-11-22T06:00:00.000Z').getTime()

/** Fake time for the countdown's ticks and clock; the store's own timers stay real. */
function fakeClock(): void {
  vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
  vi.setSystemTime(NOW)
}
function tick(ms: number): void {
  vi.advanceTimersByTime(ms)
  flushSync()
}

describe('a reading held back', () => {
  it('counts down the 429’s wait in the progress, then drops it when the chunk goes through', async () => {
    fakeClock()
    rig.bridge.answer('tts:snapshot', () => ({ reading: reading({ ready: 1 }), text: READING_TEXT }))
    await rig.show()
    expect($('reader-reading-wait')).toBeNull()
    rig.bridge.emit('tts:reading', reading({ ready: 1, wait: { reason: 'rate_limit', until: NOW + 30_000 } }))
    await rig.settle()
    expect($('reader-reading-wait')?.dataset.reason).toBe('rate_limit')
    expect(rig.text('reader-reading-wait')).toBe('Dịch vụ giới hạn tốc độ, thử lại sau 30 giây.')
    tick(12_000)
    expect(rig.text('reader-reading-wait')).toBe('Dịch vụ giới hạn tốc độ, thử lại sau 18 giây.')
    expect($('reader-reading-wait-countdown')?.dataset.seconds).toBe('18')
    tick(18_000)
    expect(rig.text('reader-reading-wait')).toBe('Đang thử lại…')
    rig.bridge.emit('tts:reading', reading({ ready: 2 }))
    await rig.settle()
    expect($('reader-reading-wait')).toBeNull()
  })

  it('says a wait for the plan’s requests per minute as that, in English', async () => {
    fakeClock()
    rig.app.settings.set(rig.settings({}, 'en'))
    rig.bridge.answer('tts:snapshot', () => ({
      reading: reading({ ready: 1, wait: { reason: 'budget', until: NOW + 45_000 } }),
      text: READING_TEXT,
    }))
    await rig.show()
    expect(rig.text('reader-reading-wait')).toBe(
      'At your plan’s limit of requests per minute; sending the next in 45 s.',
    )
    rig.bridge.emit('tts:reading', reading({ ready: 1, wait: { reason: 'rate_limit', until: NOW + 5_000 } }))
    await rig.settle()
    expect(rig.text('reader-reading-wait')).toBe('Rate-limited by the service, retrying in 5 s.')
  })
})

describe('other requests held back', () => {
  it('counts down on the price line while its lists wait', async () => {
    fakeClock()
    await rig.show()
    rig.bridge.emit('tts:wait', {
      request: 'estimate',
      id: null,
      wait: { reason: 'rate_limit', until: NOW + 20_000 },
    })
    await rig.settle()
    const line = $('reader-estimate')
    expect(line?.querySelector('[data-testid="reader-estimate-wait"]')).not.toBeNull()
    expect(rig.text('reader-estimate-wait')).toBe('Dịch vụ giới hạn tốc độ, thử lại sau 20 giây.')
    tick(1_000)
    expect(rig.text('reader-estimate-wait')).toBe('Dịch vụ giới hạn tốc độ, thử lại sau 19 giây.')
    rig.bridge.emit('tts:wait', { request: 'estimate', id: null, wait: null })
    await rig.settle()
    expect($('reader-estimate-wait')).toBeNull()
  })

  it('counts down beside the voice sample while it waits', async () => {
    fakeClock()
    let answer: (v: unknown) => void = () => {}
    rig.bridge.answer('tts:preview', () => new Promise((r) => (answer = r)))
    await rig.show()
    $('reader-voice-preview')?.click()
    rig.bridge.emit('tts:wait', {
      request: 'preview',
      id: null,
      wait: { reason: 'rate_limit', until: NOW + 9_000 },
    })
    await rig.settle()
    expect(rig.text('reader-preview-wait')).toBe('Dịch vụ giới hạn tốc độ, thử lại sau 9 giây.')
    rig.bridge.emit('tts:wait', { request: 'preview', id: null, wait: null })
    await rig.settle()
    expect($('reader-preview-wait')).toBeNull()
    answer(undefined)
  })

  it('counts down on the history item being downloaded again, and on no other', async () => {
    fakeClock()
    let answer: (v: unknown) => void = () => {}
    rig.bridge.answer('tts:history', () => [historyItem({ id: 'a' }), historyItem({ id: 'b' })])
    rig.bridge.answer('tts:save', () => new Promise((r) => (answer = r)))
    await rig.show()
    const items = rig.$$('reader-history-item')
    ;(items[1]?.querySelector('[data-testid="reader-history-save"]') as HTMLButtonElement).click()
    rig.bridge.emit('tts:wait', {
      request: 'download',
      id: 'b',
      wait: { reason: 'duplicate', until: NOW + 3_000 },
    })
    await rig.settle()
    const waitIn = (i: number) => items[i]?.querySelector('[data-testid="reader-history-wait"]')
    expect(waitIn(0)).toBeNull()
    expect(waitIn(1)?.textContent?.trim()).toBe('Dịch vụ vẫn đang làm yêu cầu giống hệt; thử lại sau 3 giây.')
    rig.bridge.emit('tts:wait', { request: 'download', id: 'b', wait: null })
    answer({ path: '/tmp/b.mp3', partial: null })
    await rig.settle()
    expect(waitIn(1)).toBeNull()
  })
})

// The Read button: during a reading it is Stop and stops it, so a second press never starts a second
// paid reading; held back, it stays reachable by keyboard and says why to a screen reader.
import { describe, expect, it } from 'vitest'
import { estimate, READING_TEXT, reading } from './reader-fixtures'
import { readerViewRig } from './reader-view-rig'

const rig = readerViewRig()
const { $ } = rig
const calls = (channel: string) => rig.bridge.calls.filter((c) => c.channel === channel)

describe('Read during a reading', () => {
  it('becomes Stop, which stops the reading and starts none', async () => {
    rig.bridge.answer('tts:read', () => reading({ ready: 0 }))
    await rig.show()
    await rig.type('Một câu A. Một câu B. Một câu C.')
    $('reader-read')?.click()
    await rig.settle()
    expect(calls('tts:read')).toHaveLength(1)

    expect($('reader-read')).toBeNull()
    const stop = $('reader-stop') as HTMLButtonElement
    expect(stop.textContent?.trim()).toBe('Dừng đọc')
    rig.bridge.answer('tts:cancel', () => reading({ ready: 1, state: 'cancelled' }))
    stop.click()
    await rig.settle()
    expect(calls('tts:cancel')).toHaveLength(1)
    expect(calls('tts:read')).toHaveLength(1)
    // Stopped, Read is back for a new reading.
    expect($('reader-stop')).toBeNull()
    expect($('reader-read')?.textContent?.trim()).toBe('Đọc')
  })

  it('is Stop for a reading the read key started, and a quick second press starts nothing', async () => {
    let answer: (v: unknown) => void = () => {}
    rig.bridge.answer('tts:read', () => new Promise((r) => (answer = r)))
    await rig.show()
    await rig.type('Xin chào')
    const read = $('reader-read') as HTMLButtonElement
    read.click()
    read.click()
    await rig.settle()
    expect(calls('tts:read')).toHaveLength(1)
    answer(reading())
    await rig.settle()
    expect($('reader-stop')).not.toBeNull()

    // A reading started elsewhere (the read key) shows Stop too.
    rig.bridge.emit('tts:reading', reading({ id: 'rd_hotkey', ready: 1 }))
    await rig.settle()
    expect($('reader-read')).toBeNull()
    expect($('reader-stop')?.textContent?.trim()).toBe('Dừng đọc')
  })

  it('says Stop in English', async () => {
    rig.app.settings.set(rig.settings({}, 'en'))
    rig.bridge.answer('tts:snapshot', () => ({ reading: reading({ ready: 1 }), text: READING_TEXT }))
    await rig.show()
    expect($('reader-stop')?.textContent?.trim()).toBe('Stop reading')
  })
})

describe('Read held back', () => {
  it('stays focusable, points at the visible reason, and does nothing when pressed', async () => {
    await rig.show()
    const read = $('reader-read') as HTMLButtonElement
    expect(read.disabled).toBe(false)
    expect(read.getAttribute('aria-disabled')).toBe('true')
    read.focus()
    expect(document.activeElement).toBe(read)
    const why = document.getElementById(read.getAttribute('aria-describedby') ?? '')
    expect(why?.textContent?.trim()).toBe('Chưa có văn bản để đọc.')
    // Visible, not only for screen readers.
    expect(why?.classList.contains('visually-hidden')).toBe(false)
    read.click()
    await rig.settle()
    expect(calls('tts:read')).toHaveLength(0)

    rig.bridge.answer('tts:estimate', () => estimate({ costVnd: 9_000, balanceVnd: 10, affordable: false }))
    await rig.type('Một văn bản dài')
    expect(document.getElementById(read.getAttribute('aria-describedby') ?? '')?.textContent?.trim()).toBe(
      'Số dư không đủ cho bài đọc này.',
    )
    read.click()
    await rig.settle()
    expect(calls('tts:read')).toHaveLength(0)

    rig.bridge.answer('tts:estimate', () => estimate())
    rig.bridge.answer('tts:read', () => reading())
    await rig.type('Một văn bản ngắn')
    expect(read.hasAttribute('aria-disabled')).toBe(false)
    expect(read.hasAttribute('aria-describedby')).toBe(false)
    read.click()
    await rig.settle()
    expect(calls('tts:read')).toHaveLength(1)
  })

  it('gives the reason in English', async () => {
    rig.app.settings.set(rig.settings({}, 'en'))
    await rig.show()
    const read = $('reader-read') as HTMLButtonElement
    expect(document.getElementById(read.getAttribute('aria-describedby') ?? '')?.textContent?.trim()).toBe(
      'There is no text to read yet.',
    )
  })
})

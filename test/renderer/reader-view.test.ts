// The Reader view in jsdom over a fake bridge and a fake AudioContext: options greyed out with their
// reasons, the price line and Read held back while there are problems, progress, the highlighted chunk,
// the history's countdown and gone texts, in Vietnamese and in English.
import { flushSync } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { fakeContext } from './reader-fake-audio'
import {
  answerReader,
  CLASSIC,
  estimate,
  FREE,
  G,
  historyItem,
  M9,
  READING_TEXT,
  reading,
  readerSettings,
  V3,
} from './reader-fixtures'

const bridge = installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { default: Reader } = await import('../../renderer/views/Reader.svelte')
const { ReaderStore } = await import('../../renderer/stores/reader.svelte')
const { ESTIMATE_DEBOUNCE_MS } = await import('../../renderer/stores/reader-estimate.svelte')
const { app } = await import('../../renderer/stores/app.svelte')

const host = viewHost()

const priced = () => new Promise((r) => setTimeout(r, ESTIMATE_DEBOUNCE_MS + 10)).then(host.settle)
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ')
const $ = (testid: string) => host.target.querySelector<HTMLElement>(`[data-testid="${testid}"]`)
const $$ = (testid: string) => [...host.target.querySelectorAll<HTMLElement>(`[data-testid="${testid}"]`)]
const text = (testid: string) => nbsp($(testid)?.textContent)

function settings(patch: Partial<Settings['tts']> = {}, language: 'vi' | 'en' = 'vi'): Settings {
  return { ...readerSettings(patch), language }
}

async function show(
  store = new ReaderStore({ createContext: () => fakeContext(), listDevices: async () => [] }),
) {
  host.show(Reader, { reader: store }, () => store.start())
  await host.settle()
  return store
}

async function type(value: string) {
  const area = $('reader-text') as HTMLTextAreaElement
  area.value = value
  area.dispatchEvent(new Event('input', { bubbles: true }))
  flushSync()
  await priced()
}

beforeEach(() => {
  bridge.calls.length = 0
  answerReader(bridge)
  bridge.answer('settings:update', (patch) => {
    const current = app.settings.current as Settings
    return { ...current, tts: { ...current.tts, ...(patch as { tts: object }).tts } }
  })
  app.settings.set(settings())
})

afterEach(() => {
  vi.useRealTimers()
})

describe('options', () => {
  it('prices each model per 1,000 characters on the plan, free and unknown said so', async () => {
    await show()
    const options = [...($('reader-model') as HTMLSelectElement).options]
    const label = (id: string) => nbsp(options.find((o) => o.value === id)?.textContent)
    expect(label('openai/tts-1')).toBe('TTS 1 (openai) — 400 ₫ / 1.000 ký tự')
    expect(label(FREE.id)).toContain('Miễn phí')
    expect(label(V3.id)).toContain('Chưa rõ giá')
    expect(text('reader-model-info')).toContain('400 ₫ / 1.000 ký tự theo gói')
    expect(text('reader-model-info')).toContain('tối đa 4.096 ký tự mỗi lượt')
  })

  it('greys out formats the model does not make, and those a reading cannot be saved in, saying why', async () => {
    await show()
    const options = [...($('reader-format') as HTMLSelectElement).options]
    const byFormat = Object.fromEntries(options.map((o) => [o.value, o]))
    expect(options.filter((o) => !o.disabled).map((o) => o.value)).toEqual(['mp3', 'wav'])
    // The tooltip says it in the UI's language too, never main's English.
    expect(byFormat.pcm?.title).toBe('mô hình này chỉ tạo mp3, wav, opus, aac, flac')
    expect(nbsp(byFormat.pcm?.textContent)).toContain('mô hình này chỉ tạo mp3, wav, opus, aac, flac')
    expect(nbsp(byFormat.opus?.textContent)).toContain('chỉ lưu được thành một tệp ở mp3, wav hoặc pcm')
    expect(byFormat.opus?.title).toContain('mp3, wav hoặc pcm')
    expect(text('reader-format-reasons')).toContain('pcm, ogg: mô hình này chỉ tạo')
    expect(text('reader-format-reasons')).toContain('opus, aac, flac: bài đọc chỉ lưu được')
  })

  it('disables speed with the reason where the model ignores it, and bounds it where it does not', async () => {
    const store = await show()
    const speed = $('reader-speed') as HTMLInputElement
    expect(speed.disabled).toBe(false)
    expect([speed.min, speed.max]).toEqual(['0.25', '4'])
    await store.options.setModel(G.id)
    await host.settle()
    expect(speed.disabled).toBe(true)
    expect(speed.title).toBe('Mô hình này bỏ qua tốc độ và luôn đọc ở tốc độ thường.')
    expect(text('reader-speed-why')).toBe(speed.title)
    await store.options.setModel(V3.id)
    await host.settle()
    expect([speed.min, speed.max, speed.disabled]).toEqual(['0.7', '1.2', false])
  })

  it('offers each kind of voice in its own form', async () => {
    const store = await show()
    expect($$('reader-voice-preview')).toHaveLength(1)
    await store.options.setModel(FREE.id)
    await host.settle()
    const codes = [...($('reader-voice') as HTMLSelectElement).options].map((o) => o.value)
    expect(codes).toEqual(['vi', 'en', 'ja', 'ko', 'zh', 'fr', 'de', 'es', 'pt', 'th', 'id', 'ru'])
    await store.options.setModel(CLASSIC.id)
    await host.settle()
    const field = $('reader-voice') as HTMLInputElement
    expect(field.type).toBe('text')
    expect(field.value).toBe('vi-VN-Standard-A')
    expect(nbsp(host.target.textContent)).toContain('ví dụ vi-VN-Standard-A')
    await store.options.setModel(G.id)
    await host.settle()
    expect(nbsp(host.target.textContent)).toContain('lặng lẽ đọc bằng giọng mặc định')
    expect($$('reader-voice-preview')).toHaveLength(0)
    // The familiar OpenAI-style names the service maps, offered after the model's own voices.
    const aliases = $('reader-voice-aliases') as HTMLOptGroupElement
    expect([...aliases.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['nova', 'nova → Leda'],
    ])
    await store.options.setModel(M9.id)
    await host.settle()
    const first = ($('reader-voice') as HTMLSelectElement).options[0]
    expect([first?.value, nbsp(first?.textContent)]).toEqual(['', 'Giọng mặc định của mô hình'])
  })
})

describe('the price line and Read', () => {
  it('holds Read back with the reason until there is text, and while the estimate names problems', async () => {
    const problem = {
      code: 'unsupported_format',
      field: 'format' as const,
      message: "openai/tts-1 produces only mp3, wav; not 'ogg'.",
      params: { model: 'openai/tts-1', formats: 'mp3, wav', format: 'ogg' },
    }
    await show()
    const read = $('reader-read') as HTMLButtonElement
    expect(read.getAttribute('aria-disabled')).toBe('true')
    expect(text('reader-read-why')).toBe('Chưa có văn bản để đọc.')

    bridge.answer('tts:estimate', () =>
      estimate({ chars: 1500, chunks: 2, costVnd: 600, problems: [problem] }),
    )
    await type('Xin chào')
    expect(read.getAttribute('aria-disabled')).toBe('true')
    expect(read.title).toBe('Hãy sửa các vấn đề nêu trên trước khi đọc.')
    // Said in the user's language from the figures main named.
    expect(text('reader-problems')).toBe('Định dạng: Mô hình này chỉ tạo mp3, wav, không tạo ogg.')

    bridge.answer('tts:estimate', () => estimate({ chars: 1500, chunks: 2, costVnd: 600 }))
    await type('Xin chào bạn')
    expect(read.hasAttribute('aria-disabled')).toBe(false)
    const line = $('reader-estimate')
    expect([line?.dataset.chars, line?.dataset.costVnd]).toEqual(['1500', '600'])
    expect(nbsp(line?.textContent)).toContain('1.500 ký tự tính phí')
    expect(nbsp(line?.textContent)).toContain('2 lượt gửi')
    expect(nbsp(line?.textContent)).toContain('600 ₫')
    expect(nbsp(line?.textContent)).toContain('Số dư 50.000 ₫')
  })

  it('warns clearly when the balance does not cover the cost, and shows the service’s quiet changes', async () => {
    bridge.answer('tts:estimate', () =>
      estimate({
        costVnd: 80_000,
        balanceVnd: 1_000,
        affordable: false,
        notes: [{ code: 'speed_clamped', from: 2, to: 1.2 }],
      }),
    )
    await show()
    await type('Một văn bản dài')
    expect(text('reader-not-affordable')).toBe(
      'Không đủ số dư: cần 80.000 ₫ nhưng ví chỉ còn 1.000 ₫. Hãy nạp thêm hoặc rút ngắn văn bản.',
    )
    expect(text('reader-notes')).toBe('Tốc độ 2× nằm ngoài khoảng cho phép; dịch vụ sẽ đọc ở 1,2×.')
    const read = $('reader-read') as HTMLButtonElement
    expect([read.getAttribute('aria-disabled'), read.title]).toEqual([
      'true',
      'Số dư không đủ cho bài đọc này.',
    ])
  })

  it('says how much of the text the monthly free allowance covers, or that its use is unknown', async () => {
    bridge.answer('tts:estimate', () => estimate({ chars: 1500, costVnd: 0, freeChars: 1500 }))
    await show()
    await type('Một văn bản dài')
    expect(text('reader-free-chars')).toBe(
      '1.500 ký tự trong số này được miễn phí nhờ hạn mức miễn phí hằng tháng.',
    )
    bridge.answer('tts:estimate', () => estimate({ chars: 1500, costVnd: 600, freeChars: null }))
    await type('Một văn bản dài hơn')
    expect(text('reader-free-unknown')).toContain('giá hiển thị là giá ngoài phần miễn phí')
    expect($('reader-free-chars')).toBeNull()
  })

  it('warns of Vietnamese on a model with English voices only', async () => {
    app.settings.set(settings({ model: M9.id, voice: null }))
    // Main's estimate says whether the text is Vietnamese and the model English-only.
    bridge.answer('tts:estimate', () => estimate({ poorVietnamese: true }))
    await show()
    await type('Chào buổi sáng')
    expect(text('reader-poor-vietnamese')).toContain('chỉ có giọng tiếng Anh')
  })

  it('keeps the draft when the view goes away and comes back', async () => {
    const store = await show()
    await type('Bản nháp chưa đọc')
    host.unmount()
    await show(store)
    expect(($('reader-text') as HTMLTextAreaElement).value).toBe('Bản nháp chưa đọc')
  })
})

describe('while reading', () => {
  it('shows progress politely, highlights the chunk being heard, and offers Resume after a failure', async () => {
    bridge.answer('tts:snapshot', () => ({ reading: reading({ ready: 1 }), text: READING_TEXT }))
    await show()
    const progress = $('reader-progress')
    expect(progress?.getAttribute('aria-live')).toBe('polite')
    expect([progress?.dataset.done, progress?.dataset.count]).toEqual(['1', '3'])
    expect(nbsp(progress?.textContent)).toContain('phần 2 trên 3')
    expect(nbsp(progress?.textContent)).toContain('10/30 ký tự')
    expect($('reader-stop')).not.toBeNull()
    expect($('reader-player')?.dataset.state).toBe('playing')
    const chunks = $$('reader-chunk')
    expect(chunks.map((c) => c.textContent)).toEqual(['Một câu A.', 'Một câu B.', 'Một câu C.'])
    expect(chunks.map((c) => c.dataset.current)).toEqual(['true', 'false', 'false'])

    const error = { kind: 'server' as const, message: '502 upstream_error', chunkIndex: 1 }
    bridge.emit('tts:reading', reading({ ready: 1, state: 'failed', error }))
    await host.settle()
    expect($('reader-stop')).toBeNull()
    expect(text('reader-error')).toContain('Dừng ở phần 2: Dịch vụ đang gặp lỗi. Thử lại sau.')
    bridge.answer('tts:resume', () => reading({ ready: 1 }))
    $('reader-resume')?.click()
    await host.settle()
    expect(bridge.calls.filter((c) => c.channel === 'tts:resume')).toHaveLength(1)
    expect($('reader-resume')).toBeNull()
  })

  it('says a chunk was charged but its audio lost, and pays for it again only when asked to', async () => {
    const error = {
      kind: 'network' as const,
      code: 'already_charged' as const,
      message: 'Chunk 2 of 3 was charged, but its audio was lost on the way more than a minute ago.',
      chunkIndex: 1,
    }
    const held = reading({ ready: 1, state: 'failed', error })
    held.chunks[1] = { ...(held.chunks[1] as (typeof held.chunks)[number]), costVnd: 4 }
    bridge.answer('tts:snapshot', () => ({ reading: held, text: READING_TEXT }))
    await show()
    expect($('reader-error')?.dataset.code).toBe('already_charged')
    expect(nbsp(text('reader-error'))).toContain('Phần 2 đã bị tính tiền (4 ₫)')
    expect(text('reader-error')).toContain('đọc tiếp sẽ trả tiền phần đó lần thứ hai')
    // Resume alone would stop at the same chunk again: only Pay again is offered.
    expect($('reader-resume')).toBeNull()
    bridge.answer('tts:resume', () => reading({ ready: 1 }))
    $('reader-pay-again')?.click()
    await host.settle()
    expect(bridge.calls.filter((c) => c.channel === 'tts:resume').map((c) => c.request)).toEqual([
      { payAgain: true },
    ])
  })

  it('offers Resume and Pay again when the usage history cannot tell whether a lost chunk was charged', async () => {
    const error = {
      kind: 'network' as const,
      code: 'charge_unknown' as const,
      message: 'Chunk 1 of 3 got no answer more than a minute ago.',
      chunkIndex: 0,
    }
    bridge.answer('tts:snapshot', () => ({
      reading: reading({ state: 'failed', error }),
      text: READING_TEXT,
    }))
    await show()
    expect(text('reader-error')).toContain('Phần 1 không nhận được trả lời')
    bridge.answer('tts:resume', () => reading({ state: 'failed', error }))
    $('reader-resume')?.click()
    await host.settle()
    expect(bridge.calls.filter((c) => c.channel === 'tts:resume').map((c) => c.request)).toEqual([
      { payAgain: false },
    ])
    expect($('reader-pay-again')).not.toBeNull()
  })

  it('disables Save for a format that does not join into one file', async () => {
    bridge.answer('tts:snapshot', () => ({
      reading: reading({ ready: 1, format: 'opus' }),
      text: READING_TEXT,
    }))
    await show()
    const save = $('reader-save') as HTMLButtonElement
    expect(save.disabled).toBe(true)
    expect(save.title).toContain('định dạng opus')
  })
})

describe('history', () => {
  it('counts down to the deletion each minute, then says expired; gone is explained', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    vi.setSystemTime(new Date('2026-11-22T06:00:00.000Z'))
    bridge.answer('tts:history', () => [
      historyItem({ id: 'a', expiresAt: '2026-11-22T07:01:30.000Z' }),
      historyItem({ id: 'b', gone: 'not_found' }),
      historyItem({ id: 'c', gone: 'expired' }),
    ])
    await show()
    const items = $$('reader-history-item')
    const expiry = () => nbsp(items[0]?.querySelector('[data-testid="reader-history-expiry"]')?.textContent)
    expect(expiry()).toBe('Dịch vụ xóa âm thanh sau 1 giờ 1 phút')
    expect(nbsp(items[0]?.textContent)).toContain('1.234 ký tự')
    expect(nbsp(items[0]?.textContent)).toContain('494 ₫')
    expect(nbsp(items[0]?.textContent)).toContain('Hà Nội mùa thu')
    vi.advanceTimersByTime(60_000)
    flushSync()
    expect(expiry()).toBe('Dịch vụ xóa âm thanh sau 1 giờ 0 phút')
    vi.advanceTimersByTime(62 * 60_000)
    flushSync()
    expect(expiry()).toBe('Đã hết hạn lưu trên dịch vụ')
    expect(nbsp(items[1]?.textContent)).toContain('tệp trên 50 MB')
    expect(nbsp(items[2]?.textContent)).toContain('24 giờ với gói FREE, 72 giờ với các gói trả phí')
    expect(
      (items[1]?.querySelector('[data-testid="reader-history-save"]') as HTMLButtonElement).disabled,
    ).toBe(true)
  })
})

describe('in English', () => {
  it('speaks English when the settings say so', async () => {
    app.settings.set(settings({}, 'en'))
    bridge.answer('tts:history', () => [historyItem({ gone: 'expired' })])
    await show()
    expect(text('reader-read-why')).toBe('There is no text to read yet.')
    const opus = [...($('reader-format') as HTMLSelectElement).options].find((o) => o.value === 'opus')
    expect(nbsp(opus?.textContent)).toContain('a reading is saved as one file only in mp3, wav or pcm')
    expect(text('reader-history-gone')).toContain('24 h on the FREE plan and 72 h on paid plans')
    expect(nbsp(host.target.textContent)).toContain('₫400 per 1,000 characters')
  })
})

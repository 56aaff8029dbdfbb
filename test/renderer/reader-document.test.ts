// The Reader's document panel in jsdom over a fake bridge: a file picked or dropped goes to main in base64
// parts under the bridge's frame size, the chapters, the whole price (unknown said as unknown, never 0 ₫)
// and listening time show before reading, the offer to continue names the chapter and first words, and a
// file main refuses is said by its code in Vietnamese and English with what to do next.
import { flushSync } from 'svelte'
import { describe, expect, it } from 'vitest'
import { DOCUMENT_PART_BYTES, type ReaderDocument, type ReaderDocumentPart } from '../../preload/contract'
import { estimate } from './reader-fixtures'
import { nbsp, readerViewRig } from './reader-view-rig'

const rig = readerViewRig()
const { $, $$ } = rig

const DOC: ReaderDocument = {
  id: 'abc',
  name: 'sach.txt',
  format: 'txt',
  title: null,
  chapters: [
    { title: 'Một', sentences: ['Câu một. ', 'Câu hai.'] },
    { title: 'Hai', sentences: ['Sáng nay trời Hà Nội se lạnh. ', 'Hết.'] },
  ],
  notes: [],
  resume: {
    chapter: 1,
    sentence: 0,
    chapterTitle: 'Hai',
    preview: 'Sáng nay trời Hà Nội…',
    at: '2026-11-27T10:00:00Z',
  },
  spentVnd: 0,
  limitVnd: null,
}

function pick(file: File): void {
  const input = $('document-file') as HTMLInputElement
  Object.defineProperty(input, 'files', { value: [file], configurable: true })
  input.dispatchEvent(new Event('change', { bubbles: true }))
  flushSync()
}

const sentParts = () =>
  rig.bridge.calls.filter((c) => c.channel === 'tts:openDocument').map((c) => c.request as ReaderDocumentPart)

describe('the document panel', () => {
  // jsdom's btoa is plain script: a part of half a MiB takes seconds on a loaded machine.
  it(
    'sends a picked file in base64 parts and shows its chapters, price, time and where to continue',
    { timeout: 30_000 },
    async () => {
      rig.bridge.answer('tts:openDocument', (part) => {
        const p = part as ReaderDocumentPart
        return p.index === p.count - 1 ? DOC : null
      })
      rig.bridge.answer('tts:documentEstimate', () => ({
        ...estimate({ chars: 1_234, chunks: 4, costVnd: null }),
        listenSeconds: 3_720,
      }))
      await rig.show()
      const bytes = new Uint8Array(DOCUMENT_PART_BYTES + 10).map((_, i) => i % 251)
      pick(new File([bytes], 'sach.txt', { type: 'text/plain' }))
      await rig.settle()
      await rig.settle()

      const parts = sentParts()
      expect(parts.map((p) => [p.index, p.count, p.size, p.name])).toEqual([
        [0, 2, bytes.length, 'sach.txt'],
        [1, 2, bytes.length, 'sach.txt'],
      ])
      const decoded = parts.flatMap((p) => [...atob(p.data)].map((c) => c.charCodeAt(0)))
      expect(new Uint8Array(decoded)).toEqual(bytes)
      expect(Math.max(...parts.map((p) => p.data.length))).toBeLessThanOrEqual(1 << 20)

      expect(rig.text('document-name')).toBe('sach.txt')
      expect($$('document-start-chapter')).toHaveLength(2)
      const line = rig.text('document-estimate')
      expect(line).toContain('1.234')
      expect(rig.text('document-cost')).toBe('Chưa rõ chi phí')
      expect(rig.text('document-cost')).not.toMatch(/0 ₫/)
      expect(rig.text('document-listen')).toBe('nghe khoảng 1 giờ 2 phút')
      expect(nbsp($('document-continue')?.textContent).trim()).toBe(
        'Tiếp tục từ chương 2 (Hai), “Sáng nay trời Hà Nội…”',
      )
    },
  )

  it('prices an open document once per document, model and voice, not at every key typed in the text box', async () => {
    rig.bridge.answer('tts:openDocument', () => DOC)
    rig.bridge.answer('tts:documentEstimate', () => ({ ...estimate({ chars: 1_234 }), listenSeconds: 600 }))
    const store = await rig.show()
    pick(new File(['Câu một.'], 'sach.txt'))
    await rig.settle()
    await rig.settle()
    const asked = () => rig.bridge.calls.filter((c) => c.channel === 'tts:documentEstimate').length
    expect(asked()).toBe(1)
    for (const draft of ['X', 'Xi', 'Xin', 'Xin chào']) await rig.type(draft)
    await rig.priced()
    expect(asked()).toBe(1)
    // Speed moves the listening time, not the price: worked out here, nothing asked.
    await store.options.setSpeed(2)
    await rig.settle()
    expect(asked()).toBe(1)
    expect(rig.text('document-listen')).toBe('nghe khoảng 5 phút')
    const voice = store.choice?.voice
    await store.options.setVoice(voice === 'nova' ? 'alloy' : 'nova')
    await rig.settle()
    expect(store.choice?.voice).not.toBe(voice)
    expect(asked()).toBe(2)
  })

  const unpriced = [
    [
      'vi',
      'Chưa rõ giá của mô hình này: Loa đọc câu đầu tiên, biết giá qua lần trừ tiền của câu đó, rồi dừng trước khi vượt hạn mức.',
    ],
    [
      'en',
      'This model’s price is unknown: Loa reads the first sentence, learns the price from its charge, then stops before passing the limit.',
    ],
  ] as const
  for (const [language, said] of unpriced) {
    it(`says in ${language}, with a limit set and the price unknown, how the limit is kept`, async () => {
      rig.app.settings.set(rig.settings({}, language))
      rig.bridge.answer('tts:openDocument', () => DOC)
      rig.bridge.answer('tts:documentEstimate', () => ({ ...estimate({ costVnd: null }), listenSeconds: 60 }))
      await rig.show()
      pick(new File(['Câu một.'], 'sach.txt'))
      await rig.settle()
      await rig.settle()
      expect($('document-limit-unpriced')).toBeNull()
      const limit = $('document-limit') as HTMLInputElement
      limit.value = '5000'
      limit.dispatchEvent(new Event('change', { bubbles: true }))
      flushSync()
      expect(rig.text('document-limit-unpriced')).toBe(said)
    })
  }

  it('takes a dropped file the same way', async () => {
    rig.bridge.answer('tts:openDocument', () => ({ ...DOC, resume: null }))
    rig.bridge.answer('tts:documentEstimate', () => ({ ...estimate(), listenSeconds: 5 }))
    await rig.show()
    const drop = new Event('drop', { bubbles: true, cancelable: true })
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [new File(['Xin chào.'], 'a.txt')] } })
    $('document-panel')?.dispatchEvent(drop)
    await rig.settle()
    await rig.settle()
    expect(sentParts().at(-1)?.name).toBe('a.txt')
    expect(rig.text('document-name')).toBe('sach.txt')
    expect($('document-continue')).toBeNull()
  })

  const refusals: Array<[string, Record<string, number>, string, string]> = [
    [
      'document_no_text_layer',
      {},
      'Tệp PDF này là ảnh quét, không có lớp chữ để đọc. Hãy nhận dạng chữ (OCR) cho tệp rồi mở lại.',
      'This PDF is a scan: it has no text layer to read. Run text recognition (OCR) on it, then open it again.',
    ],
    [
      'document_too_large',
      { limitMb: 50 },
      'Tệp lớn hơn giới hạn 50 MB nên không được mở. Hãy tách tệp thành các phần nhỏ hơn 50 MB rồi mở từng phần.',
      'The file is over the 50 MB limit, so it was not opened. Split it into files under 50 MB and open them one by one.',
    ],
    [
      'document_encrypted',
      {},
      'Tệp được đặt mật khẩu hoặc mã hoá nên Loa không đọc được. Hãy gỡ mật khẩu trong ứng dụng đã tạo tệp rồi mở lại.',
      'The file is password-protected or encrypted, so Loa cannot read it. Remove the password in the app that made it, then open it again.',
    ],
    [
      'document_corrupt',
      {},
      'Tệp bị hỏng hoặc không đúng định dạng như tên của nó. Hãy mở lại tệp gốc, hoặc lưu lại tệp bằng ứng dụng đã tạo ra nó.',
      'The file is damaged, or is not the format its name says. Open the original again, or save it anew from the app that made it.',
    ],
  ]
  for (const [code, params, vi, en] of refusals) {
    it(`says ${code} in both languages, with what to do`, async () => {
      for (const [language, said] of [
        ['vi', vi],
        ['en', en],
      ] as const) {
        rig.app.settings.set(rig.settings({}, language))
        rig.bridge.fail('tts:openDocument', { kind: 'invalid_input', message: 'x', code, params } as never)
        await rig.show()
        pick(new File(['%PDF'], 'scan.pdf'))
        await rig.settle()
        expect($('document-error')?.dataset.code).toBe(code)
        expect(rig.text('document-error')).toBe(said)
      }
    })
  }
})

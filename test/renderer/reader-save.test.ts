// Save during a reading: the button names the chunks it will write before the click, and the message
// after it says the file is partial and which chunks it holds; a whole reading saves and says so plainly.
import { describe, expect, it } from 'vitest'
import { historyItem, READING_TEXT, reading } from './reader-fixtures'
import { nbsp, readerViewRig } from './reader-view-rig'

const rig = readerViewRig()
const { $ } = rig

describe('Save during a reading', () => {
  it('names the chunks before the click and says the file is partial after it', async () => {
    rig.bridge.answer('tts:snapshot', () => ({
      reading: reading({ ready: 3, count: 12 }),
      text: READING_TEXT,
    }))
    rig.bridge.answer('tts:save', () => ({
      path: '/home/an/loa-2026-11-22-mot-cau-a (partial, parts 1-3 of 12).mp3',
      partial: { parts: 3, of: 12 },
    }))
    await rig.show()
    const save = $('reader-save') as HTMLButtonElement
    expect(nbsp(save.textContent).trim()).toBe('Lưu phần 1–3 trên 12')
    save.click()
    await rig.settle()
    const said = $('reader-saved')
    expect(said?.dataset.partial).toBe('true')
    expect(nbsp(said?.textContent)).toBe(
      'Đã lưu một phần bài đọc vào /home/an/loa-2026-11-22-mot-cau-a (partial, parts 1-3 of 12).mp3: ' +
        'phần 1–3 trên 12; các phần còn lại không có trong tệp này. Muốn có cả bài, hãy lưu lại khi đã đọc hết văn bản.',
    )
    expect(nbsp(said?.textContent)).not.toMatch(/^Đã lưu vào/)
  })

  it('says it in English', async () => {
    rig.app.settings.set(rig.settings({}, 'en'))
    rig.bridge.answer('tts:snapshot', () => ({
      reading: reading({ ready: 3, count: 12 }),
      text: READING_TEXT,
    }))
    rig.bridge.answer('tts:save', () => ({
      path: '/tmp/x (partial, parts 1-3 of 12).mp3',
      partial: { parts: 3, of: 12 },
    }))
    await rig.show()
    const save = $('reader-save') as HTMLButtonElement
    expect(nbsp(save.textContent).trim()).toBe('Save chunks 1–3 of 12')
    save.click()
    await rig.settle()
    expect(rig.text('reader-saved')).toContain(
      'Saved a partial reading to /tmp/x (partial, parts 1-3 of 12).mp3',
    )
    expect(rig.text('reader-saved')).toContain('chunks 1–3 of 12; the rest is not in this file')
  })

  it('saves a whole reading as before, with no word of parts', async () => {
    rig.bridge.answer('tts:snapshot', () => ({
      reading: reading({ ready: 3, count: 3, state: 'done' }),
      text: READING_TEXT,
    }))
    rig.bridge.answer('tts:save', () => ({ path: '/home/an/loa-2026-11-22-mot-cau-a.mp3', partial: null }))
    await rig.show()
    const save = $('reader-save') as HTMLButtonElement
    expect(nbsp(save.textContent).trim()).toBe('Lưu thành tệp')
    save.click()
    await rig.settle()
    expect(rig.text('reader-saved')).toBe('Đã lưu vào /home/an/loa-2026-11-22-mot-cau-a.mp3')
    expect($('reader-saved')?.dataset.partial).toBe('false')
  })

  it('says a partial file from the history is partial too', async () => {
    rig.bridge.answer('tts:history', () => [historyItem({ id: 'rd_old' })])
    rig.bridge.answer('tts:save', () => ({
      path: '/tmp/old (partial, parts 1-2 of 5).mp3',
      partial: { parts: 2, of: 5 },
    }))
    await rig.show()
    $('reader-history-save')?.click()
    await rig.settle()
    expect(rig.text('reader-history-saved')).toContain('Đã lưu một phần bài đọc')
    expect(rig.text('reader-history-saved')).toContain('phần 1–2 trên 5')
  })
})

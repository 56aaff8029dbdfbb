// The Reader's model list in groups: free, reads Vietnamese, English voices only; cheapest first within
// each, whatever order the service lists them in; each with its vendor and price per 1,000 characters on
// the plan, "free" for the free model and "not known" (never 0 ₫) where the price is not known.
import { describe, expect, it } from 'vitest'
import type { ReaderModel } from '../../preload/contract'
import { A, CLASSIC, FREE, G, M9, readerModels, V3 } from './reader-fixtures'
import { nbsp, readerViewRig } from './reader-view-rig'

const rig = readerViewRig()

function groups(): Array<{ label: string; group: string; options: string[] }> {
  const select = rig.$('reader-model') as HTMLSelectElement
  return [...select.querySelectorAll('optgroup')].map((g) => ({
    label: g.label,
    group: g.dataset.group ?? '',
    options: [...g.querySelectorAll('option')].map((o) => nbsp(o.textContent)),
  }))
}

describe('the model list', () => {
  it('groups the models, cheapest first, with vendor and price per 1,000 characters', async () => {
    // A cheap model priced under 1 ₫ per 1,000 characters: shown to the decimal, never 0 ₫.
    const cheap: ReaderModel = {
      ...CLASSIC,
      id: 'minimax/speech-lite',
      name: 'Speech Lite',
      unitPriceVndPer1M: 400,
    }
    // Listed in the service's order, which is not the order shown.
    rig.bridge.answer('tts:models', () => ({ ...readerModels, models: [M9, V3, A, G, FREE, CLASSIC, cheap] }))
    await rig.show()
    expect(groups()).toEqual([
      { label: 'Miễn phí', group: 'free', options: ['free/tts (free) — Miễn phí'] },
      {
        label: 'Đọc được tiếng Việt · rẻ nhất trước',
        group: 'vietnamese',
        options: [
          'Speech Lite (minimax) — 0,4 ₫ / 1.000 ký tự',
          'google/standard (google) — 100 ₫ / 1.000 ký tự',
          'google/gemini-2.5-flash-tts (google) — 400 ₫ / 1.000 ký tự',
          'TTS 1 (openai) — 400 ₫ / 1.000 ký tự',
          'elevenlabs/eleven_v3 (elevenlabs) — Chưa rõ giá',
        ],
      },
      {
        label: 'Chỉ có giọng tiếng Anh · rẻ nhất trước',
        group: 'english',
        options: ['elevenlabs/eleven-flash-v2.5 (elevenlabs) — 400 ₫ / 1.000 ký tự'],
      },
    ])
    expect(
      groups()
        .flatMap((g) => g.options)
        .some((o) => /(^|\s)0 ₫/.test(o)),
    ).toBe(false)
  })

  it('keeps the choice working across groups', async () => {
    const store = await rig.show()
    const select = rig.$('reader-model') as HTMLSelectElement
    expect(select.value).toBe(A.id)
    select.value = M9.id
    select.dispatchEvent(new Event('change', { bubbles: true }))
    await rig.settle()
    expect(store.options.selectedModel?.id).toBe(M9.id)
    expect(rig.bridge.calls.some((c) => c.channel === 'settings:update')).toBe(true)
  })

  it('says the groups and prices in English', async () => {
    rig.app.settings.set(rig.settings({}, 'en'))
    await rig.show()
    const shown = groups()
    expect(shown.map((g) => g.label)).toEqual([
      'Free',
      'Reads Vietnamese · cheapest first',
      'English voices only · cheapest first',
    ])
    expect(shown[1]?.options).toContain('TTS 1 (openai) — ₫400 per 1,000 characters')
    expect(shown[1]?.options).toContain('elevenlabs/eleven_v3 (elevenlabs) — Price not known')
    expect(shown[0]?.options).toEqual(['free/tts (free) — Free'])
  })
})

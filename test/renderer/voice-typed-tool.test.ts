// The Voice view's typed turn box and the tool cards in its captions: the text goes to main as
// voice:sendText and the box empties; a tool call's line shows as a card with the figure the model was
// given, in the user's language, updated in place from running to done; a figure the result lacks
// reads "unknown", never 0 ₫.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it } from 'vitest'
import type { VoiceLine } from '../../preload/contract'
import {
  settingsWith,
  voiceHistory,
  voiceLine,
  voiceModels,
  voiceSnapshot,
  voiceSummary,
} from './voice-fixtures'
import { bridge, Voice, VoiceStore, app, host, calls } from './voice-view-testbed'

async function show(lines: VoiceLine[] = []): Promise<void> {
  bridge.answer('voice:snapshot', () => voiceSnapshot({ lines }))
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
}

const cards = () => [...host.target.querySelectorAll<HTMLElement>('[data-testid="voice-tool-card"]')]
/** A card's words, with Intl's no-break spaces (before ₫) read as spaces. */
const said = (card: HTMLElement | undefined) => card?.textContent?.replace(/\s+/g, ' ').trim()

function toolLine(order: number, tool: NonNullable<VoiceLine['tool']>): VoiceLine {
  return {
    ...voiceLine({ itemId: `tool-${order}`, order, role: 'tool', text: '', final: tool.state !== 'running' }),
    tool,
  }
}

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  bridge.answer('voice:end', () => voiceSummary())
  bridge.answer('voice:sendText', () => undefined)
  app.settings.set(settingsWith())
})

describe('the typed turn box', () => {
  it('sends the text with Enter, trimmed, and empties the box', async () => {
    await show()
    const form = host.target.querySelector<HTMLFormElement>('[data-testid="voice-typed"]')!
    const input = form.querySelector('input')!
    const send = form.querySelector<HTMLButtonElement>('button[type="submit"]')!
    expect(send.disabled).toBe(true)
    input.value = '  số dư của tôi?  '
    input.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    expect(send.disabled).toBe(false)
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }))
    await host.settle()
    expect(calls('voice:sendText').map((c) => c.request)).toEqual([{ text: 'số dư của tôi?' }])
    expect(input.value).toBe('')
  })

  it('sends nothing for blank text', async () => {
    await show()
    const form = host.target.querySelector<HTMLFormElement>('[data-testid="voice-typed"]')!
    form.querySelector('input')!.value = '   '
    form.dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }))
    await host.settle()
    expect(calls('voice:sendText')).toEqual([])
  })
})

describe('tool cards', () => {
  it('shows a balance check as a card, in Vietnamese and in English', async () => {
    const done = toolLine(1, {
      name: 'get_balance',
      arguments: {},
      state: 'done',
      result: { balanceVnd: 1234567 },
      error: null,
    })
    await show([voiceLine({ itemId: 'typed-1', order: 0, role: 'user', text: 'số dư?' }), done])
    expect(cards().map(said)).toEqual(['Đã xem số dư: 1.234.567 ₫'])
    expect(cards()[0]?.dataset.state).toBe('done')
    app.settings.set({ ...settingsWith(), language: 'en' } as ReturnType<typeof settingsWith>)
    flushSync()
    expect(said(cards()[0])).toMatch(/^Checked the balance: (₫1,234,567|1,234,567 ₫)$/)
  })

  it('updates the card in place from running to done, and says unknown for a missing figure', async () => {
    const running = toolLine(1, {
      name: 'get_spend',
      arguments: {},
      state: 'running',
      result: null,
      error: null,
    })
    await show([running])
    expect(cards().map(said)).toEqual(['Đang chạy công cụ get_spend…'])
    bridge.emit('voice:line', {
      ...running,
      final: true,
      tool: { ...running.tool!, state: 'done', result: { todayVnd: 0, last7DaysVnd: 5000, monthVnd: null } },
    })
    await host.settle()
    expect(cards()).toHaveLength(1)
    expect(said(cards()[0])).toBe('Đã xem chi tiêu: hôm nay 0 ₫, 7 ngày 5.000 ₫, tháng này không rõ')
  })

  it('says what failed and what to do next', async () => {
    const failed = toolLine(1, {
      name: 'get_balance',
      arguments: {},
      state: 'failed',
      result: null,
      error: { code: 'timeout', message: 'No result within 15000 ms' },
    })
    await show([failed])
    expect(said(cards()[0])).toBe(
      'Công cụ get_balance không chạy được: No result within 15000 ms. Hãy hỏi lại sau giây lát.',
    )
  })
})

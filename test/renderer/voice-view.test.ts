// The Voice view in jsdom over a fake bridge: what main pushes shows up (state, captions, money, problems,
// history), and the talk button, the space bar and End reach main.
import { flushSync } from 'svelte'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings, VoiceModel, VoiceSessionSummary, VoiceStatus } from '../../preload/contract'
import {
  fakeAudio,
  settingsWith,
  voiceHistory,
  voiceLine,
  voiceModels,
  voiceSnapshot,
  voiceStatus,
  voiceSummary,
} from './voice-fixtures'
import { bridge, Voice, VoiceStore, app, host, calls, $ } from './voice-view-testbed'

const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ')
function status(patch: Partial<VoiceStatus>) {
  bridge.emit('voice:status', voiceStatus(patch))
  flushSync()
}

async function show() {
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
  return store
}

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  bridge.answer('voice:end', () => voiceSummary())
  app.settings.set(settingsWith())
})

describe('what main pushes', () => {
  it('shows the state in words, with the raw state for machines', async () => {
    await show()
    expect($('voice-state')?.dataset.state).toBe('idle')
    status({ state: 'creating' })
    expect(nbsp($('voice-state')?.textContent)).toContain('Đang kết nối…')
    status({ state: 'listening', pressed: true, micWanted: true })
    expect($('voice-state')?.dataset.state).toBe('listening')
    expect(nbsp($('voice-state')?.textContent)).toContain('Đang nghe bạn nói…')
    expect($('voice-state')?.getAttribute('aria-live')).toBe('polite')
  })

  it('streams both sides of the conversation and marks a cut answer', async () => {
    await show()
    status({ state: 'speaking' })
    bridge.emit('voice:line', voiceLine({ itemId: 'u0', order: 0, role: 'user', text: 'Bạn là ai?' }))
    bridge.emit('voice:line', voiceLine({ itemId: 'a1', order: 1, text: 'Tôi là', final: false }))
    flushSync()
    let lines = host.target.querySelectorAll<HTMLElement>('[data-testid="voice-line"]')
    expect([...lines].map((l) => l.dataset.role)).toEqual(['user', 'assistant'])
    expect(lines[1]?.textContent).toContain('Tôi là')

    bridge.emit('voice:line', voiceLine({ itemId: 'a1', order: 1, text: 'Tôi là trợ lý', cancelled: true }))
    flushSync()
    lines = host.target.querySelectorAll<HTMLElement>('[data-testid="voice-line"]')
    expect(lines).toHaveLength(2)
    expect(lines[1]?.dataset.cancelled).toBe('true')
    expect(lines[1]?.textContent).toContain('Tôi là trợ lý')
    expect(lines[1]?.textContent).toContain('bị ngắt lời')
  })

  it('shows the money: spent so far, per minute, minutes left and the cap', async () => {
    await show()
    expect(nbsp($('voice-cost-rate')?.textContent)).toContain('2.709 ₫/phút')
    const cost = {
      settledVnd: 1000,
      totalVnd: 1234.6,
      estimateVnd: 0,
      estimatedVndPerMin: 2709,
      maxSpendVnd: 20_000,
      balanceVnd: 50_000,
      minutesLeft: 18.4,
    }
    status({ state: 'speaking', cost })
    const meter = $('voice-cost')
    expect(meter?.dataset.vnd).toBe('1234.6')
    expect(nbsp(meter?.textContent)).toContain('1.235 ₫')
    expect(nbsp($('voice-cost-minutes')?.textContent)).toContain('≈ 18 phút')
    expect(nbsp(meter?.textContent)).toContain('20.000 ₫')
  })

  it("states the spending cap the service sets: its floor before a session, the session's own figure after", async () => {
    await show()
    // Loa sends no max_spend_vnd: before a session the spec's minimum is all there is to say.
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('ít nhất 50.000 ₫, do dịch vụ đặt')
    const cost = {
      settledVnd: 0,
      totalVnd: 0,
      estimateVnd: 0,
      estimatedVndPerMin: 2709,
      maxSpendVnd: 122_000,
      balanceVnd: 500_000,
      minutesLeft: 184,
    }
    status({ state: 'ready', cost })
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('122.000 ₫, do dịch vụ đặt')
    status({ state: 'ready', cost: { ...cost, maxSpendVnd: 0 } })
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('Không giới hạn')
    app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
    flushSync()
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('No cap')
    status({ state: 'idle', cost: null })
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('at least ₫50,000, set by the service')
    status({ state: 'ready', cost })
    expect(nbsp($('voice-cost-cap')?.textContent)).toBe('₫122,000, set by the service')
  })

  it('names the talk key that is set, readably, and how it works on this desktop', async () => {
    app.settings.set(settingsWith({ talkKey: 'CommandOrControl+Alt+K' }))
    await show()
    const intro = () => nbsp(host.target.querySelector('header p')?.textContent)
    expect(intro()).toContain('Giữ Ctrl+Alt+K ở bất cứ đâu')
    expect(intro()).not.toContain('CommandOrControl')
    bridge.emit('hotkey:changed', {
      accelerator: 'CommandOrControl+Alt+K',
      mode: 'toggle',
      reasonKey: 'hotkey.reason.wayland',
      conflict: false,
      error: null,
    })
    flushSync()
    expect(intro()).toContain('Nhấn Ctrl+Alt+K ở bất cứ đâu để bắt đầu nói')
    app.settings.set({ ...settingsWith({ talkKey: 'F9' }), language: 'en' } as Settings)
    flushSync()
    expect(intro()).toContain('Press F9 anywhere to start talking')
    bridge.emit('hotkey:changed', {
      accelerator: 'F9',
      mode: 'none',
      reasonKey: 'hotkey.reason.noDesktop',
      conflict: false,
      error: null,
    })
    flushSync()
    expect(intro()).toContain('The talk key F9 does not work on this desktop right now')
  })

  it('says in Vietnamese why the service cut the conversation', async () => {
    await show()
    const reasons: Record<string, string> = {
      insufficient_balance: 'Số dư ví đã hết.',
      max_spend_reached: 'Đã chạm mức chi tối đa của phiên.',
      max_duration_reached: 'Phiên đã đạt thời lượng tối đa.',
      key_revoked: 'Khóa API đã bị thu hồi, tạm ngưng hoặc hết hạn.',
      maintenance: 'Dịch vụ đang bảo trì.',
      system_error: 'Dịch vụ gặp lỗi hệ thống.',
    }
    for (const [code, words] of Object.entries(reasons)) {
      status({
        state: 'idle',
        problem: { kind: 'terminated', code, message: 'Session terminated.', fatal: false },
      })
      const text = nbsp($('voice-problem')?.textContent)
      expect(text).toContain('Cuộc trò chuyện đã bị ngắt.')
      expect(text).toContain(words)
      expect(text).not.toContain('Session terminated.')
    }
    status({
      state: 'failed',
      problem: { kind: 'rate_limit', code: null, message: '429', fatal: true, retryAfterMs: 4500 },
    })
    expect(nbsp($('voice-problem')?.textContent)).toContain('Thử lại sau 5 giây')
  })

  it('says instructions refused as too long, and where to shorten them, in both languages', async () => {
    await show()
    const problem = {
      kind: 'invalid_input' as const,
      code: 'instructions_too_long',
      message: 'instructions are too long: at most 16384 characters.',
      fatal: true,
    }
    status({ state: 'failed', problem })
    const vi = nbsp($('voice-problem')?.textContent)
    expect(vi).toContain('hướng dẫn quá dài')
    expect(vi).toContain('Trò chuyện → Tùy chọn → Hướng dẫn cho trợ lý')
    expect(vi).not.toContain('16384')

    app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
    status({ state: 'failed', problem })
    const en = nbsp($('voice-problem')?.textContent)
    expect(en).toContain('refused the instructions as too long')
    expect(en).toContain('Voice → Options → Instructions for the assistant')
  })

  it('warns about a low balance with the minutes it buys', async () => {
    await show()
    status({
      state: 'ready',
      cost: {
        settledVnd: 0,
        totalVnd: 0,
        estimateVnd: 0,
        estimatedVndPerMin: 2709,
        maxSpendVnd: null,
        balanceVnd: 9000,
        minutesLeft: 3.3,
      },
      warning: {
        kind: 'low_balance',
        balanceVnd: 9000,
        totalVnd: null,
        maxSpendVnd: null,
        usedPercent: null,
      },
    })
    expect(nbsp($('voice-warning')?.textContent)).toBe('Số dư còn 9.000 ₫, đủ cho ≈ 3 phút trò chuyện.')
  })

  it("names the live session's model and how its audio travels, in both languages", async () => {
    await show()
    expect($('voice-session')).toBeNull()
    status({
      state: 'ready',
      session: {
        id: 'rs_1',
        model: 'openai/gpt-realtime',
        protocol: 'model-r',
        transport: 'webrtc',
        endsAtMs: null,
      },
    })
    const line = $('voice-session')
    expect(line?.dataset.transport).toBe('webrtc')
    expect(nbsp(line?.textContent).trim()).toBe('GPT Realtime · qua WebRTC')
    expect(line?.title).toBe('Âm thanh đi thẳng giữa cửa sổ này và dịch vụ.')

    app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
    status({
      state: 'ready',
      session: {
        id: 'rs_2',
        model: 'google/gemini-live-2.5-flash',
        protocol: 'live',
        transport: 'websocket',
        endsAtMs: null,
      },
    })
    expect($('voice-session')?.dataset.transport).toBe('websocket')
    expect(nbsp($('voice-session')?.textContent).trim()).toBe('Gemini Live · over WebSocket')
    expect($('voice-session')?.title).toBe('The audio goes through Loa to the service.')

    status({ state: 'idle', session: null })
    expect($('voice-session')).toBeNull()
  })

  it('counts down the time the session has left, in both languages', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    try {
      const start = Date.parse('2026-11-25T10:00:00Z')
      vi.setSystemTime(start)
      await show()
      const session = {
        id: 'rs_1',
        model: 'openai/gpt-realtime',
        protocol: 'model-r',
        transport: 'webrtc' as const,
      }
      status({ state: 'ready', session: { ...session, endsAtMs: null } })
      expect($('voice-session-left')).toBeNull()

      status({ state: 'ready', session: { ...session, endsAtMs: start + 3_600_000 } })
      expect(nbsp($('voice-session-left')?.textContent).trim()).toBe('còn 1:00:00')
      vi.advanceTimersByTime(62_000)
      flushSync()
      expect(nbsp($('voice-session-left')?.textContent).trim()).toBe('còn 58:58')
      expect($('voice-session-left')?.title).toContain('Cài đặt')

      app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
      vi.advanceTimersByTime(3_600_000)
      flushSync()
      expect(nbsp($('voice-session-left')?.textContent).trim()).toBe('0:00 left')
    } finally {
      vi.useRealTimers()
    }
  })

  it("puts the WebRTC links' figures on the page for measurements", async () => {
    const store = new VoiceStore(null)
    const stop = store.start()
    const audio = {
      ...fakeAudio(),
      rtc: {
        links: 1,
        connected: 1,
        inboundAudioEnergy: 0.25,
        inboundSamples: 48_000,
        inboundConcealed: 960,
        inboundSilentConcealed: 480,
        jitterBufferDelay: 1.5,
        jitterBufferEmitted: 30_000,
        outboundPackets: 50,
      },
    }
    host.show(Voice, { voice: store, audio }, () => stop)
    await host.settle()
    const root = $('voice-view')
    expect(root?.dataset.rtcLinks).toBe('1')
    expect(root?.dataset.rtcConnected).toBe('1')
    expect(root?.dataset.rtcInboundAudioEnergy).toBe('0.25')
    expect(root?.dataset.rtcInboundSamples).toBe('48000')
    expect(root?.dataset.rtcInboundConcealed).toBe('960')
    expect(root?.dataset.rtcInboundSilentConcealed).toBe('480')
    expect(root?.dataset.rtcJitterBufferDelay).toBe('1.5')
    expect(root?.dataset.rtcJitterBufferEmitted).toBe('30000')
    expect(root?.dataset.rtcOutboundPackets).toBe('50')
  })

  it('lists past sessions with their totals', async () => {
    await show()
    const table = $('voice-history')
    expect(table?.querySelectorAll('tbody tr')).toHaveLength(2)
    expect(nbsp(table?.textContent)).toContain('Hết số dư')
    expect(nbsp($('voice-history-total')?.textContent)).toBe('3.450 ₫')
  })

  it('gives the history total as a floor when a session’s cost is unknown, in both languages', async () => {
    const [known, unread] = voiceHistory.sessions as [VoiceSessionSummary, VoiceSessionSummary]
    bridge.answer('voice:history', () => ({
      ...voiceHistory,
      sessions: [known, { ...unread, totalVnd: null }],
      totalVnd: null,
      knownTotalVnd: 2950,
    }))
    await show()
    const total = $('voice-history-total')
    expect(nbsp(total?.textContent).trim()).toBe('ít nhất 2.950 ₫')
    expect(total?.dataset.vnd).toBeUndefined()
    expect(total?.title).toBe('1 phiên chưa rõ chi phí; tổng chỉ tính các phiên đã rõ.')
    app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
    flushSync()
    expect(nbsp($('voice-history-total')?.textContent).trim()).toBe('at least ₫2,950')
  })

  it('clears the last conversation’s money and captions from the live card when a new one connects', async () => {
    await show()
    status({ state: 'listening' })
    bridge.emit('voice:line', voiceLine({ itemId: 'u0', order: 0, role: 'user', text: 'Cuộc trước' }))
    const cost = {
      settledVnd: 4000,
      totalVnd: 4321,
      estimateVnd: 0,
      estimatedVndPerMin: 3000,
      maxSpendVnd: null,
      balanceVnd: 77_000,
      minutesLeft: 25,
    }
    status({ state: 'speaking', cost })
    bridge.emit('voice:summary', voiceSummary())
    status({ state: 'ended', cost })
    await host.settle()
    expect(nbsp($('voice-cost')?.textContent)).toContain('77.000 ₫')
    expect(host.target.querySelectorAll('[data-testid="voice-line"]')).toHaveLength(1)

    // The press opens a new conversation: main sends the status without the last one's figures.
    status({ state: 'ended', pressed: true, cost: null })
    status({ state: 'creating', pressed: true, cost: null })
    const meter = $('voice-cost')
    expect(meter?.dataset.vnd).toBe('0')
    expect(nbsp(meter?.textContent)).not.toContain('4.321 ₫')
    expect(nbsp(meter?.textContent)).not.toContain('77.000 ₫')
    // The estimate is the chosen model's again, not the last session's rate.
    expect(nbsp($('voice-cost-rate')?.textContent)).toContain('2.709 ₫/phút')
    expect(host.target.querySelectorAll('[data-testid="voice-line"]')).toHaveLength(0)
    // The last conversation's sessions stay listed in the history.
    expect($('voice-history')?.querySelectorAll('tbody tr')).toHaveLength(2)
  })
})

describe('talking', () => {
  it('presses and releases with the pointer', async () => {
    await show()
    const button = $('talk-button')!
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1 }))
    flushSync()
    expect(calls('voice:press')).toHaveLength(1)
    expect(button.getAttribute('aria-pressed')).toBe('true')
    button.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, button: 0, pointerId: 1 }))
    flushSync()
    expect(calls('voice:release')).toHaveLength(1)
    expect(button.getAttribute('aria-pressed')).toBe('false')
  })

  it('presses and releases with the space bar, ignoring repeats and text fields', async () => {
    await show()
    const key = (type: string, init: KeyboardEventInit = {}) =>
      document.body.dispatchEvent(
        new KeyboardEvent(type, { key: ' ', code: 'Space', bubbles: true, ...init }),
      )
    key('keydown')
    key('keydown', { repeat: true })
    key('keydown', { repeat: true })
    expect(calls('voice:press')).toHaveLength(1)
    key('keyup')
    expect(calls('voice:release')).toHaveLength(1)

    const instructions = $('voice-instructions')!
    instructions.focus()
    instructions.dispatchEvent(new KeyboardEvent('keydown', { key: ' ', code: 'Space', bubbles: true }))
    instructions.dispatchEvent(new KeyboardEvent('keyup', { key: ' ', code: 'Space', bubbles: true }))
    expect(calls('voice:press')).toHaveLength(1)
    expect(calls('voice:release')).toHaveLength(1)
  })

  it('starts and stops with a click in hands-free mode', async () => {
    app.settings.set(settingsWith({ realtime: { mode: 'hands-free' } }))
    await show()
    const button = $('talk-button')!
    expect(nbsp(button.textContent)).toContain('Bắt đầu nói')
    button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, pointerId: 1 }))
    button.click()
    expect(calls('voice:press')).toHaveLength(1)
    status({ state: 'listening', pressed: true, micWanted: true, mode: 'hands-free' })
    expect(nbsp(button.textContent)).toContain('Dừng nghe')
    button.click()
    expect(calls('voice:press')).toHaveLength(2)

    // The space bar toggles too; a key held down toggles once.
    const key = (type: string, repeat = false) =>
      document.body.dispatchEvent(new KeyboardEvent(type, { key: ' ', code: 'Space', bubbles: true, repeat }))
    key('keydown')
    key('keydown', true)
    key('keyup')
    expect(calls('voice:press')).toHaveLength(3)
    expect(calls('voice:release')).toHaveLength(0)
  })

  it('ends a live conversation and shows its summary', async () => {
    await show()
    const end = $('voice-end') as HTMLButtonElement
    expect(end.disabled).toBe(true)
    status({ state: 'ready' })
    expect(end.disabled).toBe(false)
    end.click()
    await host.settle()
    expect(calls('voice:end')).toHaveLength(1)
    expect(end.disabled).toBe(true)
    const summary = nbsp($('voice-summary')?.textContent)
    expect(summary).toContain('1 phút 5 giây')
    expect(summary).toContain('2.950 ₫')
    expect(summary).toContain('3 lượt')
  })

  it('shows a cost the service did not give readably as không rõ, never 0 ₫', async () => {
    bridge.answer('voice:end', () => voiceSummary({ costVnd: null }))
    await show()
    status({ state: 'ready' })
    ;($('voice-end') as HTMLButtonElement).click()
    await host.settle()
    const summary = nbsp($('voice-summary')?.textContent)
    expect(summary).toContain('không rõ')
    expect(summary).not.toContain('0 ₫')
  })

  it('keeps the running estimate when no settled figure could be read, and says it is an estimate', async () => {
    await show()
    const cost = {
      settledVnd: null,
      totalVnd: 812.5,
      estimateVnd: 0,
      estimatedVndPerMin: 2709,
      maxSpendVnd: null,
      balanceVnd: null,
      minutesLeft: null,
    }
    status({ state: 'speaking', cost })
    expect(nbsp($('voice-cost')?.textContent)).toContain('813 ₫')
    expect(nbsp($('voice-cost-note')?.textContent)).toContain('Không đọc được số tiền')
  })

  it('shows a floor when the prices are unknown, and "unknown" when there is no settled figure either', async () => {
    await show()
    const cost = {
      settledVnd: 300,
      totalVnd: 300,
      estimateVnd: null,
      estimatedVndPerMin: null,
      maxSpendVnd: null,
      balanceVnd: null,
      minutesLeft: null,
    }
    status({ state: 'speaking', cost })
    expect(nbsp($('voice-cost-amount')?.textContent)).toBe('ít nhất 300 ₫')
    expect(nbsp($('voice-cost-note')?.textContent)).toContain('Chưa biết giá của mô hình')
    status({ state: 'speaking', cost: { ...cost, settledVnd: null, totalVnd: 0 } })
    expect(nbsp($('voice-cost-amount')?.textContent)).toBe('không rõ')
    // No amount of 0 ₫ anywhere (the service's least cap, 50.000 ₫, ends in "0 ₫" and is a real figure).
    expect(nbsp($('voice-cost')?.textContent)).not.toMatch(/(?<![\d.])0 ₫/)
  })

  it('offers the models with their price per minute on the plan, and tells when options wait', async () => {
    await show()
    const options = [...($('voice-model') as HTMLSelectElement).options].map((o) => nbsp(o.textContent))
    expect(options).toEqual(['GPT Realtime — ≈ 2.709 ₫/phút', 'Gemini Live — ≈ 1.200 ₫/phút'])
    expect(($('voice-voice') as HTMLSelectElement).value).toBe('marin')
    expect(nbsp($('voice-voice')?.textContent)).toContain('marin (mặc định)')
    expect($('voice-options-next')).toBeNull()
    status({ state: 'listening' })
    expect(nbsp($('voice-options-next')?.textContent)).toBe('Thay đổi sẽ áp dụng từ cuộc trò chuyện sau.')
  })

  it('lists a model without a complete price table disabled, with why, and never picks it', async () => {
    const unpriced: VoiceModel = {
      ...(voiceModels.models[0] as VoiceModel),
      id: 'openai/gpt-4o-realtime-preview',
      name: 'GPT-4o Realtime',
      estimatedVndPerMin: null,
      unavailable: 'no_price_table',
    }
    bridge.answer('voice:models', () => ({ ...voiceModels, models: [unpriced, ...voiceModels.models] }))
    app.settings.set(settingsWith({ realtime: { model: unpriced.id } }))
    await show()
    const select = $('voice-model') as HTMLSelectElement
    const option = [...select.options].find((o) => o.value === unpriced.id) as HTMLOptionElement
    expect(option.disabled).toBe(true)
    expect(nbsp(option.textContent).trim()).toBe('GPT-4o Realtime — không dùng được: Chưa có bảng giá đầy đủ')
    expect(option.title).toBe('Chưa có bảng giá đầy đủ')
    // The saved choice falls back to a model the service can open.
    expect(select.value).toBe('openai/gpt-realtime')
    expect([...select.options].filter((o) => o.disabled)).toHaveLength(1)

    app.settings.set({ ...settingsWith({ realtime: { model: unpriced.id } }), language: 'en' } as Settings)
    flushSync()
    expect(nbsp(option.textContent).trim()).toBe('GPT-4o Realtime — unavailable: No complete price table yet')
  })
})

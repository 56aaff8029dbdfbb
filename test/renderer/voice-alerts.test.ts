// The Voice view's refusals, each with the spec's next step as something to do (realtime-api.md
// "Errors", the Handling column), in Vietnamese and English: the open sessions to end when the plan's
// limit is reached, the model picker, the wait counted down, the request id to copy.
import { flushSync, mount, unmount } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Settings, VoiceProblem, VoiceSessionSummary, VoiceStatus } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { settingsWith, voiceHistory, voiceModels, voiceSnapshot, voiceStatus } from './voice-fixtures'

const bridge = installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { default: Voice } = await import('../../renderer/views/Voice.svelte')
const { VoiceStore } = await import('../../renderer/stores/voice.svelte')
const { app } = await import('../../renderer/stores/app.svelte')

let target: HTMLElement
let view: ReturnType<typeof mount> | null = null
let stop: (() => void) | null = null

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0))
  flushSync()
}
const nbsp = (s: string | null | undefined) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ')
const $ = (testid: string) => target.querySelector<HTMLElement>(`[data-testid="${testid}"]`)
const $$ = (testid: string) => [...target.querySelectorAll<HTMLElement>(`[data-testid="${testid}"]`)]
const calls = (channel: string) => bridge.calls.filter((c) => c.channel === channel)
const english = () => {
  app.settings.set({ ...settingsWith(), language: 'en' } as Settings)
  flushSync()
}
function status(patch: Partial<VoiceStatus>) {
  bridge.emit('voice:status', voiceStatus(patch))
  flushSync()
}
function refused(problem: Partial<VoiceProblem> & Pick<VoiceProblem, 'kind'>) {
  status({ state: 'failed', problem: { code: null, message: 'refused', fatal: true, ...problem } })
}

async function show() {
  const store = new VoiceStore(null)
  stop = store.start()
  view = mount(Voice, { target, props: { voice: store } })
  await settle()
  return store
}

const open = (id: string, model: string, startedAt: string): VoiceSessionSummary => ({
  id,
  model,
  totalVnd: null,
  durationSec: null,
  endReason: null,
  startedAt,
})

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:models', () => voiceModels)
  bridge.answer('voice:history', () => voiceHistory)
  app.settings.set(settingsWith())
  target = document.createElement('div')
  document.body.append(target)
})

afterEach(() => {
  vi.useRealTimers()
  if (view) unmount(view)
  view = null
  stop?.()
  stop = null
  target.remove()
})

describe("the plan's limit of sessions at once", () => {
  it('lists the account’s open sessions and ends the one chosen, then says to press talk again', async () => {
    let sessions = [
      open('rs_old', 'openai/gpt-realtime', '2026-11-25T08:00:00Z'),
      { ...open('rs_mid', 'google/gemini-live-2.5-flash', '2026-11-25T08:05:00Z'), totalVnd: 1500 },
      open('rs_new', 'openai/gpt-realtime', '2026-11-25T08:10:00Z'),
    ]
    bridge.answer('voice:activeSessions', () => sessions)
    bridge.answer('voice:endSession', (req) => {
      const { id } = req as { id: string }
      const ended = sessions.find((s) => s.id === id) as VoiceSessionSummary
      sessions = sessions.filter((s) => s.id !== id)
      return { ...ended, endReason: 'client_deleted', totalVnd: 800 }
    })
    await show()
    refused({ kind: 'invalid_input', code: 'realtime_session_limit', requestId: 'req_limit_1' })

    const alert = $('voice-problem')
    expect(nbsp(alert?.textContent)).toContain('Đã đạt số phiên trò chuyện cùng lúc tối đa của gói.')
    expect(nbsp(alert?.textContent)).toContain('Kết thúc một phiên cũ trước.')
    expect(nbsp(alert?.textContent)).not.toContain('không hợp lệ')
    expect($('request-id-value')?.textContent).toBe('req_limit_1')
    expect(calls('voice:activeSessions')).toHaveLength(0)
    // A model change does not make room.
    expect($('voice-choose-model')).toBeNull()

    $('voice-active-sessions-show')?.click()
    await settle()
    const rows = $$('voice-active-session')
    expect(rows.map((r) => r.dataset.sessionId)).toEqual(['rs_old', 'rs_mid', 'rs_new'])
    expect(nbsp(rows[0]?.textContent)).toContain('openai/gpt-realtime')
    expect(nbsp(rows[0]?.textContent)).toContain('Chi phí đến giờ không rõ')
    expect(nbsp(rows[1]?.textContent)).toContain('1.500 ₫')
    expect(rows[0]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-25T08:00:00Z')
    expect($('voice-active-sessions-next')).toBeNull()

    rows[0]?.querySelector<HTMLButtonElement>('[data-testid="voice-active-session-end"]')?.click()
    await settle()
    expect(calls('voice:endSession').map((c) => c.request)).toEqual([{ id: 'rs_old' }])
    expect($$('voice-active-session').map((r) => r.dataset.sessionId)).toEqual(['rs_mid', 'rs_new'])
    expect(nbsp($('voice-active-sessions-next')?.textContent)).toBe(
      'Đã có chỗ cho phiên mới. Nhấn nút nói để thử lại.',
    )
    // The history shows the ended session's cost.
    expect(calls('voice:history').length).toBeGreaterThan(1)
    // The talk button works again.
    expect(($('talk-button') as HTMLButtonElement | null)?.disabled ?? false).toBe(false)
  })

  it('says it in English, and shows why the list could not be read', async () => {
    bridge.fail('voice:activeSessions', { kind: 'network', message: 'fetch failed' })
    await show()
    english()
    refused({ kind: 'invalid_input', code: 'realtime_session_limit' })
    expect(nbsp($('voice-problem')?.textContent)).toContain('End an older session first.')
    expect($('voice-active-sessions-show')?.textContent).toBe('Show open sessions')
    $('voice-active-sessions-show')?.click()
    await settle()
    expect(nbsp($('voice-active-sessions-error')?.textContent)).toContain('Could not reach the service.')

    bridge.answer('voice:activeSessions', () => [open('rs_a', 'openai/gpt-realtime', '2026-11-25T08:00:00Z')])
    refused({ kind: 'invalid_input', code: 'realtime_session_limit', message: 'again' })
    $('voice-active-sessions-show')?.click()
    await settle()
    expect($('voice-active-sessions-error')).toBeNull()
    const row = $('voice-active-session')
    expect(nbsp(row?.textContent)).toContain('Cost so far unknown')
    const end = row?.querySelector<HTMLButtonElement>('[data-testid="voice-active-session-end"]')
    expect(end?.textContent).toBe('End')
    expect(end?.getAttribute('aria-label')).toBe('End the openai/gpt-realtime session (rs_a)')
  })
})

describe('a model the service cannot open', () => {
  for (const code of ['realtime_model_not_configured', 'realtime_no_route']) {
    it(`${code}: a button takes the user to the model picker`, async () => {
      await show()
      refused({ kind: 'invalid_input', code })
      const button = $('voice-choose-model') as HTMLButtonElement
      expect(button.textContent).toBe('Chọn mô hình khác')
      expect(nbsp($('voice-problem')?.textContent).toLowerCase()).toContain('chọn mô hình khác')
      // Ending sessions does not fix a model.
      expect($('voice-active-sessions')).toBeNull()
      button.click()
      expect(document.activeElement).toBe($('voice-model'))
      english()
      expect($('voice-choose-model')?.textContent).toBe('Choose another model')
      expect(nbsp($('voice-problem')?.textContent).toLowerCase()).toContain('choose another model')
    })
  }
})

describe('too many session creations (429)', () => {
  it('counts the wait down live, then says the user may try again', async () => {
    await show()
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    refused({ kind: 'rate_limit', code: 'rate_limit_exceeded', retryAfterMs: 4500, requestId: 'req_429' })
    expect(nbsp($('voice-retry-countdown')?.textContent)).toBe('Thử lại sau 5 giây.')
    vi.advanceTimersByTime(2000)
    flushSync()
    expect(nbsp($('voice-retry-countdown')?.textContent)).toBe('Thử lại sau 3 giây.')
    // A later status repeating the same refusal does not restart the wait.
    refused({ kind: 'rate_limit', code: 'rate_limit_exceeded', retryAfterMs: 4500, requestId: 'req_429' })
    expect(nbsp($('voice-retry-countdown')?.textContent)).toBe('Thử lại sau 3 giây.')
    english()
    expect(nbsp($('voice-retry-countdown')?.textContent)).toBe('Try again in 3 seconds.')
    vi.advanceTimersByTime(3000)
    flushSync()
    expect(nbsp($('voice-retry-countdown')?.textContent)).toBe('You can try again now.')
    expect($('request-id-value')?.textContent).toBe('req_429')
    // The static sentence does not sit beside the live one.
    expect(nbsp($('voice-problem')?.textContent)).not.toContain('seconds. ')
  })

  it('waits the spec’s 60 seconds when the service said no Retry-After', async () => {
    await show()
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    refused({ kind: 'rate_limit', code: null })
    expect(nbsp($('voice-retry-countdown')?.textContent)).toBe('Thử lại sau 60 giây.')
    status({ state: 'idle', problem: null })
    expect($('voice-retry-countdown')).toBeNull()
  })
})

describe('the other refusals say their own next step, never a generic one', () => {
  const cases: [string, string, string][] = [
    ['insufficient_balance', 'nạp thêm tiền vào ví', 'Top up the wallet'],
    [
      'realtime_session_already_connected',
      'Nhấn Kết nối lại để lấy lại phiên',
      'Press Reconnect to take it back',
    ],
    [
      'realtime_video_not_allowed',
      'chọn một mô hình khác có nhận video',
      'choose another model that takes video',
    ],
    ['realtime_token_expired', 'phiên mới', 'new session'],
  ]
  for (const [code, vi_, en] of cases) {
    it(code, async () => {
      await show()
      refused({ kind: 'invalid_input', code, requestId: `req_${code}` })
      const text = () => nbsp($('voice-problem')?.textContent)
      expect(text()).toContain(vi_)
      expect(text()).not.toContain('Dữ liệu không hợp lệ')
      expect($('request-id-copy')).not.toBeNull()
      english()
      expect(text()).toContain(en)
      expect(text()).not.toContain('That input is not valid.')
    })
  }
})

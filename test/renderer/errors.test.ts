// Errors a user can act on, in jsdom over a fake bridge: a short wallet and a request blocked at the edge
// say what happened and what to do next, in Vietnamese and in English, wherever they show (the tray
// popup, a reading, voice chat, the key form), with the service's request id and a button that copies it.
import { flushSync, type Component } from 'svelte'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Glance, IpcError, Language, Part, Settings } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { fakeContext } from './reader-fake-audio'
import { answerReader, reading, readerSettings } from './reader-fixtures'
import { settingsWith, voiceHistory, voiceModels, voiceSnapshot, voiceStatus } from './voice-fixtures'

const bridge = installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { app } = await import('../../renderer/stores/app.svelte')
const { errorText } = await import('../../renderer/lib/error-text')
const { translate } = await import('../../renderer/lib/i18n/translate')
const { default: TrayPopup } = await import('../../renderer/views/TrayPopup.svelte')
const { default: Reader } = await import('../../renderer/views/Reader.svelte')
const { ReaderStore } = await import('../../renderer/stores/reader.svelte')
const { default: Voice } = await import('../../renderer/views/Voice.svelte')
const { VoiceStore } = await import('../../renderer/stores/voice.svelte')
const { default: KeyForm } = await import('../../renderer/components/KeyForm.svelte')
const { problemText } = await import('../../renderer/components/reader/reader-text')

const SHORT_WALLET = {
  kind: 'insufficient_balance',
  code: 'insufficient_balance',
  message: 'Insufficient balance: this request costs 30 VND and the wallet holds 0 VND.',
  requestId: 'req_wallet_7f3a',
} satisfies IpcError
const EDGE = {
  kind: 'blocked',
  code: 'edge_blocked',
  message: 'The request was blocked before it reached the API (edge protection, error 1010).',
} satisfies IpcError

const TEXTS = {
  vi: {
    wallet: 'Số dư ví không đủ. Hãy nạp thêm tiền vào ví trên trang web của dịch vụ, rồi thử lại.',
    edge: 'Yêu cầu bị chặn trước khi tới API (lớp bảo vệ phía trước dịch vụ, lỗi 1010).',
    edgeNext:
      'Hãy cập nhật Loa; nếu mạng đi qua proxy hoặc tường lửa, kiểm tra nó giữ nguyên tiêu đề User-Agent.',
    requestId: 'Mã yêu cầu',
    copy: 'Sao chép mã yêu cầu req_wallet_7f3a',
    copied: 'Đã sao chép',
  },
  en: {
    wallet: 'Not enough balance in the wallet. Top up the wallet on the service’s website, then try again.',
    edge: 'The request was blocked before it reached the API (the protection layer in front of the service, error 1010).',
    edgeNext:
      'Update Loa; if your network goes through a proxy or firewall, check that it keeps the User-Agent header.',
    requestId: 'Request id',
    copy: 'Copy request id req_wallet_7f3a',
    copied: 'Copied',
  },
} as const

const host = viewHost()
const writeText = vi.fn(async (_text: string) => {})

const nbsp = (s: string | null | undefined) =>
  (s ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const $ = (testid: string) => host.target.querySelector<HTMLElement>(`[data-testid="${testid}"]`)

function speak(lang: Language, settings: Settings = settingsWith() as Settings) {
  app.settings.set({ ...settings, language: lang })
}

/** `stop` ends the store the view shows, after the test. */
async function show(component: Component<never>, props: Record<string, unknown> = {}, stop?: () => void) {
  host.show(component, props as never, stop && (() => stop))
  await host.settle()
}

beforeEach(() => {
  bridge.calls.length = 0
  writeText.mockClear()
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
})

/** The request id line: its words, the id, and the copy button's accessible name. */
function requestIdShown() {
  const line = $('request-id')
  const button = $('request-id-copy') as HTMLButtonElement | null
  return {
    text: nbsp(line?.textContent),
    id: $('request-id-value')?.textContent,
    button,
    label: button?.getAttribute('aria-label'),
  }
}

async function copyAndCheck(lang: Language) {
  const { button } = requestIdShown()
  expect(button?.type).toBe('button')
  button?.focus()
  expect(document.activeElement).toBe(button)
  button?.click()
  await host.settle()
  expect(writeText).toHaveBeenCalledWith('req_wallet_7f3a')
  expect(nbsp(button?.textContent)).toBe(TEXTS[lang].copied)
  expect(nbsp($('request-id-status')?.textContent)).toBe(TEXTS[lang].copied)
}

describe('the words for an error', () => {
  const words = (lang: Language) => ({
    t: (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
      translate(lang, key, params),
    language: lang,
  })

  it('are chosen by code, then by kind, then main’s message; figures in the user’s language', () => {
    const over = {
      kind: 'insufficient_balance',
      code: 'reading_over_balance',
      message: 'Reading this costs about 1200 VND; the balance is 500 VND.',
      params: { costVnd: 1200, balanceVnd: 500 },
    } as const
    expect(nbsp(errorText(over, words('vi')))).toBe(
      'Đọc văn bản này tốn khoảng 1.200 ₫; số dư là 500 ₫. Hãy nạp thêm tiền vào ví, hoặc đọc một đoạn ngắn hơn.',
    )
    expect(nbsp(errorText(over, words('en')))).toBe(
      'Reading this costs about ₫1,200; the balance is ₫500. Top up the wallet, or read a shorter text.',
    )
    // A code this version has no words for, or one whose figures did not come: the kind's words.
    expect(errorText({ ...SHORT_WALLET, code: 'wallet_frozen_v9' }, words('en'))).toBe(TEXTS.en.wallet)
    expect(errorText({ ...over, params: {} }, words('vi'))).toBe(TEXTS.vi.wallet)
    // A 400 insufficient_balance is never "invalid data".
    expect(errorText({ ...SHORT_WALLET, kind: 'invalid_input' }, words('vi'))).not.toMatch(/không hợp lệ/)
    expect(errorText(EDGE, words('en'))).toBe(`${TEXTS.en.edge} ${TEXTS.en.edgeNext}`)
    // A press over WebRTC with no page audio: what happened and the way out, in each language, not main's English.
    const noPage = { kind: 'unavailable', code: 'webrtc_unavailable', message: 'WebRTC needs it.' } as const
    expect(errorText(noPage, words('vi'))).toMatch(/^WebRTC cần âm thanh .* chọn WebSocket trong Cài đặt\.$/)
    expect(errorText(noPage, words('en'))).toMatch(
      /^WebRTC needs the Voice view’s audio.* choose WebSocket in Settings\.$/,
    )
    expect(errorText({ kind: 'mystery' as never, message: 'Main says this.' }, words('vi'))).toBe(
      'Main says this.',
    )
  })
})

describe('the Reader’s refusals', () => {
  const t =
    (lang: Language) => (key: Parameters<typeof translate>[1], params?: Record<string, string | number>) =>
      translate(lang, key, params)

  it('say why a model is not open and what a valid voice looks like in the UI’s language', () => {
    const closed = {
      code: 'model_not_open',
      field: 'model',
      message:
        "elevenlabs/eleven_flash_v2_5: This id is not open; multi-vendor ids use hyphens (e.g. 'eleven-flash-v2.5').",
      params: { model: 'elevenlabs/eleven_flash_v2_5', reason: 'hyphenated_id', id: 'eleven-flash-v2.5' },
    } as const
    expect(problemText(closed, 'vi', t('vi'))).toBe(
      'Không dùng được elevenlabs/eleven_flash_v2_5: mã này không mở; mô hình của nhiều nhà cung cấp viết bằng dấu gạch ngang (ví dụ eleven-flash-v2.5).',
    )
    const voice = {
      code: 'invalid_voice',
      field: 'voice',
      message: "'Kore' is not a voice of openai/tts-1. Valid voices: alloy, ash.",
      params: { model: 'openai/tts-1', voice: 'Kore', rule: 'list', voices: 'alloy, ash' },
    } as const
    expect(problemText(voice, 'vi', t('vi'))).toBe(
      '“Kore” không phải giọng của openai/tts-1. Các giọng hợp lệ: alloy, ash.',
    )
    expect(
      problemText({ ...voice, params: { ...voice.params, rule: 'pattern', voices: '' } }, 'en', t('en')),
    ).toBe(
      '“Kore” is not a voice of openai/tts-1. Voices are named <locale>-<Tier>-<Letter>, such as vi-VN-Standard-A.',
    )
  })
})

describe.each(['vi', 'en'] as const)('in %s', (lang) => {
  it('the tray popup says an edge block and what to do, with no request id when there is none', async () => {
    speak(lang)
    const failed = <T>(error: IpcError): Part<T> => ({
      value: null,
      fetchedAt: null,
      ageMs: null,
      stale: false,
      refreshing: false,
      error,
    })
    bridge.answer(
      'account:glance',
      () =>
        ({
          me: failed(EDGE),
          quota: failed(SHORT_WALLET),
          savings: failed(EDGE),
          daily: failed(EDGE),
          stats: failed(EDGE),
          access: 'unknown',
        }) satisfies Glance,
    )
    await show(TrayPopup as Component<never>)
    const me = host.target.querySelector('[data-error-kind="blocked"]')
    expect(nbsp(me?.textContent)).toBe(`${TEXTS[lang].edge} ${TEXTS[lang].edgeNext}`)
    expect(me?.querySelector('[data-testid="request-id"]')).toBeNull()
    // The short wallet's part carries the service's request id, copied with one press.
    const wallet = host.target.querySelector('[data-error-kind="insufficient_balance"]')
    expect(nbsp(wallet?.textContent)).toContain(TEXTS[lang].wallet)
    expect(requestIdShown()).toMatchObject({
      id: 'req_wallet_7f3a',
      label: TEXTS[lang].copy,
    })
    expect(requestIdShown().text).toContain(`${TEXTS[lang].requestId}: req_wallet_7f3a`)
    await copyAndCheck(lang)
  })

  it('a reading stopped by a short wallet says top up, never invalid data, with its request id', async () => {
    speak(lang, readerSettings())
    answerReader(bridge)
    const store = new ReaderStore({ createContext: () => fakeContext(), listDevices: async () => [] })
    const stop = store.start()
    bridge.answer('tts:snapshot', () => ({ reading: reading({ ready: 1 }), text: 'Một câu A. Một câu B.' }))
    await show(Reader as Component<never>, { reader: store }, stop)
    bridge.emit(
      'tts:reading',
      reading({ ready: 1, state: 'failed', error: { ...SHORT_WALLET, chunkIndex: 1 } }),
    )
    await host.settle()
    const shown = nbsp($('reader-error')?.textContent)
    expect(shown).toContain(TEXTS[lang].wallet)
    expect(shown).not.toMatch(/invalid|không hợp lệ/i)
    expect(requestIdShown().id).toBe('req_wallet_7f3a')
    await copyAndCheck(lang)
  })

  it('voice chat refused for the wallet (402) says top up, with the request id', async () => {
    speak(lang)
    bridge.answer('voice:snapshot', () => voiceSnapshot())
    bridge.answer('voice:models', () => voiceModels)
    bridge.answer('voice:history', () => voiceHistory)
    const store = new VoiceStore(null)
    await show(Voice as Component<never>, { voice: store }, store.start())
    bridge.emit(
      'voice:status',
      voiceStatus({
        state: 'failed',
        problem: {
          kind: 'insufficient_balance',
          code: 'insufficient_balance',
          message: 'The wallet cannot open a session.',
          fatal: true,
          requestId: 'req_wallet_7f3a',
        },
      }),
    )
    await host.settle()
    expect(nbsp($('voice-problem')?.textContent)).toContain(TEXTS[lang].wallet)
    await copyAndCheck(lang)
  })

  it('the key form says what to enter, and a refused address in the UI’s words', async () => {
    speak(lang)
    app.key.set({
      hasKey: false,
      hint: null,
      demo: true,
      baseUrl: null,
      storage: 'memory',
      storageWarning: null,
    })
    await show(KeyForm as Component<never>)
    expect(nbsp($('base-url-hint')?.textContent)).toMatch(/https:\/\/.*\/v1/)
    expect(nbsp($('key-hint')?.textContent)).toMatch(/sk-.*(API keys|khóa API)/)
    bridge.fail('key:set', {
      kind: 'invalid_input',
      field: 'baseUrl',
      code: 'base_url_has_v1',
      params: { suggestion: 'https://gw.example.com' },
      message: 'Leave /v1 out of the gateway address.',
    } as IpcError)
    const [url, key] = [...host.target.querySelectorAll('input')] as HTMLInputElement[]
    url!.value = 'https://gw.example.com/v1'
    url!.dispatchEvent(new Event('input', { bubbles: true }))
    key!.value = 'sk-test-0001'
    key!.dispatchEvent(new Event('input', { bubbles: true }))
    flushSync()
    host.target.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }))
    await host.settle()
    const said = nbsp($('key-error')?.textContent)
    expect(said).toContain('https://gw.example.com')
    expect(said).toContain(lang === 'vi' ? 'kết thúc bằng /v1' : 'ends in /v1')
    expect(said).not.toContain('Leave /v1 out')
    expect(url!.getAttribute('aria-invalid')).toBe('true')
  })
})

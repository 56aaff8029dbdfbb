// The words of the voice chat's desktop notifications: a session the service cut, and a low balance
// mid-conversation. Shown by main, so they reach the user while every window is hidden.
import type { Language } from '../../preload/contract'
import { formatVndFor } from '../account/alert-text'
import { CAUSE_REASONS, type Renewal, type TerminationCause } from '../realtime'

const REASONS: Record<Language, Record<string, string>> = {
  vi: {
    insufficient_balance: 'Số dư ví đã hết.',
    max_spend_reached: 'Đã chạm mức chi tối đa của phiên.',
    max_duration_reached: 'Phiên đã đạt thời lượng tối đa.',
    key_revoked: 'Khóa API đã bị thu hồi, tạm ngưng hoặc hết hạn.',
    maintenance: 'Dịch vụ đang bảo trì.',
    system_error: 'Dịch vụ gặp lỗi hệ thống.',
  },
  en: {
    insufficient_balance: 'Your wallet ran out.',
    max_spend_reached: "The session's spending cap was reached.",
    max_duration_reached: 'The session reached its maximum length.',
    key_revoked: 'The API key was revoked, suspended or expired.',
    maintenance: 'The service is under maintenance.',
    system_error: 'The service had a system error.',
  },
}

type NextStep = Exclude<Renewal, 'refused'> | 'wallet' | 'spend_cap' | 'key'

/** What to do next after a cut: what Loa did about it, or, where it did nothing, what the user can do. */
const NEXT: Record<Language, Record<NextStep, string>> = {
  vi: {
    renewing:
      'Loa đã tự mở phiên mới và gửi lại lượt chưa được trả lời. Mô hình không còn nhớ các lượt trước; phụ đề vẫn được giữ.',
    repeated:
      'Phiên mới cũng bị ngắt trong vòng một phút nên Loa dừng lại. Nhấn phím nói để thử lại sau ít phút.',
    wallet: 'Hãy nạp thêm tiền vào ví rồi nhấn phím nói để bắt đầu phiên mới.',
    spend_cap:
      'Loa không mở phiên mới để không chi quá mức đó. Muốn nói tiếp, nhấn phím nói: phiên mới có mức chi riêng (đặt mức chi tối đa mỗi phiên cao hơn trong Cài đặt).',
    key: 'Hãy kiểm tra khóa API trong Cài đặt (có thể đã bị tạm ngưng, thu hồi, hết hạn hoặc chạm hạn mức chi).',
  },
  en: {
    renewing:
      'Loa opened a new session and sent the unanswered turn again. The model no longer remembers the earlier turns; the captions are kept.',
    repeated:
      'The new session was cut too within a minute, so Loa stopped. Press the talk key to try again in a few minutes.',
    wallet: 'Top up the wallet, then press the talk key to start a new session.',
    spend_cap:
      'Loa did not open a new session so as not to spend past it. To go on, press the talk key: a new session has its own cap (raise the spending cap per session in Settings for a higher one).',
    key: 'Check the API key in Settings (it may be suspended, revoked, expired or at its spending limit).',
  },
}

export interface TerminatedNotice {
  reason: string
  message: string | null
  cause: TerminationCause
  renewal: Renewal
}

export function terminatedText(lang: Language, cut: TerminatedNotice) {
  const reason = cut.cause === 'unknown' ? cut.reason : CAUSE_REASONS[cut.cause]
  const why = REASONS[lang][reason] ?? cut.message ?? cut.reason
  // termination-policy.ts refuses to renew only cuts for money and for the key.
  const step: NextStep =
    cut.renewal !== 'refused'
      ? cut.renewal
      : cut.cause === 'wallet' || cut.cause === 'spend_cap' || cut.cause === 'key'
        ? cut.cause
        : 'repeated'
  const next = NEXT[lang][step]
  const renewed = cut.renewal === 'renewing'
  const title =
    lang === 'vi'
      ? renewed
        ? 'Cuộc trò chuyện đã được nối lại'
        : 'Cuộc trò chuyện đã bị ngắt'
      : renewed
        ? 'Voice chat was reconnected'
        : 'Voice chat was cut off'
  return { title, body: `${why} ${next}` }
}

export function lowBalanceText(lang: Language, balanceVnd: number | null, minutesLeft: number | null) {
  const balance = balanceVnd === null ? '' : formatVndFor(lang, balanceVnd)
  const minutes = minutesLeft === null ? null : Math.max(0, Math.floor(minutesLeft))
  if (lang === 'vi')
    return {
      title: 'Số dư sắp hết',
      body:
        minutes === null
          ? `Số dư còn ${balance}. Cuộc trò chuyện sẽ dừng khi ví hết tiền.`
          : `Số dư còn ${balance}, đủ khoảng ${minutes} phút trò chuyện.`,
    }
  return {
    title: 'Balance running low',
    body:
      minutes === null
        ? `Your balance is ${balance}. The chat stops when the wallet is empty.`
        : `Your balance is ${balance}, about ${minutes} minutes of talk.`,
  }
}

// The words of the voice chat's desktop notifications: a session the service cut, and a low balance
// mid-conversation. Shown by main, so they reach the user while every window is hidden.
import type { Language } from '../../preload/contract'
import { formatVndFor } from '../account/alert-text'

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

export function terminatedText(lang: Language, reason: string, message: string | null) {
  const why = REASONS[lang][reason] ?? message ?? reason
  return lang === 'vi'
    ? { title: 'Cuộc trò chuyện đã bị ngắt', body: `${why} Nhấn phím nói để bắt đầu phiên mới.` }
    : { title: 'Voice chat was cut off', body: `${why} Press the talk key to start a new session.` }
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

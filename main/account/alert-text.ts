// The words of Loa's desktop notifications, which main shows itself, in both UI languages.
import type { Language } from '../../preload/contract'

export type AlertKind = 'lowBalance' | 'planExpiring' | 'keyRejected'

const TEXT: Record<Language, Record<AlertKind, { title: string; body: string }>> = {
  vi: {
    lowBalance: { title: 'Số dư sắp hết', body: 'Số dư còn {balance}, dưới ngưỡng cảnh báo {threshold}.' },
    planExpiring: { title: 'Gói sắp hết hạn', body: 'Gói {plan} hết hạn sau {days} ngày ({date}).' },
    keyRejected: {
      title: 'Khóa API bị từ chối',
      body: 'Dịch vụ không còn chấp nhận khóa API. Kiểm tra lại trong Cài đặt.',
    },
  },
  en: {
    lowBalance: {
      title: 'Balance running low',
      body: 'Your balance is {balance}, below your warning level of {threshold}.',
    },
    planExpiring: { title: 'Plan expiring soon', body: 'Your {plan} plan expires in {days} days ({date}).' },
    keyRejected: {
      title: 'API key rejected',
      body: 'The service no longer accepts your API key. Check it in Settings.',
    },
  },
}

export function alertText(lang: Language, kind: AlertKind, params: Record<string, string | number> = {}) {
  const t = TEXT[lang][kind]
  const fill = (s: string) =>
    s.replace(/\{(\w+)\}/g, (whole, k: string) => (k in params ? String(params[k]) : whole))
  return { title: fill(t.title), body: fill(t.body) }
}

export function formatVndFor(lang: Language, amount: number): string {
  return new Intl.NumberFormat(lang === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: 'VND',
    maximumFractionDigits: 0,
  }).format(amount)
}

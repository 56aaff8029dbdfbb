// What the tray shows of the account: an icon state and a tooltip with the balance.
import type { Language } from '../../preload/contract'
import type { Glance } from '../api/management'
import { formatVndFor } from './alert-text'

export type TrayAccountState = 'normal' | 'low' | 'error'
/** The icon's state: the account's, or the voice chat's while it listens or speaks. */
export type TrayIconState = TrayAccountState | 'listening' | 'speaking'

export interface TrayStatus {
  state: TrayIconState
  tooltip: string
  /** Short text beside the icon where the platform shows one (macOS menu bar). */
  title: string
}

const CATALOG_ONLY_NOTE: Record<Language, string> = {
  vi: 'tài khoản này không xem được số dư và mức sử dụng; vẫn dùng được danh mục, đọc văn bản và trò chuyện',
  en: 'this account cannot see its balance and usage; the catalog, Reader and voice chat still work',
}

export function trayStatus(glance: Glance, thresholdVnd: number, lang: Language, demo: boolean): TrayStatus {
  const me = glance.me.value
  const error = glance.me.error
  const prefix = demo ? 'Loa (Demo)' : 'Loa'
  // Reseller and internal accounts are refused Account & Usage by design: nothing is wrong, and the
  // catalog, the Reader and voice chat still work, so the icon stays normal and the tooltip says why.
  if (!me && (glance.access === 'catalog_only' || error?.kind === 'forbidden')) {
    return { state: 'normal', tooltip: `${prefix}: ${CATALOG_ONLY_NOTE[lang]}`, title: '' }
  }
  if (!me) {
    return {
      state: error ? 'error' : 'normal',
      tooltip: error ? `${prefix}: ${error.message}` : prefix,
      title: '',
    }
  }
  const balance = formatVndFor(lang, me.balance.totalVND)
  const hardError = error !== null && (error.kind === 'auth' || error.kind === 'account_locked')
  const state: TrayAccountState = hardError
    ? 'error'
    : thresholdVnd > 0 && me.balance.totalVND < thresholdVnd
      ? 'low'
      : 'normal'
  return { state, tooltip: `${prefix} — ${balance}`, title: balance }
}

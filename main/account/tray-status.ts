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

export function trayStatus(glance: Glance, thresholdVnd: number, lang: Language, demo: boolean): TrayStatus {
  const me = glance.me.value
  const error = glance.me.error
  const prefix = demo ? 'Loa (Demo)' : 'Loa'
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

// The tray while the voice chat listens or speaks, and the low-balance notification's words.
import { describe, expect, it } from 'vitest'
import type { TrayStatus } from '../../main/account/tray-status'
import { lowBalanceText } from '../../main/voice/voice-alert-text'
import { TrayComposer } from '../../main/voice/voice-tray'

/** A composer starting in Vietnamese, what it showed, and a way to switch the app's language. */
function composer(): { shown: TrayStatus[]; tray: TrayComposer; speak(l: 'vi' | 'en'): void } {
  const shown: TrayStatus[] = []
  let lang: 'vi' | 'en' = 'vi'
  const tray = new TrayComposer(
    (s) => shown.push(s),
    () => lang,
  )
  return { shown, tray, speak: (l) => (lang = l) }
}

describe('the tray composer', () => {
  it('shows the account, then listening or speaking over it, then the account again', () => {
    const { shown, tray, speak } = composer()
    const account: TrayStatus = { state: 'low', tooltip: 'Loa — 40.000 ₫', title: '40.000 ₫' }
    tray.setAccount(account)
    tray.setActivity('listening')
    speak('en')
    tray.setActivity('speaking')
    tray.setActivity('speaking')
    tray.setActivity(null)
    expect(shown).toEqual([
      account,
      { state: 'listening', tooltip: 'Đang nghe… — Loa — 40.000 ₫', title: '40.000 ₫' },
      { state: 'speaking', tooltip: 'Answering… — Loa — 40.000 ₫', title: '40.000 ₫' },
      account,
    ])
  })
})

describe('the tray while the voice link is interrupted', () => {
  it('says so over listening or speaking, and no more once the link is back or the talk is over', () => {
    const { shown, tray, speak } = composer()
    const account: TrayStatus = { state: 'normal', tooltip: 'Loa — 90.000 ₫', title: '90.000 ₫' }
    tray.setAccount(account)
    tray.setActivity('listening')
    tray.setLinkInterrupted(true)
    tray.setLinkInterrupted(true)
    speak('en')
    tray.setActivity('speaking')
    tray.setLinkInterrupted(false)
    tray.setActivity(null)
    expect(shown).toEqual([
      account,
      { state: 'listening', tooltip: 'Đang nghe… — Loa — 90.000 ₫', title: '90.000 ₫' },
      {
        state: 'listening',
        tooltip: 'Mạng chập chờn, Loa giữ lời bạn nói — Loa — 90.000 ₫',
        title: '90.000 ₫',
      },
      {
        state: 'speaking',
        tooltip: 'Network patchy, Loa is keeping what you say — Loa — 90.000 ₫',
        title: '90.000 ₫',
      },
      { state: 'speaking', tooltip: 'Answering… — Loa — 90.000 ₫', title: '90.000 ₫' },
      account,
    ])
  })
})

describe('the low-balance notification', () => {
  it('says the balance and the whole minutes it buys, in either language', () => {
    expect(lowBalanceText('en', 12_000, 4.7).body).toMatch(/about 4 minutes/)
    expect(lowBalanceText('vi', 12_000, 4.7).body).toMatch(/12\.000.*khoảng 4 phút/)
    expect(lowBalanceText('en', 12_000, null).body).toMatch(/stops when the wallet is empty/)
  })
})

import { describe, expect, it } from 'vitest'
import { TRAY_LABELS, trayLabels, type TrayLabelKey } from '../../main/app/tray-labels'
import { trayUpdateItem } from '../../main/app/tray-update'
import { resolveLanguage } from '../../main/settings/language'

const KEYS: TrayLabelKey[] = [
  'tooltip',
  'open',
  'voice',
  'reader',
  'usage',
  'settings',
  'quit',
  'restartToUpdate',
  'updateWaits',
]

describe('tray labels', () => {
  it('has every label in both Vietnamese and English', () => {
    for (const lang of ['vi', 'en'] as const) {
      expect(Object.keys(TRAY_LABELS[lang]).sort()).toEqual([...KEYS].sort())
      for (const key of KEYS) expect(TRAY_LABELS[lang][key].trim()).not.toBe('')
    }
  })

  it('really translates the menu items', () => {
    for (const key of KEYS.filter((k) => k !== 'tooltip'))
      expect(TRAY_LABELS.vi[key]).not.toBe(TRAY_LABELS.en[key])
    expect(TRAY_LABELS.vi.quit).toBe('Thoát')
  })

  it('follows the OS locale only when the setting says "system"', () => {
    expect(resolveLanguage('system', 'vi-VN')).toBe('vi')
    expect(resolveLanguage('system', 'VI')).toBe('vi')
    expect(resolveLanguage('system', 'en-US')).toBe('en')
    expect(resolveLanguage('system', 'fr-FR')).toBe('en')
    expect(resolveLanguage('en', 'vi-VN')).toBe('en')
    expect(resolveLanguage('vi', 'en-GB')).toBe('vi')
    expect(trayLabels(resolveLanguage('system', 'vi-VN')).settings).toBe('Cài đặt')
  })
})

describe("the tray menu's update item", () => {
  const offer = { version: '1.4.0', notes: null, waitingFor: null, restartRequested: false }

  it('is there only while an update is offered', () => {
    expect(trayUpdateItem({ offer: null }, TRAY_LABELS.en)).toBeNull()
    expect(trayUpdateItem({ offer }, TRAY_LABELS.en)).toEqual({
      label: 'Restart to update (v1.4.0)',
      enabled: true,
    })
    expect(trayUpdateItem({ offer }, TRAY_LABELS.vi)?.label).toBe('Khởi động lại để cập nhật (v1.4.0)')
  })

  it('says the restart waits once asked for during a conversation or a reading', () => {
    const waiting = { offer: { ...offer, waitingFor: 'voice' as const, restartRequested: true } }
    expect(trayUpdateItem(waiting, TRAY_LABELS.en)).toEqual({
      label: TRAY_LABELS.en.updateWaits,
      enabled: false,
    })
    // Not asked for yet: the item still offers the restart, which then waits.
    expect(trayUpdateItem({ offer: { ...offer, waitingFor: 'reading' } }, TRAY_LABELS.en)?.enabled).toBe(true)
  })
})

import { describe, expect, it } from 'vitest'
import { TRAY_LABELS, trayLabels, type TrayLabelKey } from '../../main/app/tray-labels'
import { resolveLanguage } from '../../main/settings/language'

const KEYS: TrayLabelKey[] = ['tooltip', 'open', 'voice', 'reader', 'usage', 'settings', 'quit']

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

import { describe, expect, it } from 'vitest'
import { en } from '../../renderer/lib/i18n/en'
import { resolveLanguage, translate } from '../../renderer/lib/i18n/translate'
import { vi } from '../../renderer/lib/i18n/vi'

describe('dictionaries', () => {
  it('have the same keys, all filled, with the same placeholders', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(vi).sort())
    for (const [key, viText] of Object.entries(vi)) {
      const enText = en[key as keyof typeof vi]
      expect(viText.trim(), key).not.toBe('')
      expect(enText.trim(), key).not.toBe('')
      const holes = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()
      expect(holes(enText), key).toEqual(holes(viText))
    }
  })

  it('cover every string the Svelte files ask for', async () => {
    const files = import.meta.glob('../../renderer/**/*.svelte', {
      query: '?raw',
      import: 'default',
      eager: true,
    })
    const used = new Set<string>()
    for (const source of Object.values(files) as string[]) {
      for (const m of source.matchAll(/\bt\('([\w.-]+)'/g)) used.add(m[1]!)
    }
    expect(used.size).toBeGreaterThan(20)
    for (const key of used) expect(Object.hasOwn(vi, key), key).toBe(true)
  })

  it('fill placeholders and follow the OS locale when asked to', () => {
    expect(translate('en', 'settings.keySaved', { hint: 'ab12' })).toBe('Saved the key ending in …ab12.')
    expect(translate('vi', 'settings.keySaved', { hint: 'ab12' })).toBe('Đã lưu khóa kết thúc bằng …ab12.')
    expect(resolveLanguage('system', 'vi-VN')).toBe('vi')
    expect(resolveLanguage('system', 'en-GB')).toBe('en')
    expect(resolveLanguage('system', 'fr')).toBe('en')
    expect(resolveLanguage('vi', 'en-US')).toBe('vi')
  })
})

// The welcome's two choices made from main's data: which voice sample to play, and where the tray icon is.
import { describe, expect, it } from 'vitest'
import type { ReaderModels, ReaderVoice, ReaderVoices } from '../../preload/contract'
import { findSample } from '../../renderer/components/welcome/sample-voice'
import { trayPlaceKey } from '../../renderer/components/welcome/tray-place'

const voice = (id: string, language: string | null, hasPreview: boolean): ReaderVoice => ({
  id,
  name: id,
  language,
  gender: null,
  accent: null,
  hasPreview,
})

const models = (defaultModel: string | null, ...ids: string[]) =>
  ({ plan: null, defaultModel, models: ids.map((id) => ({ id })) }) as unknown as ReaderModels

function lists(byModel: Record<string, { voices: ReaderVoice[]; defaultVoice?: string }>) {
  const asked: string[] = []
  const voicesOf = async (model: string): Promise<ReaderVoices> => {
    asked.push(model)
    const entry = byModel[model] ?? { voices: [] }
    return { model, voices: entry.voices, defaultVoice: entry.defaultVoice ?? null, aliases: {} }
  }
  return { asked, voicesOf }
}

describe('findSample', () => {
  it("asks the default model first and stops at the first model with a sample, in the user's language", async () => {
    const { asked, voicesOf } = lists({
      free: { voices: [voice('vi-a', 'vi', false)], defaultVoice: 'vi-a' },
      a: { voices: [voice('en-1', 'en', true), voice('vi-1', 'vi-VN', true)] },
      b: { voices: [voice('vi-2', 'vi', true)] },
    })
    expect(await findSample(models('free', 'a', 'free', 'b'), voicesOf, 'vi')).toEqual({
      model: 'a',
      voice: 'vi-1',
    })
    expect(asked).toEqual(['free', 'a'])
  })

  it("prefers the model's default voice when it has a sample, and says null when no model has one", async () => {
    const withDefault = lists({
      a: { voices: [voice('x', 'en', true), voice('y', 'vi', true)], defaultVoice: 'x' },
    })
    expect(await findSample(models(null, 'a'), withDefault.voicesOf, 'vi')).toEqual({
      model: 'a',
      voice: 'x',
    })
    const none = lists({ a: { voices: [voice('x', 'vi', false)] } })
    expect(await findSample(models(null, 'a', 'b'), none.voicesOf, 'vi')).toBeNull()
    expect(none.asked).toEqual(['a', 'b'])
  })
})

describe('trayPlaceKey', () => {
  it('names the place by OS, and on Linux by desktop', () => {
    expect(trayPlaceKey('win32', undefined)).toBe('welcome.tray.win32')
    expect(trayPlaceKey('darwin', 'GNOME')).toBe('welcome.tray.darwin')
    expect(trayPlaceKey('linux', 'ubuntu:GNOME')).toBe('welcome.tray.gnome')
    expect(trayPlaceKey('linux', 'KDE')).toBe('welcome.tray.kde')
    expect(trayPlaceKey('linux', 'XFCE')).toBe('welcome.tray.linux')
    expect(trayPlaceKey('linux', undefined)).toBe('welcome.tray.linux')
  })
})

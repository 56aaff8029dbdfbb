// What the demo needs to know about one voice to list it and to speak with it.
export type Gender = 'female' | 'male' | 'neutral'

export interface VoiceInfo {
  /** The exact string a request passes as `voice`. */
  id: string
  /** Display name, where the vendor has one distinct from the id. */
  name: string
  gender: Gender
  /** BCP 47 locale the voice speaks by default, e.g. `vi-VN`. */
  locale: string
  /** Regional accent for Vietnamese voices. */
  accent?: 'northern' | 'central' | 'southern' | 'standard'
  useCase?: string
}

export function voice(id: string, gender: Gender, locale: string, extra: Partial<VoiceInfo> = {}): VoiceInfo {
  return { id, name: extra.name ?? id, gender, locale, ...extra }
}

/** The ISO 639-1 language of a locale: `vi-VN` -> `vi`. */
export function languageOf(locale: string): string {
  return (locale.split('-')[0] ?? locale).toLowerCase()
}

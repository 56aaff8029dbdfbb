// Which language a text is written in, as far as its letters tell: enough to pick a voice that can read
// it (the free model's voice *is* a language code) and to warn before an English-only model is paid to
// mispronounce Vietnamese. Only a bounded sample is read, so a book costs what a sentence does.

/** Letters only Vietnamese writes (its vowels with marks, and đ): an English-only voice stumbles on them. */
const VIETNAMESE_LETTERS = /[ăâđêôơưàảãáạằẳẵắặầẩẫấậèẻẽéẹềểễếệìỉĩíịòỏõóọồổỗốộờởỡớợùủũúụừửữứựỳỷỹýỵ]/iu

/** Scripts that name their language by themselves, checked in this order (kana before Han: Japanese mixes both). */
const SCRIPTS: readonly (readonly [RegExp, string])[] = [
  [/[\u0E00-\u0E7F]/u, 'th'],
  [/[\uAC00-\uD7AF\u1100-\u11FF]/u, 'ko'],
  [/[\u3040-\u30FF]/u, 'ja'],
  [/[\u4E00-\u9FFF]/u, 'zh'],
  [/[\u0400-\u04FF]/u, 'ru'],
]

/** Enough text to tell the language; reading more changes nothing but the time taken. */
const SAMPLE_UNITS = 4_000

export function hasVietnamese(text: string): boolean {
  return VIETNAMESE_LETTERS.test(sample(text))
}

/**
 * The ISO 639-1 code of the text's language: `vi` for Vietnamese letters, the code of a script that has
 * one language here (Thai, Korean, Japanese, Chinese, Russian), `en` for other Latin text; null when the
 * text has no letters at all.
 */
export function textLanguage(text: string): string | null {
  const s = sample(text)
  if (VIETNAMESE_LETTERS.test(s)) return 'vi'
  for (const [script, code] of SCRIPTS) if (script.test(s)) return code
  return /\p{L}/u.test(s) ? 'en' : null
}

function sample(text: string): string {
  return (text.length > SAMPLE_UNITS ? text.slice(0, SAMPLE_UNITS) : text).normalize('NFC')
}

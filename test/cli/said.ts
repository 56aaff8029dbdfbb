// What the language tests of loa's output share: the Vietnamese locale, the letters only Vietnamese
// writes, a table's headings, and the check that a Vietnamese run says each word in Vietnamese only.
import { expect } from 'vitest'
import { EXIT } from '../../main/cli/exit-codes'
import type { Words } from '../../main/cli/language'
import type { LoaResult } from './loa-process'

export const VI = { LANG: 'vi_VN.UTF-8' }
/** Letters only Vietnamese writes (with their tone marks), composed. */
export const VIETNAMESE = /[ăâđêôơưàáảãạằắẳẵặầấẩẫậèéẻẽẹềếểễệìíỉĩịòóỏõọồốổỗộờớởỡợùúủũụừứửữựỳýỷỹỵ]/iu

/** The first line of a table: its headings, split where two or more spaces part them. */
export function headings(text: string, startingWith: string): string[] {
  const line = text.split('\n').find((l) => l.trimStart().startsWith(`${startingWith}  `))
  expect(line, `a line starting with ${startingWith}`).toBeDefined()
  return (line as string).trim().split(/\s{2,}/)
}

/** Both runs succeed; the Vietnamese one carries every `vi` word named and none of their English. */
export function expectSaid(en: LoaResult, vi: LoaResult, words: readonly Words[]): void {
  expect(en.code).toBe(EXIT.ok)
  expect(vi.code).toBe(EXIT.ok)
  for (const w of words) {
    expect(vi.stdout).toContain(w.vi)
    expect(en.stdout).toContain(w.en)
    expect(vi.stdout).not.toMatch(
      new RegExp(`(^|\\s)${w.en.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|:|$)`, 'm'),
    )
  }
}

// The files of `loa say --per-chapter -o DIR`: NN-title.ext, numbered in reading order so they sort as
// they play, the title kept readable (Vietnamese letters included) with what file systems refuse left out.

/** Longest title part of a name: well inside every file system's 255-byte limit, even in UTF-8. */
const TITLE_CHARS = 60

export function chapterFileName(index: number, count: number, title: string, ext: string): string {
  const digits = Math.max(2, String(count).length)
  const number = String(index + 1).padStart(digits, '0')
  const name = [
    ...title
      .normalize('NFC')
      .replace(/[\p{Cc}<>:"/\\|?*]+/gu, ' ')
      .trim()
      .replace(/[\s.]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  ]
    .slice(0, TITLE_CHARS)
    .join('')
    .replace(/-+$/, '')
  return name === '' ? `${number}.${ext}` : `${number}-${name}.${ext}`
}

// The names of `loa say --per-chapter`'s files: numbered to sort in reading order, the title readable and
// free of what file systems refuse.
import { describe, expect, it } from 'vitest'
import { chapterFileName } from '../../main/cli/chapter-files'

describe('chapterFileName', () => {
  it('numbers in reading order with at least two digits, more when there are 100 chapters or more', () => {
    expect(chapterFileName(0, 12, 'Chương 1: Mở đầu', 'mp3')).toBe('01-Chương-1-Mở-đầu.mp3')
    expect(chapterFileName(4, 120, 'Lời kết', 'wav')).toBe('005-Lời-kết.wav')
  })

  it('leaves out what file systems refuse, composes the title (NFC) and keeps it short', () => {
    expect(chapterFileName(1, 2, 'a/b\\\\c?*"<>|..', 'mp3')).toBe('02-a-b-c.mp3')
    expect(chapterFileName(0, 2, 'Mở đầu'.normalize('NFD'), 'mp3')).toBe('01-Mở-đầu.mp3'.normalize('NFC'))
    expect([...chapterFileName(0, 2, 'ă'.repeat(200), 'mp3')]).toHaveLength(3 + 60 + 4)
    expect(chapterFileName(2, 3, '???', 'pcm')).toBe('03.pcm')
  })
})

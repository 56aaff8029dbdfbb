// `loa say --file`'s words about a document in both of the CLI's languages: the notes by their codes, and
// each refusal with what to do next (English in the error itself, for --json; both languages for stderr),
// read from the sample files through the real document worker.
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { noteLines } from '../../main/cli/document-words'
import { CliFailure } from '../../main/cli/failure'
import { readDocumentFile } from '../../main/cli/say-document'
import { UsageError } from '../../main/cli/verb'

const sample = (name: string): string =>
  fileURLToPath(new URL(`../fixtures/documents/${name}`, import.meta.url))

/** What the refusal says in `language`, and the error itself. */
async function refusal(
  path: string,
  language: 'vi' | 'en',
): Promise<{ err: unknown; message?: string; hint?: string | null }> {
  const err = await readDocumentFile(path).then(
    () => null,
    (e: unknown) => e,
  )
  if (err instanceof CliFailure) {
    // The error's own words, which --json prints, are the English ones.
    expect([err.message, err.hint]).toEqual([err.words?.en.message, err.words?.en.hint])
    return { err, ...err.words?.[language] }
  }
  if (err instanceof UsageError) return { err, message: err.words?.[language] }
  return { err }
}

describe(
  'loa say --file: a document’s notes and refusals in the terminal’s language',
  { timeout: 60_000 },
  () => {
    it('says the notes of an HTML file and a PDF by their codes, in Vietnamese and in English', async () => {
      const html = await readDocumentFile(sample('sample.html'))
      const pdf = await readDocumentFile(sample('sample.pdf'))
      expect(noteLines(html, 'vi')).toEqual([
        'ghi chú: 1 bảng được đọc theo từng hàng',
        'ghi chú: bỏ qua 1 khối mã',
      ])
      expect(noteLines(html, 'en')).toEqual(['note: 1 table read row by row', 'note: 1 code block skipped'])
      expect(noteLines(pdf, 'vi')).toEqual([
        'ghi chú: bỏ qua đầu trang, chân trang và số trang trên 4/4 trang',
      ])
      // English from the codes reads as the document's own notes do.
      expect(noteLines(pdf, 'en')).toEqual(pdf.notes.map((n) => `note: ${n}`))
    })

    it('keeps a document without codes readable: its notes as they are', () => {
      const doc = { format: 'txt' as const, title: null, chapters: [], notes: ['made elsewhere'] }
      expect(noteLines(doc, 'vi')).toEqual(['ghi chú: made elsewhere'])
    })

    it.each([
      ['scanned.pdf', /PDF không có lớp chữ/, /OCR/, /no text layer/, /OCR/],
      ['encrypted.pdf', /mật khẩu hoặc DRM/, /không có mật khẩu/, /password/, /without a password/],
      ['corrupt.docx', /không đọc được tệp/, /lưu lại/, /not a readable Word document/, /save it again/],
    ])(
      'refuses %s saying why and what to do, in each language',
      async (name, viWhy, viNext, enWhy, enNext) => {
        const vi = await refusal(sample(name), 'vi')
        const en = await refusal(sample(name), 'en')
        expect(vi.err).toBeInstanceOf(CliFailure)
        expect(vi.message).toMatch(viWhy)
        expect(vi.hint).toMatch(viNext)
        expect(en.message).toMatch(enWhy)
        expect(en.hint).toMatch(enNext)
      },
    )

    it('names the formats it reads for an unknown extension, and says a missing file’s path, in each language', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'loa-say-document-'))
      const odt = join(dir, 'notes.odt')
      await writeFile(odt, 'xin chào')
      const vi = await refusal(odt, 'vi')
      expect(vi.err).toBeInstanceOf(UsageError)
      expect(vi.message).toBe(
        '--file đọc tệp .txt, .md, .html, .pdf, .epub, .docx, theo phần mở rộng; notes.odt không thuộc loại nào.',
      )
      expect((vi.err as UsageError).message).toContain('notes.odt is none of them')
      expect((await refusal(odt, 'en')).message).toContain('notes.odt is none of them')
      const missing = join(dir, 'missing.txt')
      const viMissing = await refusal(missing, 'vi')
      expect(viMissing.message).toContain(`không đọc được ${missing}`)
      expect(viMissing.hint).toBe('hãy kiểm tra đường dẫn đưa cho --file.')
      expect((await refusal(missing, 'en')).hint).toBe('check the path given to --file.')
    })
  },
)

// `loa say --file`'s words about a document in both of the CLI's languages: the notes by their codes, and
// each refusal with what to do next, read from the sample files through the real document worker.
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

const refusal = (path: string, language: 'vi' | 'en'): Promise<unknown> =>
  readDocumentFile(path, language).then(
    () => null,
    (err: unknown) => err,
  )

describe(
  'loa say --file: a document’s notes and refusals in the terminal’s language',
  { timeout: 60_000 },
  () => {
    it('says the notes of an HTML file and a PDF by their codes, in Vietnamese and in English', async () => {
      const html = await readDocumentFile(sample('sample.html'), 'vi')
      const pdf = await readDocumentFile(sample('sample.pdf'), 'vi')
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
        expect(vi).toBeInstanceOf(CliFailure)
        expect(en).toBeInstanceOf(CliFailure)
        expect((vi as CliFailure).message).toMatch(viWhy)
        expect((vi as CliFailure).hint).toMatch(viNext)
        expect((en as CliFailure).message).toMatch(enWhy)
        expect((en as CliFailure).hint).toMatch(enNext)
      },
    )

    it('names the formats it reads for an unknown extension, and says a missing file’s path, in each language', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'loa-say-document-'))
      const odt = join(dir, 'notes.odt')
      await writeFile(odt, 'xin chào')
      const vi = await refusal(odt, 'vi')
      expect(vi).toBeInstanceOf(UsageError)
      expect((vi as Error).message).toBe(
        '--file đọc tệp .txt, .md, .html, .pdf, .epub, .docx, theo phần mở rộng; notes.odt không thuộc loại nào.',
      )
      expect(((await refusal(odt, 'en')) as Error).message).toContain('notes.odt is none of them')
      const missing = join(dir, 'missing.txt')
      const viMissing = (await refusal(missing, 'vi')) as CliFailure
      expect(viMissing.message).toContain(`không đọc được ${missing}`)
      expect(viMissing.hint).toBe('hãy kiểm tra đường dẫn đưa cho --file.')
      expect(((await refusal(missing, 'en')) as CliFailure).hint).toBe('check the path given to --file.')
    })
  },
)

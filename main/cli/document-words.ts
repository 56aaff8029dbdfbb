// What `loa say --file` says about a document, in the terminal's language (language.ts): the notes of
// what was left out or read differently, by their codes, and each refusal with what to do next.
import type { Language } from '../../preload/contract'
import {
  DOCUMENT_FORMATS,
  DOCUMENT_MAX_BYTES,
  type DocumentErrorCode,
  type DocumentNote,
  type ExtractedDocument,
} from '../documents/types'

export const DOCUMENT_FILE_FORMATS = DOCUMENT_FORMATS.map((f) => `.${f}`).join(', ')
const MAX_MB = DOCUMENT_MAX_BYTES / 1024 / 1024

type Words<T> = Record<Language, T>

const NOTE: Record<DocumentNote['code'], Words<(n: DocumentNote) => string>> = {
  tables_read_by_row: {
    en: (n) => `${n.count} ${n.count === 1 ? 'table' : 'tables'} read row by row`,
    vi: (n) => `${n.count} bảng được đọc theo từng hàng`,
  },
  code_skipped: {
    en: (n) => `${n.count} ${n.count === 1 ? 'code block' : 'code blocks'} skipped`,
    vi: (n) => `bỏ qua ${n.count} khối mã`,
  },
  page_edges_left_out: {
    en: (n) => `headers, footers and page numbers left out on ${n.count} of ${n.of ?? n.count} pages`,
    vi: (n) => `bỏ qua đầu trang, chân trang và số trang trên ${n.count}/${n.of ?? n.count} trang`,
  },
  pages_without_text: {
    en: (n) => `${n.count} pages have no text layer (scanned images) and were skipped`,
    vi: (n) => `bỏ qua ${n.count} trang không có lớp chữ (ảnh quét)`,
  },
}

/** The document's notes, one line each; the English notes as they are where a document has no codes. */
export function noteLines(doc: ExtractedDocument, language: Language): string[] {
  const label = language === 'vi' ? 'ghi chú' : 'note'
  const notes = doc.noteCodes?.map((n) => NOTE[n.code][language](n)) ?? doc.notes
  return notes.map((note) => `${label}: ${note}`)
}

/** Why the file named `file` was refused, and what to do next. */
const REFUSAL: Record<DocumentErrorCode, Words<{ message: (file: string) => string; hint: string }>> = {
  unknown_format: {
    en: {
      message: (f) =>
        `--file reads ${DOCUMENT_FILE_FORMATS} files, chosen by the extension; ${f} is none of them.`,
      hint: `give a ${DOCUMENT_FILE_FORMATS} file.`,
    },
    vi: {
      message: (f) =>
        `--file đọc tệp ${DOCUMENT_FILE_FORMATS}, theo phần mở rộng; ${f} không thuộc loại nào.`,
      hint: `hãy đưa một tệp ${DOCUMENT_FILE_FORMATS}.`,
    },
  },
  too_large: {
    en: {
      message: (f) => `${f} is over the ${MAX_MB} MB limit`,
      hint: `split the document into files under ${MAX_MB} MB.`,
    },
    vi: {
      message: (f) => `${f} vượt giới hạn ${MAX_MB} MB`,
      hint: `hãy tách tài liệu thành các tệp dưới ${MAX_MB} MB.`,
    },
  },
  no_text_layer: {
    en: {
      message: (f) => `${f}: the PDF has no text layer: its pages are scanned images`,
      hint: 'run the PDF through OCR (text recognition) first, then give the result to --file.',
    },
    vi: {
      message: (f) => `${f}: PDF không có lớp chữ: các trang là ảnh quét`,
      hint: 'hãy nhận dạng chữ (OCR) cho PDF trước, rồi đưa kết quả cho --file.',
    },
  },
  encrypted: {
    en: {
      message: (f) => `${f}: the file is protected by a password or DRM`,
      hint: 'open it in the program that made it and save a copy without a password or DRM.',
    },
    vi: {
      message: (f) => `${f}: tệp được bảo vệ bằng mật khẩu hoặc DRM`,
      hint: 'hãy mở tệp bằng chương trình đã tạo ra nó và lưu một bản không có mật khẩu hay DRM.',
    },
  },
  corrupt: {
    en: {
      message: (f) => `${f}: the file could not be read (damaged, or not the format its extension says)`,
      hint: 'open it in the program that made it and save it again, or export it as .txt.',
    },
    vi: {
      message: (f) => `${f}: không đọc được tệp (bị hỏng, hoặc không đúng định dạng theo phần mở rộng)`,
      hint: 'hãy mở tệp bằng chương trình đã tạo ra nó và lưu lại, hoặc xuất ra .txt.',
    },
  },
  empty: {
    en: { message: (f) => `${f}: the file has no text`, hint: 'check that you gave the right file.' },
    vi: { message: (f) => `${f}: tệp không có chữ nào`, hint: 'hãy kiểm tra bạn đã đưa đúng tệp.' },
  },
}

/**
 * In English the extractor's own message is kept where there is one: it can be more particular (a DOCX
 * that is not a readable Word document) than the code.
 */
export function refusalWords(
  code: DocumentErrorCode,
  file: string,
  language: Language,
  englishMessage?: string,
): { message: string; hint: string } {
  const words = REFUSAL[code][language]
  const message =
    language === 'en' && englishMessage !== undefined ? `${file}: ${englishMessage}` : words.message(file)
  return { message, hint: words.hint }
}

/** A file that could not be opened at all (missing, no permission). */
export function unreadableWords(
  path: string,
  reason: string,
  language: Language,
): { message: string; hint: string } {
  return language === 'vi'
    ? { message: `không đọc được ${path}: ${reason}`, hint: 'hãy kiểm tra đường dẫn đưa cho --file.' }
    : { message: `could not read ${path}: ${reason}`, hint: 'check the path given to --file.' }
}

// What `loa say` reports once the audio is saved: the whole reading's figures, and with --per-chapter
// each chapter's file; and, when the document's spending limit stopped it, how far it got.
import type { Language } from '../../../preload/contract'
import type { TtsFormat } from '../../api/tts/tts-rules'
import { DASH, formatCount, formatVnd } from '../format'
import { fill } from '../language'
import { SAY_WORDS as W } from '../output-words'
import type { SavedFile } from '../say-reading'
import { renderFields } from '../table'

export interface SayReport {
  model: string
  voice: string | null
  format: TtsFormat
  /** The file, or the folder of the chapter files. */
  out: string
  chunks: number
  /** Unicode code points after NFC, as the service bills them (text-count.ts). */
  characters: number
  costVnd: number
  seconds: number | null
  /** With --per-chapter, each file made, in reading order. */
  files?: { out: string; chunks: number; characters: number; costVnd: number; seconds: number | null }[]
  /** True when --max-spend stopped the reading before its end; what was made is saved. */
  stoppedAtLimit: boolean
}

export function sayReport(
  model: string,
  voice: string | null,
  format: TtsFormat,
  out: string,
  files: readonly SavedFile[],
  perChapter: boolean,
): SayReport {
  const seconds = files.every((f) => f.seconds !== null)
    ? Math.round(files.reduce((n, f) => n + (f.seconds ?? 0), 0) * 10) / 10
    : null
  return {
    model,
    voice,
    format,
    out,
    chunks: files.reduce((n, f) => n + f.chunks, 0),
    characters: files.reduce((n, f) => n + f.characters, 0),
    costVnd: Math.round(files.reduce((n, f) => n + f.costVnd, 0) * 100) / 100,
    seconds,
    ...(perChapter
      ? {
          files: files
            .filter((f) => f.chunks > 0)
            .map(({ out, chunks, characters, costVnd, seconds }) => ({
              out,
              chunks,
              characters,
              costVnd,
              seconds,
            })),
        }
      : {}),
    stoppedAtLimit: files.some((f) => !f.complete),
  }
}

export function renderReport(report: SayReport, language: Language = 'en'): string {
  const w = (key: keyof typeof W) => W[key][language]
  return renderFields([
    [w('saved'), report.files ? report.files.map((f) => f.out).join('\n') : report.out],
    [w('model'), report.model],
    [w('voice'), report.voice ?? w('defaultVoice')],
    [w('length'), report.seconds === null ? DASH : fill(w('seconds'), { n: String(report.seconds) })],
    [w('characters'), formatCount(report.characters)],
    [w('chunks'), String(report.chunks)],
    [w('cost'), formatVnd(report.costVnd)],
  ])
}

/**
 * How far the reading got before the next chunk would have passed the limit, and what to do next: for
 * stderr, after the report (which says `stoppedAtLimit`); the verb then exits 1.
 */
export function limitMessage(
  report: SayReport,
  files: readonly SavedFile[],
  maxSpendVnd: number,
  language: Language = 'en',
): string {
  const last = files[files.length - 1]
  const share = `${Math.floor((last?.share ?? 0) * 100)}%`
  if (language === 'vi') {
    const where = report.files ? `ở tệp ${files.length} (${share} của tệp)` : `ở ${share} văn bản`
    const kept =
      report.chunks === 0 ? 'chưa đọc được gì' : `phần đã đọc được lưu lại (${formatVnd(report.costVnd)})`
    return (
      `loa say: dừng ${where}: đoạn tiếp theo sẽ vượt --max-spend ${formatVnd(maxSpendVnd)}; ${kept}.\n` +
      '  --max-spend cao hơn sẽ đọc tiếp (chạy lại sẽ trả tiền lại cho phần đã đọc).\n'
    )
  }
  const where = report.files ? `in file ${files.length} (${share} of it)` : `at ${share} of the text`
  const kept =
    report.chunks === 0 ? 'nothing was read' : `what was read is saved (${formatVnd(report.costVnd)})`
  return (
    `loa say: stopped ${where}: the next chunk would pass --max-spend ${formatVnd(maxSpendVnd)}; ${kept}.\n` +
    '  a higher --max-spend reads further (running again pays again for what was read).\n'
  )
}

// What the demo model says. It cannot understand speech, so it describes what it heard: how much
// speech, and which turn of the conversation this is (which also shows that context survived a reconnect).
// Shown video, it says how many frames it saw since its last answer, their size and bytes, so a client's
// test can check its frames arrived.
import type { VideoTally } from './video-frames'

export type ReplyLang = 'vi' | 'en'

/** Vietnamese unless the instructions ask for English. */
export function replyLang(instructions: string | null): ReplyLang {
  return instructions !== null && /\b(english|in english)\b|tiếng anh/i.test(instructions) ? 'en' : 'vi'
}

function seconds(sec: number, lang: ReplyLang): string {
  const text = sec.toFixed(1)
  return lang === 'vi' ? text.replace('.', ',') : text
}

/** Stands in for the user's transcript: the model reports how much speech it heard. */
export function heardDescription(voicedSec: number): string {
  return `(${voicedSec.toFixed(1)} s of speech heard)`
}

export type HeardInput =
  | { kind: 'audio'; voicedSec: number }
  | { kind: 'text'; text: string }
  | { kind: 'tool'; name: string; output: string }
  | { kind: 'none' }

/** Long tool results are cut: the reply is spoken. */
const MAX_QUOTED_OUTPUT = 400

export function replyText(input: HeardInput, turn: number, lang: ReplyLang, seen?: VideoTally): string {
  const said = heardText(input, turn, lang)
  return seen && seen.frames > 0 ? `${seenText(seen, lang)} ${said}` : said
}

/** "I saw 3 frames, 640×360 JPEG, 21 KB." */
export function seenText(seen: VideoTally, lang: ReplyLang): string {
  const size = seen.last ? `${seen.last.width}×${seen.last.height}` : null
  const kb = Math.round(seen.bytes / 1024)
  if (lang === 'vi') return `Tôi đã thấy ${seen.frames} khung hình, JPEG ${size ?? 'không rõ cỡ'}, ${kb} KB.`
  const frames = seen.frames === 1 ? 'frame' : 'frames'
  return `I saw ${seen.frames} ${frames}, ${size ?? 'unknown size'} JPEG, ${kb} KB.`
}

function heardText(input: HeardInput, turn: number, lang: ReplyLang): string {
  if (input.kind === 'tool') {
    const output = input.output.slice(0, MAX_QUOTED_OUTPUT)
    return lang === 'vi'
      ? `Kết quả của ${input.name}: ${output}. Đây là lượt thứ ${turn}.`
      : `Result of ${input.name}: ${output}. This is turn ${turn}.`
  }
  if (lang === 'vi') {
    if (input.kind === 'text') return `Bạn đã viết: ${input.text}. Đây là lượt thứ ${turn}.`
    if (input.kind === 'none') return `Bạn muốn nói gì tiếp? Đây là lượt thứ ${turn}.`
    if (input.voicedSec < 0.1) return `Tôi chưa nghe thấy gì. Đây là lượt thứ ${turn}.`
    return `Tôi đã nghe ${seconds(input.voicedSec, lang)} giây bạn nói. Đây là lượt thứ ${turn}.`
  }
  if (input.kind === 'text') return `You wrote: ${input.text}. This is turn ${turn}.`
  if (input.kind === 'none') return `What would you like to talk about? This is turn ${turn}.`
  if (input.voicedSec < 0.1) return `I could not hear any speech. This is turn ${turn}.`
  return `I heard ${seconds(input.voicedSec, lang)} seconds of speech. This is turn ${turn}.`
}

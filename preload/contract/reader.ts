// The Reader (text to speech): models and voices with their rules, the price before the click, readings and their history.
import type { IpcError } from './errors'
import type { TtsDefaults } from './settings'

/**
 * The longest text the Reader takes at once (UTF-16 units): a book chapter. The browser harness's
 * socket caps a frame at 1 MiB, and this at three UTF-8 bytes a unit stays under it.
 */
export const MAX_READER_TEXT = 200_000

export type ReaderFormat = TtsDefaults['format']
/** Why the service does not open a model id: `hyphenated_id`, a multi-vendor id written with underscores; `replaced`, moved to another group. */
export type ModelClosedCode = 'hyphenated_id' | 'not_open' | 'replaced'
export type ReaderField = 'model' | 'input' | 'format' | 'speed' | 'voice'

/** One of the model's output formats: usable, or greyed out with the reason. */
export interface ReaderFormatOption {
  format: ReaderFormat
  /** Why this format cannot be used with the model; null when it can. Plain text from the rules. */
  disabledReason: string | null
  /** Saved readings join into one file only in mp3, wav and pcm. */
  joinable: boolean
}

/**
 * What the service does with `speed`: honours it within [min, max] (`range`: refuses outside; `clamp`:
 * clamps outside), ignores it (`ignored`), or refuses anything but 1.0 (`fixed`).
 */
export interface ReaderSpeedRule {
  mode: 'range' | 'clamp' | 'ignored' | 'fixed'
  min: number
  max: number
}

export interface ReaderModel {
  id: string
  name: string | null
  /** The spec's group: free, A, G, classic, v3, multi. */
  group: string
  free: boolean
  /** VND per 1,000,000 characters; null when the service does not say. */
  unitPriceVndPer1M: number | null
  freeCharsPerMonth: number
  /** Per request, in characters; null when neither the service nor the spec states one. */
  maxInputChars: number | null
  maxInputApproximate: boolean
  formats: ReaderFormatOption[]
  speed: ReaderSpeedRule
  voiceRequired: boolean
  /** `language_code`: the voice is an ISO 639-1 code; `pattern`: `<locale>-<Tier>-<Letter>`; else a list. */
  voiceKind: 'language_code' | 'list' | 'fallback' | 'pattern'
  /** `native`: reads Vietnamese; `poor`: English-only voices mispronounce it. */
  vietnamese: 'native' | 'poor' | 'unknown'
  /** Set for ids the service does not open: main's words, for logs. */
  closedReason: string | null
  /** The same reason as a code and its figures, for the UI's words (`reader.closed.<code>`). */
  closed: { code: ModelClosedCode; params: Record<string, string> } | null
  /** false when the service says this key may not use the model (an allowlist). */
  allowedForKey: boolean
}

export interface ReaderModels {
  plan: string | null
  models: ReaderModel[]
  /** What a reading uses when nothing usable was picked: main's one default for every path. */
  defaultModel: string | null
}

export interface ReaderVoice {
  id: string
  name: string
  /** e.g. `vi`, `vi-VN`. */
  language: string | null
  gender: string | null
  accent: string | null
  /** The service has a sample of this voice: `tts:preview` plays it. */
  hasPreview: boolean
}

export interface ReaderVoices {
  model: string
  voices: ReaderVoice[]
  /** Never null for a model that needs a voice and names some: Vietnamese first. */
  defaultVoice: string | null
  /** Alias name to the voice it stands for. */
  aliases: Record<string, string>
}

/** What the user picked. `voice` null: the model's default (multi-vendor models only). */
export interface ReaderChoice {
  text: string
  model: string
  voice: string | null
  format: ReaderFormat
  speed: number
}

export interface ReaderProblem {
  code: string
  field: ReaderField
  /** Plain text naming the real limit, format or voice. */
  message: string
  /** The figures and names the message states, for saying it in the user's language. */
  params: Record<string, string | number>
}

/** What the service will do differently from what was asked, without refusing. */
export type ReaderNote =
  | { code: 'speed_clamped'; from: number; to: number }
  | { code: 'speed_dropped'; from: number }
  | { code: 'voice_alias'; alias: string; target: string; deprecated: boolean }
  | { code: 'voice_fallback'; requested: string; fallback: string }
  | { code: 'voice_default'; voice: string | null }
  | { code: 'voice_unchecked'; voice: string }

/** The price before the click. */
export interface ReaderEstimate {
  /** Billable characters: Unicode code points after NFC. */
  chars: number
  /** How many requests the text is read in. */
  chunks: number
  /** null when the model's price is unknown. Net of the monthly free allowance where it is known. */
  costVnd: number | null
  /**
   * Characters of this text the model's monthly free allowance covers (0 for a model without one); null
   * when the month's use cannot be known, and then `costVnd` is the price beyond the allowance.
   */
  freeChars: number | null
  free: boolean
  balanceVnd: number | null
  /** false when the cost is over the balance; null when either is unknown. */
  affordable: boolean | null
  /** Empty when the reading can start. */
  problems: ReaderProblem[]
  notes: ReaderNote[]
  /** The text is Vietnamese and the model has English voices only: said before anything is paid. */
  poorVietnamese: boolean
}

export interface ReaderChunk {
  index: number
  /** Where the chunk sits in the reading's text (UTF-16 offsets, end exclusive): for highlighting. */
  start: number
  end: number
  chars: number
  /** Its audio is here: `tts:audio` returns it. */
  ready: boolean
  costVnd: number | null
}

export type ReadingState = 'running' | 'done' | 'failed' | 'cancelled'

/**
 * Why a Reader request is held back: `rate_limit`, the service answered 429 and named when to try again;
 * `duplicate`, a 409 while the same request still runs; `budget`, Loa keeping under the plan's requests
 * per minute (tts-api.md "Rate limits by plan").
 */
export type ReaderWaitReason = 'rate_limit' | 'duplicate' | 'budget'

/** A request held back, and until when (epoch ms, from main's clock): for a live countdown. */
export interface ReaderWaitUntil {
  reason: ReaderWaitReason
  until: number
}

/**
 * A Reader request other than a reading's chunks began or stopped waiting: the price (the model and voice
 * lists it reads), a voice's sample, or a re-download from the history (`id`: the history item).
 * `wait` null: it waits no more (it went through, or failed).
 */
export interface ReaderWait {
  request: 'estimate' | 'preview' | 'download'
  id: string | null
  wait: ReaderWaitUntil | null
}

/**
 * A chunk's answer was lost longer ago than the service remembers its Idempotency-Key (60 s), so sending
 * it again is a new charge: `already_charged`, the usage history shows the lost request was charged;
 * `charge_unknown`, the history cannot tell.
 */
export type ReadingStopCode = 'already_charged' | 'charge_unknown'

export interface ReadingStatus {
  id: string
  state: ReadingState
  model: string
  voice: string | null
  format: ReaderFormat
  speed: number | null
  chunks: ReaderChunk[]
  chunksDone: number
  chunkCount: number
  charsDone: number
  charsTotal: number
  spentVnd: number
  estimateVnd: number | null
  /**
   * Why the reading stopped; `chunkIndex` is the chunk whose request failed. `code` is the service's or
   * Loa's; a ReadingStopCode means the chunk waits for the user's say-so to pay again (`tts:resume` with
   * `payAgain`).
   */
  error: (IpcError & { chunkIndex: number | null }) | null
  /** The next chunk the listener needs is held back, until then; null while nothing waits. */
  wait: ReaderWaitUntil | null
  /** ISO time the reading started. */
  startedAt: string
}

export interface ReaderSnapshot {
  reading: ReadingStatus | null
  /** The reading's text: what its chunks' offsets point into. */
  text: string
}

/** One chunk's audio, as the service sent it. */
export interface ReaderAudio {
  /** Base64 of the encoded audio (mp3, wav, raw PCM, ...). */
  data: string
  contentType: string
  format: ReaderFormat
  /** For raw PCM: 16-bit mono little-endian at this rate. */
  sampleRateHz: number | null
}

export interface ReaderHistoryItem {
  id: string
  createdAt: string
  model: string
  voice: string | null
  format: ReaderFormat
  chars: number
  costVnd: number
  chunkCount: number
  /** The first words, for recognition. */
  preview: string
  /** When the service deletes the audio (24 h on FREE, 72 h on paid plans); null when unknown. */
  expiresAt: string | null
  /** The audio is still in Loa's memory: saving needs no download. */
  inMemory: boolean
  /** Every chunk has a job id the service can re-send. */
  downloadable: boolean
  /** The last re-download failed: `not_found` (never stored, over 50 MB) or `expired` (410). */
  gone: 'not_found' | 'expired' | null
}

/**
 * A saved reading. `partial`: the file holds only chunks 1 to `parts` of `of` (saved during a reading,
 * or one that stopped part way), and its name says so; null when it holds the whole reading.
 */
export interface ReaderSaved {
  path: string
  partial: { parts: number; of: number } | null
}

export interface ReaderPreviewRequest {
  model: string
  voice: string
}

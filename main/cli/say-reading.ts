// One audio file of `loa say`: the text read chunk by chunk (SpeechJob), joined and saved. With a spending
// limit for the document (--max-spend), a chunk is sent only while its price still fits under what is
// left; the reading stops before the first one that would pass it and saves what was made.
import { writeFile } from 'node:fs/promises'
import type { GatewayEndpoint } from '../api/http'
import { ManagementClient } from '../api/management/client'
import { USAGE_LIMIT } from '../api/management/requests'
import { estimateCostVnd } from '../api/tts/text-count'
import type { SpeechRequest } from '../api/tts/tts-client'
import type { TtsClient } from '../api/tts/tts-client'
import type { TtsFormat, TtsRules } from '../api/tts/tts-rules'
import { AppError } from '../errors'
import { durationMs, joinAudio } from '../tts/audio-join'
import { SpeechJob, SpeechJobError, type SpeechProgress } from '../tts/speech-job'
import { formatCount, formatVnd } from './format'
import type { Language } from '../../preload/contract'
import type { TextOut } from './verb'

export interface Reading {
  endpoint: GatewayEndpoint
  client: TtsClient
  request: Omit<SpeechRequest, 'input'> & { responseFormat: TtsFormat }
  rules: TtsRules
  stderr: TextOut
  /** The language of the progress lines on stderr. */
  language: Language
}

/**
 * What a document may still spend, across all its files. `freeCharsLeft`: the model's monthly free
 * allowance left as the reading starts (0 when the model has none or the month's use is unknown, so the
 * limit is kept even then); each chunk read uses it up before it costs anything.
 */
export class SpendLimit {
  spentVnd = 0
  constructor(
    readonly maxVnd: number,
    public freeCharsLeft = 0,
  ) {}

  /** Whether a chunk of this price may be sent after what is spent already (`more`: spent in this file). */
  fits(priceVnd: number, more = 0): boolean {
    return this.spentVnd + more + priceVnd <= this.maxVnd
  }

  /** A chunk's price once `readChars` more characters of this file have used the allowance. */
  priceOf(text: string, rules: TtsRules, readChars = 0): number {
    const free = Math.max(0, this.freeCharsLeft - readChars)
    return estimateCostVnd(text, rules, free) ?? Number.POSITIVE_INFINITY
  }

  /** A file is read: what it spent and the characters it took from the allowance count from now on. */
  add(costVnd: number, chars: number): void {
    this.spentVnd += costVnd
    this.freeCharsLeft = Math.max(0, this.freeCharsLeft - chars)
  }
}

export interface SavedFile {
  out: string
  chunks: number
  /** Code points after NFC of the chunks read (text-count.ts). */
  characters: number
  costVnd: number
  seconds: number | null
  /** False when the spending limit stopped the reading before the end of this file's text. */
  complete: boolean
  /** Share of this file's characters that were read, 0 to 1. */
  share: number
}

/** The reading's chunks, split as `loa say` sends them. Also what --dry-run counts. */
export function speechJob(
  reading: Reading,
  text: string,
  onProgress?: (p: SpeechProgress) => void,
  concurrency?: number,
): SpeechJob {
  const { endpoint, request, rules } = reading
  return new SpeechJob({
    client: reading.client,
    request,
    text,
    rules,
    ...(concurrency === undefined ? {} : { concurrency }),
    // A chunk whose answer was lost is sent again after the key's minute only if it was not charged.
    usageHistory: () =>
      new ManagementClient({ endpoint })
        .usage({ limit: USAGE_LIMIT.max })
        .then((page) => ({ records: page.data, total: page.total })),
    // The model's own limit where its record states one; `loa` does not know the plan's default.
    rpm: rules.rpm,
    ...(onProgress === undefined ? {} : { onProgress }),
  })
}

/** Reads `text` into `out`; rejects with the job's failure, but never because of the spending limit. */
export async function readInto(
  reading: Reading,
  text: string,
  out: string,
  limit: SpendLimit | null,
): Promise<SavedFile> {
  const job: SpeechJob = speechJob(
    reading,
    text,
    (p) => {
      const counts = `${p.chunksDone}/${p.chunkCount}: ${formatCount(p.charsDone)}/${formatCount(p.charsTotal)}`
      reading.stderr.write(
        reading.language === 'vi'
          ? `đoạn ${counts} ký tự, ${formatVnd(p.spentVnd)}\n`
          : `chunk ${counts} characters, ${formatVnd(p.spentVnd)}\n`,
      )
      const next = job.chunks.find((c) => c.audio === null)
      if (limit && next && !limit.fits(limit.priceOf(next.text, reading.rules, charsUsed(job)), p.spentVnd))
        job.cancel()
    },
    // Under a limit, one chunk at a time: a second in flight could pass it before the first is priced.
    limit ? 1 : undefined,
  )
  const first = job.chunks[0]
  const stopped =
    limit !== null && first !== undefined && !limit.fits(limit.priceOf(first.text, reading.rules))
      ? job.chunks
      : await job.run().catch((err: unknown) => {
          if (err instanceof SpeechJobError && err.code === 'SPEECH_JOB_CANCELLED') return job.chunks
          throw err
        })
  const done = stopped.filter((c) => c.audio !== null)
  const format = reading.request.responseFormat
  const saved: SavedFile = {
    out,
    chunks: done.length,
    characters: done.reduce((n, c) => n + c.chars, 0),
    costVnd: job.progress.spentVnd,
    seconds: null,
    complete: done.length === stopped.length,
    share: job.progress.charsTotal === 0 ? 1 : job.progress.charsDone / job.progress.charsTotal,
  }
  limit?.add(saved.costVnd, charsUsed(job))
  if (done.length === 0) return saved
  const audio = joinAudio(
    done.map((c) => c.audio?.bytes ?? new Uint8Array()),
    format,
  )
  await writeFile(out, audio).catch((cause: unknown) => {
    throw new AppError('storage', `could not write ${out}.`, { cause })
  })
  const ms = safeDuration(audio, format, done[0]?.audio?.sampleRateHz ?? undefined)
  return { ...saved, seconds: ms === null ? null : Math.round(ms / 100) / 10 }
}

/** Characters the service has counted: chunks made, and any charged whose answer was lost. */
function charsUsed(job: SpeechJob): number {
  return job.chunks.reduce((n, c) => (c.audio !== null || c.costVnd !== null ? n + c.chars : n), 0)
}

function safeDuration(bytes: Uint8Array, format: TtsFormat, sampleRateHz: number | undefined): number | null {
  try {
    return durationMs(bytes, format, sampleRateHz)
  } catch {
    return null
  }
}

// `loa say "text" | --file F [--model M] [--voice V] [--format F] [--speed S] -o out.mp3`: reads a text
// aloud into one audio file. Long text is split at sentence boundaries under the model's limit and each
// chunk is charged once, whatever retries it takes; progress and the cost go to stderr.
import { readFile, writeFile } from 'node:fs/promises'
import { modelInfoOf } from '../../api/tts/model-info'
import { estimateCostVnd } from '../../api/tts/text-count'
import { checkRequest } from '../../api/tts/tts-check'
import { TtsClient } from '../../api/tts/tts-client'
import { rulesFor, type TtsFormat } from '../../api/tts/tts-rules'
import { AppError } from '../../errors'
import { durationMs, joinAudio, JOINABLE_FORMATS } from '../../tts/audio-join'
import { SpeechJob, SpeechJobError } from '../../tts/speech-job'
import { positiveNumberFlag } from '../args'
import { EXIT } from '../exit-codes'
import { CliFailure } from '../failure'
import { HINTS } from '../failure-codes'
import { formatCount, formatVnd } from '../format'
import { printResult } from '../management-verb'
import { renderFields } from '../table'
import { UsageError, type Verb } from '../verb'
import { withEndpoint } from '../with-endpoint'

export interface SayReport {
  model: string
  voice: string | null
  format: TtsFormat
  out: string
  chunks: number
  chars: number
  costVnd: number
  seconds: number | null
}

export const sayVerb: Verb = {
  name: 'say',
  summary: 'read a text aloud into an audio file, with its cost',
  usage: 'loa say "text" | --file F [--model M] [--voice V] [--format F] [--speed S] -o out.mp3 [--json]',
  help: `Synthesizes speech for the text (or the file's text) and saves it as one file. The cost is
estimated before anything is sent; long text is read in chunks at sentence boundaries, each chunk charged
once even when a request has to be retried. Progress goes to stderr.

Flags:
  --file F        read the text from a UTF-8 file instead of the arguments
  --model M       speech model (default: the first the service lists); see 'loa voices --models'
  --voice V       the model's voice; see 'loa voices --model M'
  --format F      mp3 (default), wav or pcm: the formats that join into one file
  --speed S       reading speed, where the model accepts one
  -o, --out F     where the audio goes (required)`,
  options: {
    file: { type: 'string' },
    model: { type: 'string' },
    voice: { type: 'string' },
    format: { type: 'string' },
    speed: { type: 'string' },
    out: { type: 'string', short: 'o' },
  },
  async run(ctx) {
    const out = typeof ctx.values.out === 'string' ? ctx.values.out : null
    if (!out) throw new UsageError('-o/--out is required.')
    const file = typeof ctx.values.file === 'string' ? ctx.values.file : null
    if (file && ctx.positionals.length > 0) throw new UsageError('give the text or --file, not both.')
    const speed = positiveNumberFlag(ctx.values.speed, 'speed')
    const format = (typeof ctx.values.format === 'string' ? ctx.values.format : 'mp3') as TtsFormat
    if (!JOINABLE_FORMATS.includes(format))
      throw new UsageError('--format must be mp3, wav or pcm: only those join into one file.')
    return withEndpoint(ctx, 'say', async (endpoint) => {
      const text = file ? await readText(file) : ctx.positionals.join(' ')
      if (text.trim() === '') throw new UsageError('there is no text to read.')
      const client = new TtsClient({ endpoint })
      const models = await client.models()
      const wanted = typeof ctx.values.model === 'string' ? ctx.values.model : models[0]?.id
      if (!wanted)
        throw new CliFailure(
          'the service lists no speech model.',
          EXIT.failure,
          'failure',
          HINTS.invalidResponse,
        )
      const listed = models.find((m) => m.id === wanted)
      const voices = listed ? await client.voices(wanted).catch(() => undefined) : undefined
      const rules = rulesFor(wanted, listed ? modelInfoOf(listed, voices) : undefined)
      const voice = typeof ctx.values.voice === 'string' ? ctx.values.voice : undefined
      // Checked on a sample the size of one chunk: the whole text is split under the limit anyway.
      const check = checkRequest(rules, {
        text: text.slice(0, Math.min(text.length, rules.maxInputChars ?? text.length)),
        format,
        ...(speed === undefined ? {} : { speed }),
        ...(voice === undefined ? {} : { voice }),
      })
      if (!check.ok)
        throw new CliFailure(
          check.problems.map((p) => p.message).join(' '),
          EXIT.usage,
          'invalid_request',
          `'loa voices --models' lists each model's formats; 'loa voices --model ${wanted}' its voices.`,
        )
      const estimate = estimateCostVnd(text, rules)
      ctx.stderr.write(
        `Reading ${formatCount(text.length)} characters with ${wanted}` +
          (estimate === null ? '.\n' : `, about ${formatVnd(estimate)}.\n`),
      )
      const { request } = check
      const job = new SpeechJob({
        client,
        request: {
          model: request.model,
          responseFormat: request.response_format,
          ...(request.voice === undefined ? {} : { voice: request.voice }),
          ...(request.speed === undefined ? {} : { speed: request.speed }),
        },
        text,
        rules,
        onProgress: (p) =>
          ctx.stderr.write(
            `chunk ${p.chunksDone}/${p.chunkCount}: ${formatCount(p.charsDone)}/${formatCount(p.charsTotal)} characters, ${formatVnd(p.spentVnd)}\n`,
          ),
      })
      const chunks = await job.run().catch((err: unknown) => {
        throw err instanceof SpeechJobError && err.cause instanceof AppError ? err.cause : err
      })
      const audio = joinAudio(
        chunks.map((c) => c.audio?.bytes ?? new Uint8Array()),
        request.response_format,
      )
      await writeFile(out, audio).catch((cause: unknown) => {
        throw new AppError('storage', `could not write ${out}.`, { cause })
      })
      const sampleRateHz = chunks[0]?.audio?.sampleRateHz ?? undefined
      const ms = safeDuration(audio, request.response_format, sampleRateHz)
      const report: SayReport = {
        model: wanted,
        voice: request.voice ?? null,
        format: request.response_format,
        out,
        chunks: chunks.length,
        chars: job.progress.charsTotal,
        costVnd: job.progress.spentVnd,
        seconds: ms === null ? null : Math.round(ms / 100) / 10,
      }
      await printResult(ctx, report, () =>
        renderFields([
          ['Saved', out],
          ['Model', wanted],
          ['Voice', report.voice ?? 'the model’s default'],
          ['Length', report.seconds === null ? '—' : `${report.seconds} s`],
          ['Characters', formatCount(report.chars)],
          ['Chunks', String(report.chunks)],
          ['Cost', formatVnd(report.costVnd)],
        ]),
      )
    })
  },
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8')
  } catch (cause) {
    throw new CliFailure(
      `could not read ${path}: ${(cause as Error).message}`,
      EXIT.usage,
      'file',
      'check the path given to --file.',
    )
  }
}

function safeDuration(bytes: Uint8Array, format: TtsFormat, sampleRateHz: number | undefined): number | null {
  try {
    return durationMs(bytes, format, sampleRateHz)
  } catch {
    return null
  }
}

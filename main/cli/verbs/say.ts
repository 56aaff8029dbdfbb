// `loa say "text" | --file F [--model M] [--voice V] [--format F] [--speed S] -o out.mp3`: reads a text
// or a document aloud into one audio file, or one per chapter. Long text is split at sentence boundaries
// under the model's limit and each chunk is charged once, whatever retries it takes; progress and the cost
// go to stderr. With --dry-run it only reads the model and voice lists and prints the estimate
// (say-estimate.ts). The document is read by main/documents (say-document.ts), the audio made and saved by
// say-reading.ts, within the document's spending limit where one is given.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { GatewayEndpoint } from '../../api/http'
import { ManagementClient } from '../../api/management/client'
import { USAGE_LIMIT } from '../../api/management/requests'
import { modelInfoOf } from '../../api/tts/model-info'
import { voicesOfModel } from '../../api/tts/model-voices'
import { billableChars, estimateCostVnd } from '../../api/tts/text-count'
import { checkRequest } from '../../api/tts/tts-check'
import { TtsClient } from '../../api/tts/tts-client'
import { rulesFor, type TtsFormat } from '../../api/tts/tts-rules'
import type { ReaderModel } from '../../../preload/contract'
import { AppError } from '../../errors'
import { JOINABLE_FORMATS } from '../../tts/audio-join'
import { defaultModel, defaultVoice } from '../../tts/default-choice'
import { charsUsedThisMonth, freeCharsLeft } from '../../tts/free-allowance'
import { ChargeHold } from '../../tts/key-guard'
import { toReaderModel, toReaderVoices } from '../../tts/reader-models'
import { SpeechJobError } from '../../tts/speech-job'
import { hasVietnamese } from '../../tts/text-language'
import { intFlag, positiveNumberFlag } from '../args'
import { chapterFileName } from '../chapter-files'
import { EXIT } from '../exit-codes'
import { CliFailure } from '../failure'
import { HINTS } from '../failure-codes'
import { formatCount, formatVnd } from '../format'
import { printResult } from '../management-verb'
import { noteLines } from '../document-words'
import { cliLanguage, type Words } from '../language'
import { readDocumentFile, spokenChapter } from '../say-document'
import { readInto, speechJob, SpendLimit, type Reading, type SavedFile } from '../say-reading'
import { UsageError, type Verb } from '../verb'
import { withEndpoint } from '../with-endpoint'
import { estimateReading, renderEstimate } from './say-estimate'
import { limitMessage, renderReport, sayReport } from './say-report'

const PAID_CHUNK_LOST_HINT = {
  en: "nothing was saved; 'loa usage' lists what was charged. Running the command again pays for every chunk again.",
  vi: "chưa lưu gì; 'loa usage' liệt kê những gì đã bị tính tiền. Chạy lại lệnh sẽ trả tiền lại cho mọi đoạn.",
}

export const sayVerb: Verb = {
  name: 'say',
  summary: {
    en: 'read a text aloud into an audio file, with its cost',
    vi: 'đọc to một văn bản thành tệp âm thanh, kèm chi phí',
  },
  usage:
    'loa say "text" | --file F [--per-chapter] [--max-spend VND] [--model M] [--voice V] [--format F] [--speed S] -o out.mp3|DIR | --dry-run [--json]',
  help: {
    en: `Synthesizes speech for the text (or the document's text) and saves it as one file. The cost is
estimated before anything is sent; long text is read in chunks at sentence boundaries, each chunk charged
once even when a request has to be retried. Progress goes to stderr.

Flags:
  --file F        read a document instead of the arguments: .txt, .md, .html, .pdf, .epub or .docx,
                  by its extension; its chapters are read in order, each heading first
  --per-chapter   one file per chapter, NN-title.mp3, in the folder given with -o
  --max-spend VND the most this reading may spend, in whole dong: a chunk is sent only while its price
                  (after the month's free characters left) still fits; the reading stops before the
                  first that would pass it, keeps what was made and exits 1 saying how far it got
  --model M       speech model (default: the first this key may use that reads Vietnamese, as in the
                  app's Reader); see 'loa voices --models'
  --voice V       the model's voice (default: one in the text's language, Vietnamese first); see
                  'loa voices --model M'
  --format F      mp3 (default), wav or pcm: the formats that join into one file
  --speed S       reading speed, where the model accepts one
  -o, --out F     where the audio goes, a folder with --per-chapter (required, unless --dry-run)
  --dry-run       print the estimate and send nothing: characters, cost, chunks (no -o needed)

With --json, prints {"model", "voice", "format", "out", "chunks", "characters", "costVnd", "seconds",
"stoppedAtLimit"}, and "files" (each {"out", "chunks", "characters", "costVnd", "seconds"}) with --per-chapter;
with --dry-run, {"model", "voice", "characters", "costVnd", "freeCharacters", "chunks"}, null where a
figure is not known.`,
    vi: `Tổng hợp giọng đọc cho văn bản (hoặc chữ của tài liệu) và lưu thành một tệp. Chi phí được ước tính
trước khi gửi bất cứ gì; văn bản dài được đọc theo từng đoạn ở ranh giới câu, mỗi đoạn chỉ tính tiền một
lần kể cả khi phải gửi lại. Tiến độ in ra stderr.

Tùy chọn:
  --file F        đọc một tài liệu thay cho các đối số: .txt, .md, .html, .pdf, .epub hoặc .docx, theo
                  phần mở rộng của tệp; các chương được đọc theo thứ tự, mỗi chương đọc tiêu đề trước
  --per-chapter   mỗi chương một tệp, NN-title.mp3, trong thư mục cho bởi -o
  --max-spend VND số tiền tối đa lần đọc này được tiêu, tính bằng đồng chẵn: một đoạn chỉ được gửi khi giá
                  của nó (sau số ký tự miễn phí còn lại trong tháng) còn vừa; lần đọc dừng trước đoạn
                  đầu tiên sẽ vượt mức, giữ lại phần đã làm và thoát với mã 1, nói rõ đã đọc đến đâu
  --model M       mô hình giọng nói (mặc định: mô hình đầu tiên khóa này dùng được mà đọc được tiếng
                  Việt, như trong phần Đọc văn bản của ứng dụng); xem 'loa voices --models'
  --voice V       giọng của mô hình (mặc định: một giọng theo ngôn ngữ của văn bản, tiếng Việt trước);
                  xem 'loa voices --model M'
  --format F      mp3 (mặc định), wav hoặc pcm: các định dạng nối được thành một tệp
  --speed S       tốc độ đọc, nếu mô hình nhận
  -o, --out F     nơi lưu âm thanh, một thư mục khi có --per-chapter (bắt buộc, trừ khi có --dry-run)
  --dry-run       in ước tính và không gửi gì: số ký tự, chi phí, số đoạn (không cần -o)

Với --json, in {"model", "voice", "format", "out", "chunks", "characters", "costVnd", "seconds",
"stoppedAtLimit"}, và "files" (mỗi tệp {"out", "chunks", "characters", "costVnd", "seconds"}) khi có
--per-chapter; khi có --dry-run, {"model", "voice", "characters", "costVnd", "freeCharacters", "chunks"},
null ở chỗ không biết con số.`,
  },
  options: {
    file: { type: 'string' },
    model: { type: 'string' },
    voice: { type: 'string' },
    format: { type: 'string' },
    speed: { type: 'string' },
    out: { type: 'string', short: 'o' },
    'dry-run': { type: 'boolean' },
    'per-chapter': { type: 'boolean' },
    'max-spend': { type: 'string' },
  },
  async run(ctx) {
    const dryRun = ctx.values['dry-run'] === true
    const perChapter = ctx.values['per-chapter'] === true
    const out = typeof ctx.values.out === 'string' ? ctx.values.out : null
    if (!out && !dryRun)
      throw new UsageError({
        en: '-o/--out is required (or --dry-run for the estimate alone).',
        vi: 'cần -o/--out (hoặc --dry-run để chỉ xem ước tính).',
      })
    const file = typeof ctx.values.file === 'string' ? ctx.values.file : null
    if (file && ctx.positionals.length > 0)
      throw new UsageError({
        en: 'give the text or --file, not both.',
        vi: 'hãy đưa văn bản hoặc --file, không đưa cả hai.',
      })
    if (perChapter && !file)
      throw new UsageError({
        en: '--per-chapter needs a document given with --file.',
        vi: '--per-chapter cần một tài liệu đưa bằng --file.',
      })
    const speed = positiveNumberFlag(ctx.values.speed, 'speed')
    const maxSpendVnd = intFlag(ctx.values['max-spend'], 'max-spend', 1, Number.MAX_SAFE_INTEGER)
    const format = (typeof ctx.values.format === 'string' ? ctx.values.format : 'mp3') as TtsFormat
    if (!JOINABLE_FORMATS.includes(format))
      throw new UsageError({
        en: '--format must be mp3, wav or pcm: only those join into one file.',
        vi: '--format phải là mp3, wav hoặc pcm: chỉ các định dạng đó nối được thành một tệp.',
      })
    const language = cliLanguage(ctx.env)
    const document = file ? await readDocumentFile(file) : null
    if (document) for (const line of noteLines(document, language)) ctx.stderr.write(`${line}\n`)
    const pieces = document && file ? document.chapters.map((c) => spokenChapter(c, file)) : null
    return withEndpoint(ctx, 'say', async (endpoint) => {
      const text = pieces ? pieces.join('\n\n') : ctx.positionals.join(' ')
      if (text.trim() === '')
        throw new UsageError({ en: 'there is no text to read.', vi: 'không có chữ nào để đọc.' })
      const client = new TtsClient({ endpoint })
      const { model, rules, request, poorVietnamese } = await chooseRequest(client, text, {
        model: typeof ctx.values.model === 'string' ? ctx.values.model : undefined,
        voice: typeof ctx.values.voice === 'string' ? ctx.values.voice : undefined,
        format,
        speed,
      })
      if (poorVietnamese)
        ctx.stderr.write(
          language === 'vi'
            ? `cảnh báo: ${model} chỉ có giọng tiếng Anh và sẽ đọc sai văn bản tiếng Việt này; 'loa voices --models' liệt kê các mô hình khác.\n`
            : `warning: ${model} has English voices only and will mispronounce this Vietnamese text; 'loa voices --models' lists the others.\n`,
        )
      const reading: Reading = {
        endpoint,
        client,
        request: {
          model: request.model,
          responseFormat: request.response_format,
          ...(request.voice === undefined ? {} : { voice: request.voice }),
          ...(request.speed === undefined ? {} : { speed: request.speed }),
        },
        rules,
        stderr: ctx.stderr,
        language,
      }
      if (dryRun || !out) {
        // The job is built only to count its chunks: it splits the text exactly as the reading would.
        const estimate = estimateReading(
          text,
          { model, voice: request.voice ?? null, chunks: speechJob(reading, text).chunks.length },
          rules,
          await freeLeftThisMonth(endpoint, model, rules.freeCharsPerMonth),
        )
        return printResult(ctx, estimate, () => renderEstimate(estimate, rules.freeCharsPerMonth, language))
      }
      if (maxSpendVnd !== undefined && rules.unitPriceVndPer1M === null)
        throw new UsageError({
          en: `the service names no price for ${model}, so --max-spend cannot be kept.`,
          vi: `dịch vụ không cho biết giá của ${model}, nên không giữ được --max-spend.`,
        })
      const estimate = estimateCostVnd(text, rules)
      const chars = formatCount(billableChars(text))
      ctx.stderr.write(
        language === 'vi'
          ? `Đọc ${chars} ký tự bằng ${model}` +
              (estimate === null ? '.\n' : `, khoảng ${formatVnd(estimate)}.\n`)
          : `Reading ${chars} characters with ${model}` +
              (estimate === null ? '.\n' : `, about ${formatVnd(estimate)}.\n`),
      )
      const limit =
        maxSpendVnd === undefined
          ? null
          : new SpendLimit(
              maxSpendVnd,
              (await freeLeftThisMonth(endpoint, model, rules.freeCharsPerMonth)) ?? 0,
            )
      const targets =
        perChapter && document && pieces
          ? await chapterTargets(
              out,
              document.chapters.map((c) => c.title),
              request.response_format,
            )
          : [out]
      const files = await readFiles(reading, perChapter && pieces ? pieces : [text], targets, limit)
      const report = sayReport(model, request.voice ?? null, request.response_format, out, files, perChapter)
      await printResult(ctx, report, () => renderReport(report, language))
      if (!report.stoppedAtLimit) return EXIT.ok
      ctx.stderr.write(limitMessage(report, files, maxSpendVnd ?? 0, language))
      return EXIT.failure
    })
  },
}

/** Each text into its file in turn, until the spending limit stops one; the files after it are not made. */
async function readFiles(
  reading: Reading,
  texts: readonly string[],
  targets: readonly string[],
  limit: SpendLimit | null,
): Promise<SavedFile[]> {
  const files: SavedFile[] = []
  for (const [i, text] of texts.entries()) {
    if (texts.length > 1)
      reading.stderr.write(
        `${reading.language === 'vi' ? 'Tệp' : 'File'} ${i + 1}/${texts.length}: ${targets[i]}\n`,
      )
    const saved = await readInto(reading, text, targets[i] ?? '', limit).catch((err: unknown) => {
      if (err instanceof SpeechJobError && err.cause instanceof ChargeHold)
        throw new CliFailure(err.message, EXIT.failure, 'failure', PAID_CHUNK_LOST_HINT)
      throw err instanceof SpeechJobError && err.cause instanceof AppError ? err.cause : err
    })
    files.push(saved)
    if (!saved.complete) break
  }
  return files
}

/** The chapter files' paths in `dir`, made if missing. */
async function chapterTargets(dir: string, titles: readonly string[], ext: string): Promise<string[]> {
  await mkdir(dir, { recursive: true }).catch((cause: unknown) => {
    throw new AppError('storage', `could not make the folder ${dir}.`, { cause })
  })
  return titles.map((title, i) => join(dir, chapterFileName(i, titles.length, title, ext)))
}

interface Choice {
  model: string | undefined
  voice: string | undefined
  format: TtsFormat
  speed: number | undefined
}

/**
 * The model (the one asked for, else the first listed), its rules from the model and voice lists, and the
 * request body those rules accept; a choice the model refuses fails here, before anything is sent.
 */
/**
 * The model and voice asked for, else the one default every reading uses (default-choice.ts): a model the
 * key may use that reads Vietnamese, and a voice in the text's language.
 */
async function chooseRequest(client: TtsClient, text: string, choice: Choice) {
  const models = await client.models()
  const offered = models.map((m) => toReaderModel(m, rulesFor(m.id, modelInfoOf(m))))
  const model = choice.model ?? defaultModel(offered, null)?.id
  if (!model)
    throw new CliFailure(
      { en: 'the service lists no speech model.', vi: 'dịch vụ không liệt kê mô hình giọng nói nào.' },
      EXIT.failure,
      'failure',
      HINTS.invalidResponse,
    )
  const listed = models.find((m) => m.id === model)
  const voices = listed ? await client.voices(model).catch(() => undefined) : undefined
  const rules = rulesFor(model, listed ? modelInfoOf(listed, voices) : undefined)
  const voice =
    choice.voice ??
    defaultVoice(
      toReaderModel(listed ?? null, rules),
      voices ? toReaderVoices(model, voicesOfModel(model, voices)) : null,
      text,
      null,
    ) ??
    undefined
  // Checked on a sample the size of one chunk: the whole text is split under the limit anyway.
  const check = checkRequest(rules, {
    text: text.slice(0, Math.min(text.length, rules.maxInputChars ?? text.length)),
    format: choice.format,
    ...(choice.speed === undefined ? {} : { speed: choice.speed }),
    ...(voice === undefined ? {} : { voice }),
  })
  if (!check.ok) {
    const closed = check.problems.some((p) => p.code === 'model_not_open')
    throw new CliFailure(
      check.problems.map((p) => p.message).join(' '),
      EXIT.usage,
      'invalid_request',
      closed
        ? replacementHint(offered)
        : {
            en: `'loa voices --models' lists each model's formats; 'loa voices --model ${model}' its voices.`,
            vi: `'loa voices --models' liệt kê định dạng của từng mô hình; 'loa voices --model ${model}' các giọng của nó.`,
          },
    )
  }
  const poorVietnamese = rules.vietnamese === 'poor' && hasVietnamese(text)
  return { model, rules, request: check.request, poorVietnamese }
}

/** The models that replaced the old Google Cloud ids on 2026-07-25 (group G), as the service lists them. */
function replacementHint(offered: readonly ReaderModel[]): Words {
  const g = offered.filter((m) => m.group === 'G').map((m) => m.id)
  return g.length > 0
    ? {
        en: `use one of ${g.join(', ')} (voice names changed too: see 'loa voices --model ${g[0]}').`,
        vi: `dùng một trong ${g.join(', ')} (tên giọng cũng đã đổi: xem 'loa voices --model ${g[0]}').`,
      }
    : {
        en: "'loa voices --models' lists the models the service offers.",
        vi: "'loa voices --models' liệt kê các mô hình dịch vụ cung cấp.",
      }
}

/** What is left of a monthly free allowance, from the account's usage history; null when it cannot tell. */
async function freeLeftThisMonth(
  endpoint: GatewayEndpoint,
  model: string,
  allowance: number,
): Promise<number | null> {
  if (allowance <= 0) return 0
  const page = await new ManagementClient({ endpoint }).usage({ limit: USAGE_LIMIT.max }).catch(() => null)
  if (!page) return null
  return freeCharsLeft(
    allowance,
    charsUsedThisMonth({ records: page.data, total: page.total }, model, Date.now()),
  )
}

// `loa talk --model M --in speech.wav --out reply.wav [--fast]`: one push-to-talk turn from a recording
// (or `--text "…"`, a typed turn). The WAV (any rate, any channels) is downmixed and sent as if spoken
// into the microphone; the answer is written as a 24 kHz WAV; the transcripts, the tools the model
// called, the cost and the timings are printed.
import { readFile, writeFile } from 'node:fs/promises'
import { clientMetadata } from '../../api/realtime/client-metadata'
import { downmixToMono, readWav, WavFormatError, writeWav } from '../../audio/wav'
import { talkOnce, type FileTurnResult, type TurnToolCall } from '../../realtime/engine/file-turn'
import { cliToolSet } from '../talk-tools'
import { SessionEngine } from '../../realtime/engine/session-engine'
import { webSocketConnector } from '../../realtime/transports/ws-transport'
import { intFlag } from '../args'
import { checkTalkBudget } from '../talk-budget'
import { EXIT } from '../exit-codes'
import { CliFailure } from '../failure'
import { HINTS } from '../failure-codes'
import type { Language } from '../../../preload/contract'
import { DASH, formatVnd } from '../format'
import { cliLanguage, fill } from '../language'
import { counted, TALK_WORDS as W, UNITS } from '../output-words'
import { renderFields } from '../table'
import { noArguments, UsageError, type Verb } from '../verb'
import { withSessionsApi } from './sessions'

/** `--fast`: this far ahead of real time, of the service's 2-second allowance. */
const FAST_BURST_MS = 1_500
/** The highest cap loa sends: a billion dong, far above any conversation. */
const MAX_SPEND_VND = 1_000_000_000

export interface TalkReport {
  sessionId: string | null
  model: string
  user: string
  answer: string
  /** The tools the model called, with their results or errors. */
  toolCalls: TurnToolCall[]
  status: string
  out: string
  replySeconds: number
  /** Null when the service's figure could not be read. */
  costVnd: number | null
  tokens: number
  timings: FileTurnResult['timings']
}

export const talkVerb: Verb = {
  name: 'talk',
  summary: {
    en: 'one push-to-talk voice turn from a WAV file; the answer is saved as WAV',
    vi: 'một lượt nhấn-để-nói từ tệp WAV; câu trả lời được lưu thành WAV',
  },
  usage:
    'loa talk --model M (--in speech.wav | --text T) --out reply.wav [--fast] [--no-tools] [--voice V] [--instructions T] [--max-spend VND] [--over-budget] [--json]',
  help: {
    en: `Sends a recording to a realtime model as one push-to-talk turn and saves the spoken answer.
The recording may have any sample rate and any number of channels: it is mixed down to mono and
resampled to 16 kHz. It is sent in 20 ms frames in real time, as a microphone would; with --fast,
as fast as the service accepts (up to ${FAST_BURST_MS / 1000} s ahead of real time, under its 2 s limit).

With --text, the text is sent as a typed turn instead of a recording, and the spoken answer is saved
the same way.

The session declares Loa's read-only tools (balance, spend, usage by model, pooled quota, a model's
price, the cheapest speech model): the model may call them, and each call is printed with its result
(in --json, as toolCalls: [{name, arguments, result}], or error in place of result). --no-tools leaves
them out.

Prints what the model heard and said, the cost, and the timings: session creation, connection,
first answer audio after the end of the turn was sent, and the whole turn. The session is ended (and
billed) before loa exits. See 'loa realtime-models' for the model ids.

Flags:
  --model M          realtime model id (required)
  --in FILE          the recording, WAV (this or --text)
  --text T           a typed turn instead of a recording
  --no-tools         declare no tools
  --out FILE         where the answer goes, WAV 24 kHz mono 16-bit (required)
  --fast             do not wait for real time while sending
  --voice V          one of the model's voices
  --instructions T   system prompt for the session
  --max-spend VND    the session's spending cap in whole dong; 0 = no cap; left out, the
                     service computes one (at least 50,000 VND)
  --over-budget      talk even though today's voice spending reached the daily budget set
                     in the Loa app (for this run only)`,
    vi: `Gửi một bản ghi âm đến mô hình thời gian thực thành một lượt nhấn-để-nói và lưu câu trả lời bằng giọng
nói. Bản ghi có thể có tần số lấy mẫu và số kênh bất kỳ: nó được trộn về mono và lấy mẫu lại ở 16 kHz.
Nó được gửi theo khung 20 ms đúng thời gian thực, như micrô; với --fast, nhanh nhất dịch vụ nhận (đi
trước thời gian thực tối đa ${FAST_BURST_MS / 1000} s, dưới giới hạn 2 s của dịch vụ).

Với --text, văn bản được gửi thành một lượt gõ phím thay cho bản ghi âm, và câu trả lời bằng giọng nói
được lưu như trên.

Phiên khai báo các công cụ chỉ đọc của Loa (số dư, chi tiêu, mức dùng theo mô hình, hạn mức dùng chung,
giá của một mô hình, mô hình giọng nói rẻ nhất): mô hình có thể gọi chúng, và mỗi lần gọi được in kèm kết
quả (trong --json là toolCalls: [{name, arguments, result}], hoặc error thay cho result). --no-tools bỏ
chúng đi.

In những gì mô hình nghe và nói, chi phí, và các mốc thời gian: tạo phiên, kết nối, âm thanh trả lời
đầu tiên sau khi đã gửi hết lượt, và cả lượt. Phiên được kết thúc (và tính tiền) trước khi loa thoát.
Xem 'loa realtime-models' để biết mã các mô hình.

Tùy chọn:
  --model M          mã mô hình thời gian thực (bắt buộc)
  --in FILE          bản ghi âm, WAV (cái này hoặc --text)
  --text T           một lượt gõ phím thay cho bản ghi âm
  --no-tools         không khai báo công cụ nào
  --out FILE         nơi lưu câu trả lời, WAV 24 kHz mono 16-bit (bắt buộc)
  --fast             không chờ theo thời gian thực khi gửi
  --voice V          một trong các giọng của mô hình
  --instructions T   lời nhắc hệ thống cho phiên
  --max-spend VND    mức chi tối đa của phiên, tính bằng đồng chẵn; 0 = không giới hạn; bỏ trống thì
                     dịch vụ tự tính một mức (ít nhất 50.000 VND)
  --over-budget      vẫn nói dù chi tiêu giọng nói hôm nay đã chạm ngân sách ngày đặt trong ứng dụng
                     Loa (chỉ cho lần chạy này)`,
  },
  options: {
    model: { type: 'string' },
    in: { type: 'string' },
    text: { type: 'string' },
    'no-tools': { type: 'boolean' },
    out: { type: 'string' },
    fast: { type: 'boolean' },
    voice: { type: 'string' },
    instructions: { type: 'string' },
    'max-spend': { type: 'string' },
    'over-budget': { type: 'boolean' },
  },
  async run(ctx) {
    noArguments(ctx.positionals)
    const model = required(ctx.values.model, 'model')
    const text = typeof ctx.values.text === 'string' ? ctx.values.text.trim() : null
    if (text !== null && ctx.values.in !== undefined) throw new UsageError(W.inOrText)
    if (text === '') throw new UsageError(W.emptyText)
    const input = text === null ? required(ctx.values.in, 'in') : null
    const out = required(ctx.values.out, 'out')
    const fast = ctx.values.fast === true
    const maxSpendVnd = intFlag(ctx.values['max-spend'], 'max-spend', 0, MAX_SPEND_VND)
    const language = cliLanguage(ctx.env)
    return withSessionsApi(ctx, 'talk', async (api, endpoint) => {
      const budget = await checkTalkBudget(ctx.env, ctx.values['over-budget'] === true)
      const audio = input === null ? { text: text as string } : await readRecording(input)
      const tools = ctx.values['no-tools'] === true ? null : cliToolSet(endpoint)
      const engine = new SessionEngine(
        { api, connect: webSocketConnector(), ...(tools ? { runTool: tools.run } : {}) },
        {
          model,
          costTickMs: 0,
          metadata: clientMetadata('cli'),
          ...(maxSpendVnd !== undefined ? { maxSpendVnd } : {}),
          ...(tools ? { tools: tools.declarations } : {}),
          ...(fast ? { burstMs: FAST_BURST_MS } : {}),
          ...(typeof ctx.values.voice === 'string' ? { voice: ctx.values.voice } : {}),
          ...(typeof ctx.values.instructions === 'string' ? { instructions: ctx.values.instructions } : {}),
        },
      )
      // The turn's cost counts into the day however it ends, a cut at the cap included.
      let counted: Promise<void> = Promise.resolve()
      engine.on((e) => {
        if (e.type === 'summary')
          counted = budget.record(e.summary.sessions[0]?.id ?? null, e.summary.costVnd)
      })
      const result = await talkOnce(engine, audio, { fast }).finally(() => counted)
      await writeFile(out, writeWav({ sampleRateHz: result.replyRateHz, channels: 1, samples: result.reply }))
      const report = toReport(result, model, out)
      if (result.reply.length === 0) {
        // A turn without an answer is a failure: with --json the error object is then all stdout holds.
        if (!ctx.global.json) ctx.stdout.write(renderTalk(report, language))
        throw new CliFailure(
          {
            en: `the model sent no spoken answer (the answer ended ${report.status}).`,
            vi: `mô hình không gửi câu trả lời bằng giọng nói (câu trả lời kết thúc ${report.status}).`,
          },
          EXIT.failure,
          'failure',
          {
            en: "try again; 'loa sessions' shows how the session ended.",
            vi: "thử lại; 'loa sessions' cho biết phiên đã kết thúc thế nào.",
          },
        )
      }
      if (ctx.global.json) ctx.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
      else ctx.stdout.write(renderTalk(report, language))
    })
  },
}

function required(value: unknown, flag: string): string {
  if (typeof value !== 'string' || value === '')
    throw new UsageError({ en: fill(W.required.en, { flag }), vi: fill(W.required.vi, { flag }) })
  return value
}

async function readRecording(path: string): Promise<{ rateHz: number; samples: Float32Array }> {
  let bytes: Uint8Array
  try {
    bytes = await readFile(path)
  } catch (err) {
    throw new CliFailure(
      {
        en: `cannot read ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
        vi: `không đọc được ${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`,
      },
      EXIT.failure,
      'file',
      HINTS.file,
    )
  }
  try {
    const wav = readWav(bytes)
    return { rateHz: wav.sampleRateHz, samples: downmixToMono(wav.samples, wav.channels) }
  } catch (err) {
    if (err instanceof WavFormatError || err instanceof RangeError)
      throw new CliFailure(
        {
          en: `${path} is not a WAV file loa can read: ${err.message}.`,
          vi: `${path} không phải tệp WAV loa đọc được: ${err.message}.`,
        },
        EXIT.failure,
        'file',
        {
          en: 'give a PCM (8, 16, 24 or 32-bit) or float (32 or 64-bit) WAV recording.',
          vi: 'đưa một bản ghi WAV dạng PCM (8, 16, 24 hoặc 32 bit) hoặc số thực (32 hoặc 64 bit).',
        },
      )
    throw err
  }
}

function toReport(r: FileTurnResult, model: string, out: string): TalkReport {
  return {
    sessionId: r.sessionId,
    model,
    user: r.userText,
    answer: r.modelText,
    toolCalls: r.toolCalls,
    status: r.status,
    out,
    replySeconds: Math.round((r.reply.length / r.replyRateHz) * 100) / 100,
    costVnd: r.summary.costVnd,
    tokens: r.summary.tokens.total,
    timings: r.timings,
  }
}

export function renderTalk(r: TalkReport, language: Language = 'en'): string {
  const w = (key: keyof typeof W) => W[key][language]
  const ms = (v: number | null) => (v === null ? DASH : `${Math.round(v)} ms`)
  const timings =
    `${w('create')} ${ms(r.timings.createMs)}, ${w('connect')} ${ms(r.timings.connectMs)}, ` +
    `${fill(w('firstAudio'), { ms: ms(r.timings.firstAudioMs) })}, ` +
    fill(w('total'), { n: (r.timings.totalMs / 1000).toFixed(1) })
  const answer =
    r.status === 'completed'
      ? fill(w('answerSaved'), { out: r.out, n: String(r.replySeconds) })
      : `${r.status}; ${r.out}`
  const cost = r.costVnd === null ? w('unknown') : formatVnd(r.costVnd)
  return renderFields([
    [w('you'), r.user || DASH],
    ...r.toolCalls.map((c): [string, string] => [w('tool'), renderToolCall(c, language)]),
    [w('model'), r.answer || DASH],
    [w('answer'), answer],
    [w('cost'), `${cost} (${counted(r.tokens, UNITS.token, language)})`],
    [w('timings'), timings],
    [w('session'), r.sessionId ?? DASH],
  ])
}

/** `get_balance {} -> {"balanceVnd":…}`, or the error's code and words. */
function renderToolCall(c: TurnToolCall, language: Language): string {
  const call = `${c.name} ${JSON.stringify(c.arguments)}`
  return 'error' in c
    ? `${call} -> ${W.failed[language]}: ${c.error.code}: ${c.error.message}`
    : `${call} -> ${JSON.stringify(c.result)}`
}

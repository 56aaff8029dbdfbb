// Reading long text aloud against the demo service, run as a separate process so that its eSpeak
// synthesis has a core of its own, as the real service's would. Measured in this run:
//   - time to first audio (job start -> onChunk of chunk 0) for a 20,000-character Vietnamese text over
//     that for a 200-character one: SpeechJob with a short first chunk (FIRST_CHUNK_CHARS);
//     reference: the same SpeechJob with every chunk at the model's limit
import { billableChars } from '../../main/api/tts/text-count'
import { TtsClient } from '../../main/api/tts/tts-client'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { demoControl, startDemoProcess, type DemoProcess } from '../demo-process'
import { timeToFirstAudioMs } from '../first-audio'
import { goalFigure, percentile, significant } from '../goal'
import type { SuiteReport } from '../types'

/** Group A's paid model: 4,096 characters a request, as the real one. */
const MODEL = 'openai/tts-1'
/**
 * Added to every API request by the demo's latency fault: a round trip to the gateway plus the
 * provider's time before it starts work, which the in-process demo otherwise lacks.
 */
const LATENCY_MS = 200
const SHORT_CHARS = 200
const LONG_CHARS = 20_000
const REPETITIONS = 7
const GOAL = '<=1.3'
/**
 * WAV, not the Reader's usual MP3: the demo encodes MP3 in JavaScript (lamejs) about four times slower
 * than eSpeak speaks, a cost the real service does not have that would swamp what is measured.
 */
const FORMAT = 'wav'

/** Sentences of ordinary Vietnamese prose; each text numbers its own so none repeats across runs. */
const SENTENCES = [
  'sáng nay trời Hà Nội trong xanh, chúng tôi đi dạo quanh hồ Hoàn Kiếm và ngắm những hàng liễu rủ.',
  'người bán hàng rong gánh xôi, bánh mì và cà phê đi khắp các ngõ nhỏ của phố cổ.',
  'buổi chiều, gió mùa đông bắc tràn về làm nhiệt độ giảm mạnh ở các tỉnh miền núi phía Bắc.',
  'cô giáo dặn học sinh đọc kỹ đề bài trước khi trả lời, vì mỗi câu hỏi đều có một điểm cần chú ý.',
  'chuyến tàu Thống Nhất rời ga Sài Gòn lúc tám giờ tối và đến ga Hà Nội sau hơn ba mươi tiếng.',
  'ở miền Tây, mùa nước nổi mang phù sa về đồng ruộng, và người dân đi chợ bằng xuồng ba lá.',
] as const

type Demo = DemoProcess

interface Arm {
  name: 'ours' | 'reference'
  firstChunkChars: number | undefined
}

const ARMS: readonly Arm[] = [
  { name: 'ours', firstChunkChars: FIRST_CHUNK_CHARS },
  { name: 'reference', firstChunkChars: undefined },
]

export async function run(): Promise<SuiteReport> {
  const demo = await startDemo()
  try {
    const client = new TtsClient({ endpoint: { baseUrl: demo.baseUrl, key: demo.key } })
    const model = (await client.models()).find((m) => m.id === MODEL)
    if (!model?.maxInputChars || model.priceVndPer1M === null)
      throw new Error(`The demo has no ${MODEL} with a limit and a price.`)
    const rules = { maxInputChars: model.maxInputChars, unitPriceVndPer1M: model.priceVndPer1M }
    const texts = textMaker()
    const measure = (arm: Arm, chars: number) =>
      timeToFirstAudioMs(client, {
        model: MODEL,
        voice: 'alloy',
        format: FORMAT,
        rules,
        firstChunkChars: arm.firstChunkChars,
        text: texts.next(chars),
      })

    // Loads eSpeak and warms both code paths; not counted.
    for (const arm of ARMS) await measure(arm, SHORT_CHARS)
    await setLatency(demo, LATENCY_MS)
    const ms: Record<Arm['name'], { short: number[]; long: number[] }> = {
      ours: { short: [], long: [] },
      reference: { short: [], long: [] },
    }
    for (let rep = 0; rep < REPETITIONS; rep++) {
      // Alternating the order keeps a drift in the machine's speed from favouring one arm.
      const arms = rep % 2 === 0 ? ARMS : [...ARMS].reverse()
      for (const arm of arms) {
        ms[arm.name].short.push(await measure(arm, SHORT_CHARS))
        ms[arm.name].long.push(await measure(arm, LONG_CHARS))
      }
    }
    await setLatency(demo, 0)

    const p50 = (values: number[]) => percentile(values, 50)
    const ratio = (arm: Arm['name']) => p50(ms[arm].long) / p50(ms[arm].short)
    const absolute = (arm: Arm['name']) => ({
      chars200: significant(p50(ms[arm].short)),
      chars20000: significant(p50(ms[arm].long)),
    })
    return {
      suite: 'tts',
      method: {
        service: `The demo service in its own process (real eSpeak-NG synthesis, one instance, requests served in turn a sentence at a time), +${LATENCY_MS} ms on every API request (faults.latencyMs); model ${MODEL} (limit ${model.maxInputChars} characters), format ${FORMAT}, voice alloy, ordinary account (ADVANCED_PLUS) with its wallet topped up.`,
        timeToFirstAudio: `From just before the SpeechJob is made (so splitting the text counts) to its onChunk for chunk 0, with the job's default concurrency (2 requests in flight). p50 of ${REPETITIONS} runs per text size and arm; every run reads a text of its own (${SHORT_CHARS} or ${LONG_CHARS.toLocaleString('en')} billable characters of Vietnamese prose) with fresh Idempotency-Keys, so nothing comes from the service's idempotency memory or the demo's synthesis cache. After the first audio the job is cancelled, but requests in flight are let finish so the next run starts on an idle service. One unmeasured run per arm first loads eSpeak.`,
        ratio: `p50 at ${LONG_CHARS.toLocaleString('en')} characters / p50 at ${SHORT_CHARS}. Ours: firstChunkChars ${FIRST_CHUNK_CHARS} (chunks grow ×4 up to the limit). Reference: the same job without firstChunkChars, every chunk at the model's limit.`,
      },
      results: [
        goalFigure(
          'timeToFirstAudio20000Over200',
          GOAL,
          ratio('ours'),
          { everyChunkAtModelLimit: ratio('reference') },
          {
            unit: 'ratio',
            oursMs: absolute('ours'),
            referenceMs: absolute('reference'),
            firstChunkChars: FIRST_CHUNK_CHARS,
            addedLatencyMs: LATENCY_MS,
          },
        ),
      ],
    }
  } finally {
    demo.stop()
  }
}

/** Texts of exactly the asked billable characters, each numbered so no sentence repeats. */
function textMaker() {
  let serial = 0
  return {
    next(chars: number): string {
      serial += 1
      let text = ''
      for (let i = 0; billableChars(text) < chars; i++) {
        text += `Bài ${serial}, câu ${i + 1}: ${SENTENCES[i % SENTENCES.length]} `
      }
      return [...text].slice(0, chars).join('')
    },
  }
}

const startDemo = () => startDemoProcess()

function setLatency(demo: Demo, latencyMs: number): Promise<void> {
  return demoControl(demo, 'faults', { latencyMs })
}

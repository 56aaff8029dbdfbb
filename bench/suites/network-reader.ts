// The network suite's Reader and management half (network.ts runs it per profile): the account read with
// the management client, and a reading synthesized the Reader's way (SpeechJob, a short first chunk, then
// chunks growing to the model's limit), both through the rig's TCP proxy. Right after the first audio the
// connections are reset for a moment, so requests in flight fail and are sent again: the figures are the
// first audio, the retries, and whether the service's ledger charged any chunk twice.
import { ManagementClient } from '../../main/api/management/client'
import { billableChars } from '../../main/api/tts/text-count'
import { TtsClient } from '../../main/api/tts/tts-client'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { SpeechJob } from '../../main/tts/speech-job'
import type { NetworkProfile } from '../netem/profiles'
import type { TcpProxy } from '../netem/tcp-proxy'
import type { DemoProcess } from '../demo-process'
import { goalFigure } from '../goal'
import type { Figure } from '../types'

const MODEL = 'openai/tts-1'
/** Long enough for four chunks of the Reader's growing sizes, short enough for the `slow` link. */
const READING_CHARS = 1_500
/** WAV: the demo's MP3 encoder is slower than its synthesis, a cost the real service does not have. */
const FORMAT = 'wav'
const RESET_MS = 2_000
const NO_GOAL = '>=0'

export const READER_METHOD = {
  reader: `Management and TTS clients through the TCP proxy: GET /me with the management client (ms), then ${READING_CHARS.toLocaleString('en')} billable characters of Vietnamese read with the Reader's SpeechJob (${MODEL}, ${FORMAT}, first chunk ${FIRST_CHUNK_CHARS} characters, then growing; 2 requests in flight), to the end. As the first chunk's audio arrives the proxy resets every connection and refuses new ones for ${RESET_MS} ms. Figures: job start to the first chunk's audio; retries = requests sent less chunks made (each chunk's Idempotency-Key kept across them); extra charges = the demo's ledger entries for the reading (GET /usage through the proxy, model ${MODEL}, since the reading began) less chunks made, goal 0.`,
}

const SENTENCE =
  'sáng nay trời Hà Nội trong xanh, chúng tôi đi dạo quanh hồ Hoàn Kiếm và ngắm những hàng liễu rủ. '

function reading(chars: number, serial: number): string {
  let text = ''
  for (let i = 0; billableChars(text) < chars; i++) text += `Đoạn ${serial}.${i + 1}: ${SENTENCE}`
  return [...text].slice(0, chars).join('')
}

export async function readerThroughRig(
  demo: DemoProcess,
  proxy: TcpProxy,
  profile: NetworkProfile,
  serial: number,
): Promise<Figure[]> {
  const endpoint = { baseUrl: proxy.baseUrl, key: demo.key }
  const management = new ManagementClient({ endpoint })
  const tts = new TtsClient({ endpoint })
  const meStarted = performance.now()
  await management.me()
  const meMs = performance.now() - meStarted
  const model = (await tts.models()).find((m) => m.id === MODEL)
  if (!model?.maxInputChars || model.priceVndPer1M === null)
    throw new Error(`The demo has no ${MODEL} priced.`)
  const since = Date.now()
  let requests = 0
  let firstMs = Number.NaN
  const started = performance.now()
  const job = new SpeechJob({
    client: {
      synthesize: async (request, opts) => {
        const audio = await tts.synthesize(request, opts)
        requests += audio.attempts
        return audio
      },
    },
    request: { model: MODEL, voice: 'alloy', responseFormat: FORMAT },
    text: reading(READING_CHARS, serial),
    rules: { maxInputChars: model.maxInputChars, unitPriceVndPer1M: model.priceVndPer1M },
    firstChunkChars: FIRST_CHUNK_CHARS,
    onChunk: (chunk) => {
      if (chunk.index !== 0) return
      firstMs = performance.now() - started
      proxy.outage(RESET_MS, 'reset')
    },
  })
  const chunks = await job.run()
  const readingMs = performance.now() - started
  // Past the outage before the ledger is read, so the read itself is not what fails.
  await new Promise((resolve) =>
    setTimeout(resolve, Math.max(0, started + firstMs + RESET_MS - performance.now())),
  )
  const usage = await management.usage({ limit: 100 })
  const charges = usage.data.filter((r) => r.model === MODEL && Date.parse(r.date) >= since - 1_000).length
  const labels = { profile: profile.name, transport: 'http', client: 'reader' }
  return [
    goalFigure('managementMeMs', NO_GOAL, meMs, {}, { ...labels, client: 'management' }),
    goalFigure(
      'readingFirstAudioMs',
      NO_GOAL,
      firstMs,
      {},
      {
        ...labels,
        readingMs: Math.round(readingMs),
        chars: READING_CHARS,
      },
    ),
    goalFigure(
      'readingRetries',
      NO_GOAL,
      requests - chunks.length,
      {},
      { ...labels, chunks: chunks.length, requests },
    ),
    goalFigure(
      'readingExtraCharges',
      '<=0',
      charges - chunks.length,
      {},
      { ...labels, charges, chunks: chunks.length },
    ),
  ]
}

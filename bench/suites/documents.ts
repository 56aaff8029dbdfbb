// A whole book opened for reading against the demo service (in its own process, as in the tts suite).
// Measured in this run:
//   - time to first audio of a 300-page PDF (its bytes in hand -> onChunk of chunk 0: the book's opening
//     read in the document worker, then the reading's first, short chunk) over that of a short text;
//     reference: the same waiting for the whole book to be read before the reading starts
import type { ExtractedDocument } from '../../main/documents/types'
import { extractDocumentOffThread } from '../../main/documents/worker'
import { TtsClient } from '../../main/api/tts/tts-client'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { bookPdf } from '../../test/fixtures/documents/samples'
import { demoControl, startDemoProcess } from '../demo-process'
import { timeToFirstAudioMs, type FirstAudioRun } from '../first-audio'
import { goalFigure, percentile, significant } from '../goal'
import type { SuiteReport } from '../types'

const MODEL = 'openai/tts-1'
/** As in the tts suite: a round trip to the gateway and the provider's wait, which the demo lacks. */
const LATENCY_MS = 200
const PAGES = 300
const SHORT_TEXT = 'Xin chào, đây là đoạn văn ngắn để đo thời gian đến âm thanh đầu tiên của một lần đọc. '
const SHORT_CHARS = 200
const REPETITIONS = 5
const GOAL = '<=1.3'
/** WAV for the reason the tts suite gives: the demo's MP3 encoder is slower than the real service's. */
const FORMAT = 'wav'

/** The document a reading starts from (the opening when `opening`, else the whole book), and the whole. */
function readBook(bytes: Uint8Array, opening: boolean) {
  let first: (doc: ExtractedDocument) => void = () => undefined
  const start = new Promise<ExtractedDocument>((resolve) => (first = resolve))
  const file = { name: 'book.pdf', bytes }
  const whole = extractDocumentOffThread(file, opening ? { onOpening: first } : {})
  return { start: Promise.race([start, whole]), whole }
}

export async function run(): Promise<SuiteReport> {
  const demo = await startDemoProcess()
  try {
    const client = new TtsClient({ endpoint: { baseUrl: demo.baseUrl, key: demo.key } })
    const model = (await client.models()).find((m) => m.id === MODEL)
    if (!model?.maxInputChars || model.priceVndPer1M === null)
      throw new Error(`The demo has no ${MODEL} with a limit and a price.`)
    const base = {
      model: MODEL,
      voice: 'alloy',
      format: FORMAT,
      rules: { maxInputChars: model.maxInputChars, unitPriceVndPer1M: model.priceVndPer1M },
      firstChunkChars: FIRST_CHUNK_CHARS,
    } satisfies Omit<FirstAudioRun, 'text'>
    let serial = 0
    // As long as the reading's first chunk, as the tts suite's short text is: both first requests alike.
    const short = () =>
      timeToFirstAudioMs(client, {
        ...base,
        text: [...`${++serial}. ${SHORT_TEXT.repeat(3)}`].slice(0, SHORT_CHARS).join(''),
      })
    // Each book begins with its own heading, so no first chunk comes from the demo's synthesis cache.
    const books = Array.from({ length: REPETITIONS * 2 + 1 }, (_, i) => bookPdf(PAGES, i + 1))
    const book = async (opening: boolean): Promise<number> => {
      const bytes = books.pop() ?? bookPdf(PAGES)
      const started = performance.now()
      const reading = readBook(bytes, opening)
      const doc = await reading.start
      const text = doc.chapters.map((c) => `${c.title}\n\n${c.text}`).join('\n\n')
      const ms = performance.now() - started + (await timeToFirstAudioMs(client, { ...base, text }))
      // The rest of the book is read on before the next run starts, as it would be behind the reading.
      await reading.whole
      return ms
    }

    // Loads eSpeak, pdf.js and the worker's code once; not counted.
    await short()
    await book(true)
    await demoControl(demo, 'faults', { latencyMs: LATENCY_MS })
    const ms = { short: [] as number[], opening: [] as number[], whole: [] as number[] }
    for (let rep = 0; rep < REPETITIONS; rep++) {
      ms.short.push(await short())
      ms.opening.push(await book(true))
      ms.whole.push(await book(false))
    }
    await demoControl(demo, 'faults', { latencyMs: 0 })
    const p50 = (values: number[]) => percentile(values, 50)
    return {
      suite: 'documents',
      method: {
        service: `The demo service in its own process, +${LATENCY_MS} ms on every API request; model ${MODEL}, format ${FORMAT}, voice alloy, first chunk ${FIRST_CHUNK_CHARS} characters (as the Reader reads).`,
        book: `A ${PAGES}-page PDF made by test/fixtures/documents/samples.ts (bookPdf): a running header and a page number on every page, a chapter every 10 pages, about 450 characters a page; each run reads a book of its own.`,
        timeToFirstAudio: `Book: from its bytes in hand to onChunk of chunk 0: its opening (its first pages, main/documents/pdf.ts OPENING_PAGES) read in the document worker (warm: kept between files; run from the sources through tsx), its chapters joined, then the SpeechJob; the reference waits for the whole book instead. Short: a ${SHORT_CHARS}-character text from the job's start to its first audio. p50 of ${REPETITIONS} runs each, after one unmeasured run of each.`,
      },
      results: [
        goalFigure(
          'timeToFirstAudioBook300PagesOverShortText',
          GOAL,
          p50(ms.opening) / p50(ms.short),
          { wholeBookFirst: p50(ms.whole) / p50(ms.short) },
          {
            unit: 'ratio',
            ms: {
              short: significant(p50(ms.short)),
              bookFromOpening: significant(p50(ms.opening)),
              bookWholeFirst: significant(p50(ms.whole)),
            },
            pages: PAGES,
          },
        ),
      ],
    }
  } finally {
    demo.stop()
  }
}

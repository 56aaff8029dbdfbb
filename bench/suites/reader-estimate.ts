// The Reader's price before the click on the longest text it takes (200,000 characters), through
// ReaderService.estimate in this process against the demo service in its own. Measured in this run:
//   - the time from the call to the estimate, p50 of several calls;
//   - the longest stretch main's event loop could not run anything else meanwhile, from a probe that
//     reschedules itself with setImmediate (the gap between two of its turns, and the gap from the last
//     turn before the estimate ended to the first after). On a machine shared with other work this
//     includes the times the OS ran something else, so the figure is the median over calls of each
//     call's longest gap, not the single worst.
// Reference: the same figures for one synchronous pass of the same work (billable characters, then the
// ramped split), which is how the estimate was made before it gave the loop back.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ReaderChoice } from '../../preload/contract'
import { billableChars } from '../../main/api/tts/text-count'
import { EventHub } from '../../main/ipc/event-hub'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { chunkLimitOf } from '../../main/tts/pacing'
import { splitRamped } from '../../main/tts/ramp-split'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService } from '../../main/tts/reader-service'
import { MAX_READER_TEXT } from '../../main/tts/text-limit'
import { startDemoProcess } from '../demo-process'
import { goalFigure, percentile } from '../goal'
import type { SuiteReport } from '../types'

const MODEL = 'openai/tts-1'
/** The model's 4,096-character limit, as the demo lists it; the split uses the Reader's chunk limit of it. */
const MODEL_LIMIT = 4096
const RUNS = 7
const TIME_GOAL = '<100'
const BLOCK_GOAL = '<50'

/** Thai with no spaces and no full stops: the split finds no sentence and segments words by dictionary. */
const THAI = 'สวัสดีครับวันนี้อากาศดีมากเราไปเที่ยวทะเลกันเถอะ'
/** Emoji of one code point and sequences: a ZWJ family, a flag, a skin tone, a keycap. */
const EMOJI = '😀👨‍👩‍👧‍👦🇻🇳👍🏽🌸1️⃣'

/** `unit` repeated to at most `units` UTF-16 units (the Reader's limit), never splitting a code point. */
function fill(unit: string, units: number): string {
  const points = [...unit]
  let text = ''
  for (let i = 0; ; i++) {
    const next = points[i % points.length] as string
    if (text.length + next.length > units) return text
    text += next
  }
}

interface Sample {
  ms: number
  blockMs: number
}

/** Runs `work` while a setImmediate probe measures the longest gap between the loop's turns. */
async function probed(work: () => Promise<unknown>): Promise<Sample> {
  let longest = 0
  let last = performance.now()
  let running = true
  const turn = () => {
    const now = performance.now()
    longest = Math.max(longest, now - last)
    last = now
    if (running) setImmediate(turn)
  }
  setImmediate(turn)
  const started = performance.now()
  await work()
  const ms = performance.now() - started
  running = false
  // The gap that ends with the work is only seen at the loop's next turn.
  await new Promise<void>((resolve) => setImmediate(resolve))
  longest = Math.max(longest, performance.now() - last)
  return { ms, blockMs: longest }
}

export async function run(): Promise<SuiteReport> {
  const demo = await startDemoProcess()
  const dir = await mkdtemp(join(tmpdir(), 'loa-bench-estimate-'))
  try {
    const reader = new ReaderService({
      endpoint: () => ({ baseUrl: demo.baseUrl, key: demo.key }),
      events: new EventHub(),
      history: await ReaderHistory.open({ dir }),
      balanceVnd: () => 50_000_000,
      plan: () => 'ADVANCED_PLUS',
      saveAudio: async () => null,
    })
    const results = []
    for (const [name, unit] of [
      ['thai', THAI],
      ['emoji', EMOJI],
    ] as const) {
      const text = fill(unit, MAX_READER_TEXT)
      const choice: ReaderChoice = { text, model: MODEL, voice: 'alloy', format: 'mp3', speed: 1 }
      // Loads the model list into the Reader's cache and warms both paths; not counted.
      const first = await reader.estimate(choice)
      const oneSyncPass = async () => {
        billableChars(text)
        return splitRamped(text, chunkLimitOf(MODEL_LIMIT, undefined), FIRST_CHUNK_CHARS).length
      }
      const reference = await oneSyncPass()
      if (reference !== first.chunks)
        throw new Error(`${name}: the estimate counts ${first.chunks} chunks, one pass ${reference}.`)
      const ours: Sample[] = []
      const sync: Sample[] = []
      for (let i = 0; i < RUNS; i++) {
        ours.push(await probed(() => reader.estimate(choice)))
        sync.push(await probed(oneSyncPass))
      }
      const p50 = (samples: Sample[], key: keyof Sample) =>
        percentile(
          samples.map((s) => s[key]),
          50,
        )
      const labels = { text: name, utf16Units: text.length, billableChars: first.chars, chunks: first.chunks }
      results.push(
        goalFigure(
          'estimateMs',
          TIME_GOAL,
          p50(ours, 'ms'),
          { oneSyncPass: p50(sync, 'ms') },
          {
            ...labels,
            unit: 'ms',
          },
        ),
        goalFigure(
          'longestLoopBlockMs',
          BLOCK_GOAL,
          p50(ours, 'blockMs'),
          { oneSyncPass: p50(sync, 'blockMs') },
          {
            ...labels,
            unit: 'ms',
            worstOfRunsMs: {
              ours: Math.max(...ours.map((s) => s.blockMs)),
              oneSyncPass: Math.max(...sync.map((s) => s.blockMs)),
            },
          },
        ),
      )
    }
    return {
      suite: 'reader-estimate',
      method: {
        service: `The demo service in its own process; model ${MODEL}, ordinary account; the model list is cached by the first, unmeasured estimate, so what is timed is main's own work.`,
        texts: `${MAX_READER_TEXT.toLocaleString('en')} UTF-16 units (the Reader's limit) of Thai without spaces or full stops, and of emoji (single code points, a ZWJ family, a flag, a skin tone, a keycap).`,
        estimateMs: `ReaderService.estimate from call to result, p50 of ${RUNS} calls.`,
        longestLoopBlockMs: `The longest gap between two turns of a setImmediate probe running beside the estimate: p50 over ${RUNS} calls, the worst call beside it.`,
        reference:
          'oneSyncPass: billableChars then splitRamped over the whole text in one synchronous call, the work the estimate does.',
      },
      results,
    }
  } finally {
    demo.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

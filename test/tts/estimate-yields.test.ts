// The Reader's price of a long text gives main's event loop back while it segments, and its answer is
// the one a single synchronous pass gives: the same chunks, to the character.
import fc from 'fast-check'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { FIRST_CHUNK_CHARS } from '../../main/tts/first-chunk'
import { chunkLimitOf } from '../../main/tts/pacing'
import { splitRamped, splitRampedYielding } from '../../main/tts/ramp-split'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService } from '../../main/tts/reader-service'
import { MAX_READER_TEXT } from '../../main/tts/text-limit'
import { EMOJI, THAI_UNSPACED, repeatTo } from '../support/linear-time'

/** `unit` repeated up to the Reader's limit in UTF-16 units, never splitting a surrogate pair. */
const longText = (unit: string) => {
  const text = repeatTo(unit, MAX_READER_TEXT)
  let end = MAX_READER_TEXT
  if (/[\uD800-\uDBFF]/.test(text.charAt(end - 1))) end -= 1
  return text.slice(0, end)
}

/** How many times the loop turned (a setImmediate probe ran) while `work` was under way. */
async function turnsDuring(work: () => Promise<unknown>): Promise<number> {
  let turns = 0
  let running = true
  const probe = () => {
    if (!running) return
    turns++
    setImmediate(probe)
  }
  setImmediate(probe)
  await work()
  running = false
  return turns
}

describe('the split that gives the loop back', () => {
  it('gives the same chunks as one synchronous pass, for any text and ramp', async () => {
    const piece = fc.constantFrom(
      'Tiếng Việt',
      'Hà Nội',
      '👨‍👩‍👧‍👦',
      '🇻🇳',
      'สวัสดีครับ',
      '你好',
      '. ',
      ' ',
      '\n',
      'é'.normalize('NFD'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 300 }).map((p) => p.join('')),
        fc.integer({ min: 1, max: 300 }),
        fc.integer({ min: 1, max: 60 }),
        async (text, max, first) => {
          expect(await splitRampedYielding(text, max, first)).toEqual(splitRamped(text, max, first))
        },
      ),
      { numRuns: 150 },
    )
  })

  it.each([
    ['Thai without spaces', THAI_UNSPACED],
    ['emoji', EMOJI],
  ])('lets other work run while it splits 200,000 units of %s', async (_name, unit) => {
    const text = longText(unit)
    let chunks: string[] = []
    const turns = await turnsDuring(async () => {
      chunks = await splitRampedYielding(text, 4096, 120)
    })
    expect(chunks.join('')).toBe(text)
    expect(chunks).toEqual(splitRamped(text, 4096, 120))
    // A synchronous pass lets the probe run no time at all.
    expect(turns).toBeGreaterThan(0)
  })
})

describe("the Reader's estimate of a 200,000-character text", () => {
  let demo: DemoServer
  let dir: string
  let reader: ReaderService
  beforeAll(async () => {
    demo = await startDemoServer({ port: 0, seed: 5, mounts: [] })
    dir = await mkdtemp(join(tmpdir(), 'loa-estimate-'))
    reader = new ReaderService({
      endpoint: () => ({ baseUrl: demo.baseUrl, key: demo.keys.ordinary as string }),
      events: new EventHub(),
      history: await ReaderHistory.open({ dir }),
      balanceVnd: () => 10_000_000,
      plan: () => 'ADVANCED_PLUS',
      saveAudio: async () => null,
    })
  })
  afterAll(async () => {
    await demo.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('counts the chunks a reading will send, while the loop keeps turning', async () => {
    const text = longText(THAI_UNSPACED)
    const choice = { text, model: 'openai/tts-1', voice: 'alloy', format: 'mp3', speed: 1 } as const
    await reader.estimate(choice) // the model list, fetched once and cached
    let chunks = -1
    const turns = await turnsDuring(async () => {
      chunks = (await reader.estimate(choice)).chunks
    })
    expect(chunks).toBe(splitRamped(text, chunkLimitOf(4096, undefined), FIRST_CHUNK_CHARS).length)
    expect(turns).toBeGreaterThan(0)
  })
})

// Saving a reading that is not whole, against the real demo service: during a reading, Save writes the
// chunks read so far and both the file's name and the answer say it is partial and which chunks it
// holds; the same reading saved once finished is whole and says nothing of parts; a reading stopped part
// way and downloaded again from the history in a later run is still said to be partial.
import { mkdtemp, rm } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReadingStatus } from '../../preload/contract'
import { choice } from './support/reader-choice'
import { TtsClient } from '../../main/api/tts/tts-client'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { EventHub } from '../../main/ipc/event-hub'
import { durationMs } from '../../main/tts/audio-join'
import { ReaderHistory } from '../../main/tts/reader-history'
import { ReaderService, type SaveAudioRequest } from '../../main/tts/reader-service'

/** Holds every speech request after the first until opened; a new `close()` holds them again. */
class SpeechGate {
  passed = 0
  #open: Promise<void> = Promise.resolve()
  #release: () => void = () => {}

  hold(): void {
    this.passed = 0
    this.#open = new Promise((resolve) => (this.#release = resolve))
  }

  open(): void {
    this.#release()
  }

  async pass(req: IncomingMessage, url: URL): Promise<boolean> {
    if (req.method !== 'POST' || url.pathname !== '/v1/audio/speech') return false
    this.passed += 1
    if (this.passed > 1) await this.#open
    // Not answered here: the demo's own speech route answers.
    return false
  }
}

const gate = new SpeechGate()
let demo: DemoServer
let dir: string
beforeAll(async () => {
  demo = await startDemoServer({
    port: 0,
    seed: 5,
    mounts: [() => ({ handleRequest: (req, _res, url) => gate.pass(req, url) })],
  })
  dir = await mkdtemp(join(tmpdir(), 'loa-save-partial-'))
})
afterAll(async () => {
  gate.open()
  await demo.close()
  await rm(dir, { recursive: true, force: true })
})

async function rig(historyDir: string) {
  const saved: SaveAudioRequest[] = []
  const reader = new ReaderService({
    endpoint: () => ({ baseUrl: demo.baseUrl, key: demo.keys.ordinary as string }),
    events: new EventHub(),
    history: await ReaderHistory.open({ dir: historyDir }),
    balanceVnd: () => 10_000_000,
    plan: () => 'ADVANCED_PLUS',
    saveAudio: async (request) => {
      saved.push(request)
      return { path: `/saved/${request.suggestedName}` }
    },
    client: (endpoint) => new TtsClient({ endpoint, sleep: () => Promise.resolve() }),
    firstChunkChars: 120,
    now: () => demo.context.clock.now(),
  })
  return { reader, saved }
}

function vietnamese(tag: string, chars: number): string {
  let text = ''
  for (let i = 1; text.length < chars; i++) text += `Phần ${tag} câu ${i}: trời Huế mưa nhẹ, phố vắng người. `
  return text.slice(0, chars).trimEnd() + '.'
}

async function until(what: string, pred: () => boolean): Promise<void> {
  const end = Date.now() + 30_000
  while (!pred()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 10))
  }
}

const chunkMs = (r: ReaderService, s: ReadingStatus, index: number) =>
  durationMs(Buffer.from(r.audio(s.id, index).data, 'base64'), 'mp3')

describe('saving a reading that is not whole', { timeout: 60_000 }, () => {
  it('says partial, and which chunks, during a reading; says nothing of parts once it is whole', async () => {
    const { reader, saved } = await rig(await mkdtemp(join(dir, 'h-')))
    gate.hold()
    const started = await reader.read(choice(vietnamese('a', 900)))
    await until('the first chunk', () => reader.snapshot().reading?.chunks[0]?.ready === true)
    const during = reader.snapshot().reading as ReadingStatus
    expect(during.state).toBe('running')
    expect(during.chunksDone).toBe(1)
    const count = during.chunkCount
    expect(count).toBeGreaterThan(2)

    const partial = await reader.save(started.id)
    expect(partial?.partial).toEqual({ parts: 1, of: count })
    expect(saved[0]?.suggestedName).toMatch(
      new RegExp(`^loa-\\d{4}-\\d\\d-\\d\\d-phan-a-cau-1.* \\(partial, parts 1-1 of ${count}\\)\\.mp3$`),
    )
    expect(partial?.path).toBe(`/saved/${saved[0]?.suggestedName}`)
    // The file holds the first chunk's audio, no more.
    expect(durationMs(saved[0]?.bytes as Uint8Array, 'mp3')).toBeCloseTo(chunkMs(reader, during, 0), -2)

    gate.open()
    await until('the whole reading', () => reader.snapshot().reading?.state === 'done')
    const whole = await reader.save(started.id)
    expect(whole?.partial).toBeNull()
    expect(saved[1]?.suggestedName).not.toMatch(/partial|parts/)
    const done = reader.snapshot().reading as ReadingStatus
    const total = done.chunks.reduce((ms, c) => ms + chunkMs(reader, done, c.index), 0)
    expect(durationMs(saved[1]?.bytes as Uint8Array, 'mp3')).toBeCloseTo(total, -2)
  })

  it('says partial when a reading stopped part way is downloaded again from the history', async () => {
    const historyDir = await mkdtemp(join(dir, 'shared-'))
    const first = await rig(historyDir)
    gate.hold()
    const started = await first.reader.read(choice(vietnamese('b', 900)))
    await until('the first chunk', () => first.reader.snapshot().reading?.chunks[0]?.ready === true)
    first.reader.cancel()
    gate.open()
    await first.reader.close()
    const stopped = first.reader.snapshot().reading as ReadingStatus
    expect(stopped.chunksDone).toBeLessThan(stopped.chunkCount)

    // A later run of Loa: the audio comes from the service, the count of chunks from the history.
    const later = await rig(historyDir)
    const [item] = later.reader.history()
    expect(item).toMatchObject({ id: started.id, inMemory: false, chunkCount: stopped.chunkCount })
    const again = await later.reader.save(started.id)
    expect(again?.partial).toEqual({ parts: stopped.chunksDone, of: stopped.chunkCount })
    expect(later.saved[0]?.suggestedName).toContain(
      `(partial, parts 1-${stopped.chunksDone} of ${stopped.chunkCount})`,
    )
  })
})

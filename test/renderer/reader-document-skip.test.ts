// Where a document's reading is, from the chunk playing: a first sentence cut short for a quick start is
// several chunks, so the sentence heard and a skip by sentence go by the chunk's place in the text, not by
// its number.
import { describe, expect, it } from 'vitest'
import type { DocumentReadRequest, ReaderChoice, ReaderDocument, ReadingStatus } from '../../preload/contract'
import { installFakeBridge } from './account-fake-bridge'
import { reading } from './reader-fixtures'

const bridge = installFakeBridge()
// The bridge module reads `window.loa` once, on import: the fake is in place first.
const { ReaderDocumentStore } = await import('../../renderer/stores/reader-document.svelte')
type DocumentHost = ConstructorParameters<typeof ReaderDocumentStore>[0]

const LONG = `${'Một mệnh đề dài, '.repeat(20)}hết câu. `
const DOC: ReaderDocument = {
  id: 'abc',
  name: 'sach.txt',
  format: 'txt',
  title: null,
  chapters: [{ title: 'Một', sentences: [LONG, 'Câu hai. ', 'Câu ba. ', 'Câu bốn.'] }],
  notes: [],
  resume: null,
  spentVnd: 0,
  limitVnd: null,
}

/** The reading main answers for the first sentence on: the long first sentence in two chunks. */
function firstReading(): ReadingStatus {
  const cut = 200
  const edges = [0, cut, LONG.length, LONG.length + 9, LONG.length + 17, LONG.length + 25]
  const status = reading({ count: 5, ready: 5, state: 'done' })
  return {
    ...status,
    chunks: status.chunks.map((c, i) => ({ ...c, start: edges[i] as number, end: edges[i + 1] as number })),
  }
}

function rig() {
  let status: ReadingStatus | null = null
  const seeks: number[] = []
  const host = {
    get reading() {
      return status
    },
    choice: { text: '', model: 'openai/tts-1', voice: 'alloy', format: 'mp3', speed: 1 } as ReaderChoice,
    playback: {
      currentChunk: 0 as number | null,
      state: 'playing',
      seekToChunk: (index: number) => {
        seeks.push(index)
        host.playback.currentChunk = index
        return true
      },
    },
    follow: (s: ReadingStatus) => (status = s),
  }
  const store = new ReaderDocumentStore(host as unknown as DocumentHost)
  store.document = DOC
  return { store, host, seeks }
}

describe('a document reading whose first sentence is several chunks', () => {
  it('shows the sentence the playing chunk is in, and skips to the chunk that starts the next one', async () => {
    bridge.answer('tts:readDocument', () => firstReading())
    const { store, host, seeks } = rig()
    await store.readFrom({ chapter: 0, sentence: 0 })
    expect(store.position).toEqual({ chapter: 0, sentence: 0 })
    // The second chunk is still the first sentence.
    host.playback.currentChunk = 1
    expect(store.position).toEqual({ chapter: 0, sentence: 0 })
    // Next sentence: the second, which is the third chunk.
    await store.skipSentence(1)
    expect(seeks).toEqual([2])
    expect(store.position).toEqual({ chapter: 0, sentence: 1 })
    await store.skipSentence(1)
    expect(seeks).toEqual([2, 3])
    expect(store.position).toEqual({ chapter: 0, sentence: 2 })
    // Back twice: to the start of the first sentence, its first chunk.
    await store.skipSentence(-1)
    await store.skipSentence(-1)
    expect(seeks).toEqual([2, 3, 2, 0])
    expect(store.position).toEqual({ chapter: 0, sentence: 0 })
    const asked = bridge.calls.filter((c) => c.channel === 'tts:readDocument')
    expect(asked.map((c) => (c.request as DocumentReadRequest).sentence)).toEqual([0])
  })
})

// The document open in the Reader: opening a file (its bytes sent to main in parts), its whole price and
// listening time, reading it from a place, skipping by sentence and chapter, and telling main which sentence
// is heard, so synthesis runs on a few sentences ahead and the place is remembered. The reading itself is
// the Reader's: played and highlighted by the ReaderStore like any other.
import type {
  DocumentEstimate,
  DocumentPosition,
  IpcError,
  ReaderChoice,
  ReaderDocument,
  ReadingStatus,
} from '../../preload/contract'
import { DOCUMENT_READING_SENTENCES } from '../../preload/contract'
import { documentParts } from '../lib/document-parts'
import { loa, unwrap } from '../lib/bridge'
import { asIpcError } from './ipc-error'
import type { ReaderPlayback } from './reader-playback.svelte'

/** What a document needs of the Reader: its options, its reading and the player. */
export interface DocumentHost {
  readonly reading: ReadingStatus | null
  readonly choice: ReaderChoice | null
  readonly playback: ReaderPlayback
  follow(status: ReadingStatus, text: string): void
}

/** A reading of the document, and where in it it started. */
interface DocumentRun extends DocumentPosition {
  id: string
}

export class ReaderDocumentStore {
  document: ReaderDocument | null = $state.raw(null)
  /** The file being opened, by name. */
  opening: string | null = $state(null)
  error: IpcError | null = $state.raw(null)
  estimate: DocumentEstimate | null = $state.raw(null)
  estimateError: IpcError | null = $state.raw(null)
  /** The limit the user set for this document, in VND; null: none. */
  limitVnd: number | null = $state(null)
  run: DocumentRun | null = $state.raw(null)

  readonly #reader: DocumentHost
  #uploads = 0
  #estimateSeq = 0
  /** The document, model and voice the price was last asked for, and the speed its listening time is at. */
  #priced: { key: string; speed: number } | null = null
  #lastHeard: string | null = null
  /** The reading that ended a chapter, once the next chapter was asked for. */
  #advanced: string | null = null

  constructor(reader: DocumentHost) {
    this.#reader = reader
  }

  /** The reading being heard is this document's. */
  get reading(): ReadingStatus | null {
    const r = this.#reader.reading
    return r && this.run?.id === r.id ? r : null
  }

  /**
   * The place being heard: the sentence the playing chunk starts in. A sentence is a chunk, except a first
   * one cut short for a quick start, or one over the model's limit: those are several.
   */
  get position(): DocumentPosition | null {
    const run = this.run
    const reading = this.reading
    if (!run || !reading) return null
    const chunk = reading.chunks[this.#reader.playback.currentChunk ?? 0]
    let at = 0
    let sentence = run.sentence
    for (const s of this.#runSentences(run)) {
      if (at + s.length > (chunk?.start ?? 0)) break
      at += s.length
      sentence += 1
    }
    return { chapter: run.chapter, sentence }
  }

  /** The sentences a reading from `run` reads, in order. */
  #runSentences(run: DocumentPosition): string[] {
    const sentences = this.document?.chapters[run.chapter]?.sentences ?? []
    return sentences.slice(run.sentence, run.sentence + DOCUMENT_READING_SENTENCES)
  }

  async open(file: { name: string; arrayBuffer(): Promise<ArrayBuffer> }): Promise<void> {
    const upload = `u${++this.#uploads}`
    this.opening = file.name
    this.error = null
    try {
      const parts = documentParts(upload, file.name, new Uint8Array(await file.arrayBuffer()))
      let doc: ReaderDocument | null = null
      for (const part of parts) doc = await unwrap(loa.tts.openDocument(part))
      if (upload !== `u${this.#uploads}` || !doc) return
      this.document = doc
      this.limitVnd = doc.limitVnd
      this.estimate = null
      this.#priced = null
      this.run = null
    } catch (err) {
      if (upload === `u${this.#uploads}`) this.error = asIpcError(err)
    } finally {
      if (upload === `u${this.#uploads}`) this.opening = null
    }
  }

  /**
   * The whole document's price with the Reader's model and voice, asked for once per document, model and
   * voice: the Reader's options change with every key typed in its text box, and a book's price is
   * counted over all its characters.
   */
  async loadEstimate(): Promise<void> {
    const choice = this.#reader.choice
    if (!this.document || !choice) return
    const key = JSON.stringify([this.document.id, choice.model, choice.voice])
    if (key === this.#priced?.key) return
    this.#priced = { key, speed: choice.speed || 1 }
    const seq = ++this.#estimateSeq
    const { text: _text, ...options } = choice
    try {
      const estimate = await unwrap(loa.tts.documentEstimate(options))
      if (seq === this.#estimateSeq) [this.estimate, this.estimateError] = [estimate, null]
    } catch (err) {
      if (seq !== this.#estimateSeq) return
      this.estimateError = asIpcError(err)
      // Asked again at the next change: the error is not the price.
      this.#priced = null
    }
  }

  /** About how long the whole document takes to hear at the speed chosen now (the price does not move). */
  get listenSeconds(): number | null {
    const estimate = this.estimate
    if (!estimate || !this.#priced) return null
    return Math.round((estimate.listenSeconds * this.#priced.speed) / (this.#reader.choice?.speed || 1))
  }

  /** Reads from a place to its chapter's end, replacing any reading. */
  async readFrom(place: DocumentPosition): Promise<void> {
    const choice = this.#reader.choice
    if (!this.document || !choice) return
    const { text: _text, ...options } = choice
    try {
      const { chapter, sentence } = place
      const request = { ...options, chapter, sentence, limitVnd: this.limitVnd }
      const status = await unwrap(loa.tts.readDocument(request))
      this.run = { id: status.id, chapter, sentence }
      this.error = null
      // The reading's text is the chapter from that sentence on: shown at once, highlight and all.
      this.#reader.follow(status, this.#runSentences(place).join(''))
    } catch (err) {
      this.error = asIpcError(err)
    }
  }

  /** One sentence on or back: heard again from memory where its audio is here, else read from there. */
  async skipSentence(by: 1 | -1): Promise<void> {
    const at = this.position
    const doc = this.document
    const run = this.run
    if (!at || !doc || !run) return
    const sentence = at.sentence + by
    const sentences = doc.chapters[at.chapter]?.sentences.length ?? 0
    if (sentence < 0) return this.skipChapter(-1, true)
    if (sentence >= sentences) return this.skipChapter(1)
    // The chunk that starts the sentence, where this reading has it.
    const offset = this.#runSentences(run)
      .slice(0, sentence - run.sentence)
      .reduce((n, s) => n + s.length, 0)
    const index =
      sentence >= run.sentence ? (this.reading?.chunks.findIndex((c) => c.start === offset) ?? -1) : -1
    if (index >= 0 && this.#reader.playback.seekToChunk(index)) return
    await this.readFrom({ chapter: at.chapter, sentence })
  }

  /** To the next or previous chapter's start (`last`: its last sentence, a sentence back from a start). */
  async skipChapter(by: 1 | -1, last = false): Promise<void> {
    const at = this.position ?? this.run
    const doc = this.document
    if (!at || !doc) return
    const chapter = at.chapter + by
    const target = doc.chapters[chapter]
    if (!target) return
    await this.readFrom({ chapter, sentence: last ? target.sentences.length - 1 : 0 })
  }

  /**
   * Called as playback moves: tells main the chunk heard (once per chunk), and at a chapter's end, heard
   * to the last sentence, goes on with the next chapter.
   */
  tick(): void {
    const reading = this.reading
    const index = this.#reader.playback.currentChunk
    if (!reading || index === null) return
    const key = `${reading.id}:${index}`
    if (key !== this.#lastHeard) {
      this.#lastHeard = key
      void loa.tts.documentHeard({ id: reading.id, index })
    }
    const run = this.run
    const doc = this.document
    const ended = reading.state === 'done' && this.#reader.playback.state === 'ended'
    const next = run && doc ? nextPlace(doc, run) : null
    if (ended && next && this.#advanced !== reading.id) {
      this.#advanced = reading.id
      void this.readFrom(next)
    }
  }
}

/** Where reading goes on after a reading from `run` ends: the rest of its chapter, else the next chapter. */
function nextPlace(doc: ReaderDocument, run: DocumentPosition): DocumentPosition | null {
  const sentence = run.sentence + DOCUMENT_READING_SENTENCES
  if (sentence < (doc.chapters[run.chapter]?.sentences.length ?? 0)) return { chapter: run.chapter, sentence }
  return doc.chapters[run.chapter + 1] ? { chapter: run.chapter + 1, sentence: 0 } : null
}

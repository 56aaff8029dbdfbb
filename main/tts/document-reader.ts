// The Reader's documents: a file opened (in parts, see DocumentUpload) into chapters of sentences, priced
// whole before anything is sent, read from a chosen place one sentence a chunk through the Reader's speech
// job, with synthesis running only a few sentences ahead of the listener and never past the document's
// spending limit; where the listener is, and what the document has cost, remembered by the file's hash.
import { createHash } from 'node:crypto'
import {
  DOCUMENT_READING_SENTENCES,
  type DocumentChoice,
  type DocumentEstimate,
  type DocumentReadRequest,
  type ReaderDocument,
  type ReaderDocumentPart,
  type ReadingStatus,
} from '../../preload/contract'
import type { DocumentFile } from '../documents/extract'
import { DOCUMENT_MAX_BYTES, DocumentError, type ExtractedDocument } from '../documents/types'
import { AppError } from '../errors'
import { MadeAudio } from './document-made'
import type { DocumentPlaces } from './document-places'
import { RunAhead } from './document-runahead'
import { firstWordsOf, readableChapters } from './document-sentences'
import { DocumentUpload } from './document-upload'
import type { ReaderService } from './reader-service'

/**
 * About how fast a voice reads, in characters a second at speed 1 (some 150 words a minute): for the
 * listening time before the click, said as "about".
 */
export const SPOKEN_CHARS_PER_SECOND = 14

export interface DocumentReaderDeps {
  reader: ReaderService
  places: DocumentPlaces
  extract(file: DocumentFile): Promise<ExtractedDocument>
  now?: () => number
}

/** A reading of the open document: where it started, and its run-ahead. */
interface DocumentRunState {
  documentId: string
  chapter: number
  firstSentence: number
  gate: RunAhead
}

export class DocumentReader {
  readonly #deps: DocumentReaderDeps
  readonly #upload = new DocumentUpload()
  readonly #made = new MadeAudio()
  #document: ReaderDocument | null = null
  /** By reading id; only the newest is heard, the others are kept for their late reports. */
  #runs = new Map<string, DocumentRunState>()

  constructor(deps: DocumentReaderDeps) {
    this.#deps = deps
  }

  /** Takes a part of a file; the last part opens it. A file Loa cannot read is refused by its code. */
  async open(part: ReaderDocumentPart): Promise<ReaderDocument | null> {
    let extracted: ExtractedDocument
    let file: DocumentFile | null
    try {
      file = this.#upload.add(part)
      if (!file) return null
      extracted = await this.#deps.extract(file)
    } catch (err) {
      throw err instanceof DocumentError ? documentRefusal(err) : err
    }
    const chapters = readableChapters(extracted.chapters)
    if (chapters.length === 0) throw documentRefusal(new DocumentError('empty', 'the file has no text'))
    const id = createHash('sha256').update(file.bytes).digest('hex')
    this.#made.open(id)
    const entry = this.#deps.places.get(id)
    this.#document = {
      id,
      name: file.name,
      format: extracted.format,
      title: extracted.title,
      chapters,
      notes: extracted.notes,
      resume: entry.place,
      spentVnd: entry.spentVnd,
      limitVnd: entry.limitVnd,
    }
    return this.#document
  }

  /** The whole document's price with `choice`, its parts (a sentence each) and about how long it lasts. */
  async estimate(choice: DocumentChoice): Promise<DocumentEstimate> {
    const doc = this.#open()
    const text = doc.chapters.map((c) => c.sentences.join('')).join('\n\n')
    const estimate = await this.#deps.reader.estimate({ ...choice, text })
    return {
      ...estimate,
      chunks: doc.chapters.reduce((n, c) => n + c.sentences.length, 0),
      listenSeconds: Math.round(estimate.chars / SPOKEN_CHARS_PER_SECOND / (choice.speed || 1)),
    }
  }

  /**
   * Reads the open document from a place on, to its chapter's end or DOCUMENT_READING_SENTENCES, whichever
   * comes first; refused once its limit is reached.
   */
  async read(request: DocumentReadRequest): Promise<ReadingStatus> {
    const doc = this.#open()
    const chapter = doc.chapters[request.chapter]
    if (!chapter || request.sentence >= chapter.sentences.length)
      throw new AppError('not_found', 'That place is not in this document.', {
        code: 'document_place_unknown',
      })
    const { limitVnd, chapter: at, sentence, ...choice } = request
    const { places } = this.#deps
    if (limitVnd !== places.get(doc.id).limitVnd) await places.update(doc.id, { limitVnd })
    doc.limitVnd = limitVnd
    const spentBeforeVnd = places.get(doc.id).spentVnd
    if (limitVnd !== null && spentBeforeVnd >= limitVnd) throw limitReached(spentBeforeVnd, limitVnd)
    const { reader } = this.#deps
    const model = (await reader.models()).models.find((m) => m.id === choice.model)
    const gate = new RunAhead({
      limitVnd,
      spentBeforeVnd,
      unitPriceVndPer1M: model?.unitPriceVndPer1M ?? null,
      freeCharsLeft: await reader.freeCharsLeft(choice.model),
    })
    const parts = chapter.sentences.slice(sentence, sentence + DOCUMENT_READING_SENTENCES)
    const made = this.#made
    const status = await reader.read(
      { ...choice, text: parts.join('') },
      {
        parts,
        admit: gate.admit,
        made: (part, text) => made.get(choice, at, sentence + part, text),
        onAnswered: (chunk) => {
          gate.answered(chunk)
          // Only a chunk that is a whole sentence stands for it; a long sentence's pieces are not kept.
          if (chunk.audio && chunk.part !== null && parts[chunk.part] === chunk.text)
            made.set(choice, at, sentence + chunk.part, chunk.text, chunk.audio)
        },
        onSettled: (spentVnd) => {
          if (spentVnd <= 0) return
          const total = places.get(doc.id).spentVnd + spentVnd
          if (this.#document?.id === doc.id) this.#document.spentVnd = total
          void places.update(doc.id, { spentVnd: total })
        },
      },
    )
    this.#runs = new Map([[status.id, { documentId: doc.id, chapter: at, firstSentence: sentence, gate }]])
    await this.#remember(status.id, 0)
    return status
  }

  /** The listener hears chunk `index` of reading `id`: synthesis may run on, and the place is kept. */
  async heard(id: string, index: number): Promise<void> {
    const run = this.#runs.get(id)
    if (!run) return
    run.gate.heard(index)
    await this.#remember(id, index)
  }

  /** Resolves when every place and cost asked to be written is on disk. */
  flushed(): Promise<void> {
    return this.#deps.places.flushed()
  }

  async #remember(id: string, index: number): Promise<void> {
    const run = this.#runs.get(id)
    const doc = this.#document
    const reading = this.#deps.reader.current
    if (!run || !doc || doc.id !== run.documentId || reading?.id !== id) return
    const chapter = doc.chapters[run.chapter]
    const chunk = reading.status().chunks[index]
    if (!chapter || !chunk) return
    // The sentence the chunk starts in: a sentence over the model's limit is read in several chunks.
    let at = 0
    let sentence = run.firstSentence
    for (const s of chapter.sentences.slice(run.firstSentence)) {
      if (at + s.length > chunk.start) break
      at += s.length
      sentence += 1
    }
    const place = {
      chapter: run.chapter,
      sentence,
      chapterTitle: chapter.title,
      preview: firstWordsOf(chapter.sentences[sentence] ?? ''),
      at: new Date(this.#deps.now?.() ?? Date.now()).toISOString(),
    }
    await this.#deps.places.update(doc.id, { place })
  }

  #open(): ReaderDocument {
    if (!this.#document)
      throw new AppError('not_found', 'No document is open; open a file first.', {
        code: 'document_not_open',
      })
    return this.#document
  }
}

function documentRefusal(err: DocumentError): AppError {
  return new AppError('invalid_input', err.message, {
    cause: err,
    field: 'file',
    code: `document_${err.code}`,
    ...(err.code === 'too_large' ? { params: { limitMb: DOCUMENT_MAX_BYTES / 1024 / 1024 } } : {}),
  })
}

function limitReached(spentVnd: number, limitVnd: number): AppError {
  return new AppError(
    'insufficient_balance',
    `This document has cost ${Math.ceil(spentVnd)} VND, its limit is ${limitVnd} VND: raise the limit to read on.`,
    { code: 'document_spending_limit', params: { spentVnd: Math.ceil(spentVnd), limitVnd } },
  )
}

// A document in the Reader: opened from a file, read sentence by sentence from a chosen place, its place
// remembered per document and its spending kept under the limit the user sets for it.
import type { ReaderEstimate, ReaderFormat } from './reader'

/**
 * A file travels to main in parts: the harness's bridge carries frames of at most 1 MiB, and a book is
 * tens. Each part is at most this many bytes before base64 (4/3 larger after).
 */
export const DOCUMENT_PART_BYTES = 512 * 1024

/**
 * The most sentences one reading of a document takes; the page goes on with the next ones when it ends. A
 * reading's status lists its chunks and is sent on every change: a novel's one-chapter .txt would be
 * thousands of them.
 */
export const DOCUMENT_READING_SENTENCES = 200

/** One part of a file being opened; the last part (`index === count - 1`) opens it. */
export interface ReaderDocumentPart {
  /** The page's name for this upload: a new one drops any unfinished upload. */
  upload: string
  name: string
  /** The whole file's size in bytes: a file over the limit is refused before any part is sent. */
  size: number
  index: number
  count: number
  /** Base64 of the part's bytes. */
  data: string
}

/** Where a listener stands in a document: a chapter, and a sentence in it (both from 0). */
export interface DocumentPosition {
  chapter: number
  sentence: number
}

export interface ReaderDocumentChapter {
  title: string
  /** The chapter's sentences, in order: what is highlighted while it is read. */
  sentences: string[]
}

/** The place a document was left at, offered when the same file is opened again. */
export interface DocumentPlace extends DocumentPosition {
  chapterTitle: string
  /** The first words of the sentence, for recognition. */
  preview: string
  /** ISO time it was heard. */
  at: string
}

export interface ReaderDocument {
  /** A hash of the file's bytes: the same file under another name or path is the same document. */
  id: string
  name: string
  format: string
  title: string | null
  chapters: ReaderDocumentChapter[]
  /** What the extractor left out, in main's words (e.g. "2 tables skipped"). */
  notes: string[]
  /** Where it was left last time; null on a first opening. */
  resume: DocumentPlace | null
  /** Spent on this document so far (every reading of it), and the limit set for it; null: none set. */
  spentVnd: number
  limitVnd: number | null
}

/** What the model, voice, format and speed are for a document: the text comes from the document. */
export type DocumentChoice = { model: string; voice: string | null; format: ReaderFormat; speed: number }

/** The price of the whole document before anything is sent, with its parts and listening time. */
export interface DocumentEstimate extends ReaderEstimate {
  /** About how long the whole document takes to hear, in seconds, at the chosen speed. */
  listenSeconds: number
}

export interface DocumentReadRequest extends DocumentChoice, DocumentPosition {
  /** The most this document may cost, readings before included; null: no limit. */
  limitVnd: number | null
}

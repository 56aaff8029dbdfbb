// Audio already made for an open document's sentences, by the voice it was made in: paid for once, it is
// heard again without a new charge when the listener skips back to it, or forward to sentences an earlier
// reading made ahead. A new reading starts from this, asking the service only for what is missing.
import type { DocumentChoice } from '../../preload/contract'
import type { SpeechAudio } from '../api/tts/tts-client'

/**
 * Sentences kept, the most recently made first to stay: a few minutes of listening each way, some
 * megabytes of audio, far more than the run-ahead makes between two skips.
 */
export const MADE_SENTENCES_KEPT = 120

export class MadeAudio {
  #documentId: string | null = null
  /** By voice and place; oldest first. The text is kept to check a sentence is the one made. */
  readonly #made = new Map<string, { text: string; audio: SpeechAudio }>()

  /** Forgets everything made for another document. */
  open(documentId: string): void {
    if (documentId === this.#documentId) return
    this.#documentId = documentId
    this.#made.clear()
  }

  get(choice: DocumentChoice, chapter: number, sentence: number, text: string): SpeechAudio | null {
    const made = this.#made.get(keyOf(choice, chapter, sentence))
    return made?.text === text ? made.audio : null
  }

  set(choice: DocumentChoice, chapter: number, sentence: number, text: string, audio: SpeechAudio): void {
    const key = keyOf(choice, chapter, sentence)
    this.#made.delete(key)
    this.#made.set(key, { text, audio })
    for (const oldest of this.#made.keys()) {
      if (this.#made.size <= MADE_SENTENCES_KEPT) break
      this.#made.delete(oldest)
    }
  }
}

function keyOf(choice: DocumentChoice, chapter: number, sentence: number): string {
  return JSON.stringify([choice.model, choice.voice, choice.format, choice.speed, chapter, sentence])
}

// The user's audio not yet committed to the conversation, addressed by absolute sample position
// (samples since the session's first audio), so VAD positions can cut it exactly.

export class InputBuffer {
  #chunks: Int16Array[] = []
  #startSample = 0
  #endSample = 0

  get endSample(): number {
    return this.#endSample
  }

  get lengthSamples(): number {
    return this.#endSample - this.#startSample
  }

  append(pcm: Int16Array): void {
    this.#chunks.push(pcm)
    this.#endSample += pcm.length
  }

  /** Removes and returns the audio from `fromSample` (or the start) to the end. */
  take(fromSample = this.#startSample): Int16Array {
    const all = this.#joined()
    const from = Math.max(0, Math.min(all.length, fromSample - this.#startSample))
    this.clear()
    return all.slice(from)
  }

  /** Discards everything buffered. */
  clear(): void {
    this.#chunks = []
    this.#startSample = this.#endSample
  }

  /** Keeps only the newest `keepSamples`; used between turns in VAD mode. */
  trimTo(keepSamples: number): void {
    if (this.lengthSamples <= keepSamples) return
    const all = this.#joined()
    this.#chunks = [all.slice(all.length - keepSamples)]
    this.#startSample = this.#endSample - keepSamples
  }

  #joined(): Int16Array {
    if (this.#chunks.length === 1) return this.#chunks[0] ?? new Int16Array(0)
    const out = new Int16Array(this.lengthSamples)
    let at = 0
    for (const c of this.#chunks) {
      out.set(c, at)
      at += c.length
    }
    this.#chunks = [out]
    return out
  }
}

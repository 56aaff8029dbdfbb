// Rate conversion between the WebRTC track (Opus at 48 kHz) and the demo model (16 kHz in, 24 kHz out).
// Both ratios are whole numbers, so a short average down and a linear interpolation up are enough for speech.

/** 48 kHz to 16 kHz: each output sample is the mean of three inputs, which also filters what would alias. */
export function downsample48kTo16k(pcm48k: Int16Array): Int16Array {
  const out = new Int16Array(Math.floor(pcm48k.length / 3))
  for (let i = 0; i < out.length; i++) {
    const at = i * 3
    out[i] = Math.round(((pcm48k[at] ?? 0) + (pcm48k[at + 1] ?? 0) + (pcm48k[at + 2] ?? 0)) / 3)
  }
  return out
}

/**
 * 24 kHz to 48 kHz. Each input sample is preceded by the midpoint from the one before, which is carried
 * over between calls so the model's 200 ms deltas join without a click.
 */
export class Upsampler24kTo48k {
  #previous = 0

  convert(pcm24k: Int16Array): Int16Array {
    const out = new Int16Array(pcm24k.length * 2)
    for (let i = 0; i < pcm24k.length; i++) {
      const sample = pcm24k[i] ?? 0
      out[2 * i] = Math.round((this.#previous + sample) / 2)
      out[2 * i + 1] = sample
      this.#previous = sample
    }
    return out
  }

  /** After a clear the next audio starts from silence, not from where the cut audio stopped. */
  reset(): void {
    this.#previous = 0
  }
}

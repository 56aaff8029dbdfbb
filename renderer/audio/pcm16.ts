// The microphone crosses to main as signed 16-bit PCM, half the bytes of Float32 and all the precision the
// realtime socket sends anyway. Main reads a sample back as `s / 32768` (int16ToFloat in main/audio/pcm.ts),
// so the page scales by the same 32768: a round trip then misses by at most half a step, and by one step
// only where +1.0 clips to 32767. (Scaling by 32767 here against 32768 there would shrink every sample by
// one part in 32768 and miss by up to 1.5 steps.) The renderer cannot import main: this is the page's copy
// of main's floatToInt16Sample, and test/audio-port/pcm16.test.ts holds the two to the same answers.

const INT16_SCALE = 32768

/** One sample, full scale ±1, as Int16; out-of-range input clips, NaN becomes 0 (silence). */
export function pcm16Sample(value: number): number {
  const scaled = Math.round(value * INT16_SCALE)
  // NaN fails both comparisons; `|| 0` makes it (and -0) a plain 0.
  return scaled > 32767 ? 32767 : scaled < -32768 ? -32768 : scaled || 0
}

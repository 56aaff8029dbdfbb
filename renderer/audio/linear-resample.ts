// Main resamples the model's voice to the rate the page announced; this covers the moment before it
// heard the announcement, so a voice at another rate still plays at its own pitch.

export function resampleLinear(input: Float32Array, fromHz: number, toHz: number): Float32Array {
  if (fromHz === toHz || input.length === 0) return input
  const length = Math.max(1, Math.round((input.length * toHz) / fromHz))
  const out = new Float32Array(length)
  const step = fromHz / toHz
  const last = input.length - 1
  for (let i = 0; i < length; i++) {
    const x = i * step
    const k = Math.min(Math.floor(x), last)
    const frac = x - k
    const a = input[k] as number
    const b = input[Math.min(k + 1, last)] as number
    out[i] = a + (b - a) * frac
  }
  return out
}

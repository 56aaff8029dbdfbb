// Sample-rate conversion for the synthesizer's output. Linear interpolation is enough for speech at these
// rates; when going down, a short moving average first removes most of what would alias.

export function resampleInt16(input: Int16Array, fromHz: number, toHz: number): Int16Array {
  if (fromHz === toHz || input.length === 0) return input.slice()
  const source = toHz < fromHz ? boxFilter(input, Math.max(1, Math.round(fromHz / toHz))) : input
  const outLength = Math.max(1, Math.round((input.length * toHz) / fromHz))
  const out = new Int16Array(outLength)
  const step = fromHz / toHz
  const last = source.length - 1
  for (let i = 0; i < outLength; i++) {
    const pos = i * step
    const i0 = Math.min(last, Math.floor(pos))
    const i1 = Math.min(last, i0 + 1)
    const frac = pos - i0
    out[i] = Math.round((source[i0] as number) * (1 - frac) + (source[i1] as number) * frac)
  }
  return out
}

function boxFilter(input: Int16Array, width: number): Int16Array {
  if (width <= 1) return input
  const out = new Int16Array(input.length)
  let sum = 0
  for (let i = 0; i < input.length; i++) {
    sum += input[i] as number
    if (i >= width) sum -= input[i - width] as number
    out[i] = Math.round(sum / Math.min(i + 1, width))
  }
  return out
}

// Seeded randomness. Each consumer draws from its own named stream, so adding a draw in one place (say,
// one more usage record) never changes what another place (say, the API keys) gets for the same seed.

export type Rng = () => number

/** FNV-1a over the seed and stream name, as a 32-bit starting state. */
function hashSeed(seed: number, stream: string): number {
  let h = 0x811c9dc5
  const text = `${seed}:${stream}`
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

/** mulberry32: small, fast, and good enough for demo data. Returns floats in [0, 1). */
export function createRng(seed: number, stream: string): Rng {
  let state = hashSeed(seed, stream)
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export function randomInt(rng: Rng, min: number, maxInclusive: number): number {
  return min + Math.floor(rng() * (maxInclusive - min + 1))
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[Math.floor(rng() * items.length)]
  if (item === undefined) throw new RangeError('pick() from an empty list')
  return item
}

/** Picks by weight; `weights[i]` belongs to `items[i]`. */
export function pickWeighted<T>(rng: Rng, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0)
  let r = rng() * total
  for (let i = 0; i < items.length; i++) {
    r -= weights[i] ?? 0
    if (r < 0) return items[i] as T
  }
  return items[items.length - 1] as T
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'

export function randomString(rng: Rng, length: number, alphabet = BASE62): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng() * alphabet.length)]
  return out
}

// Identifiers: a fixed prefix, then random characters from the service's seeded random source.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function randomId(prefix: string, random: () => number, length = 20): string {
  let out = prefix
  for (let i = 0; i < length; i++) out += ALPHABET[Math.floor(random() * ALPHABET.length)] ?? 'x'
  return out
}

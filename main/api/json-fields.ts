// Safe reads from parsed JSON: frames come from the network, so no field is trusted to exist or to
// have its documented type.

export type JsonObject = Record<string, unknown>

export function obj(v: unknown): JsonObject | null {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as JsonObject) : null
}

export function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null
}

export function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

/** A count: finite and not negative, otherwise 0. */
export function count(v: unknown): number {
  const n = num(v)
  return n !== null && n > 0 ? n : 0
}

export function arr(v: unknown): readonly unknown[] {
  return Array.isArray(v) ? v : []
}

/**
 * A table lookup that only sees the table's own keys: a frame whose type is `constructor` or `__proto__`
 * must not reach `Object.prototype`.
 */
export function own<T>(table: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined
}

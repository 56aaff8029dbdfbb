// `limit` and `days`: the spec gives defaults and maxima only. The demo's rule, documented in README:
// absent or empty -> default; a whole number above the maximum -> clamped to it; zero, negative,
// fractional or non-numeric -> 400 invalid_request_error (code invalid_parameter, param = the name).

export type ParamResult = { ok: true; value: number } | { ok: false; message: string }

export function boundedCount(url: URL, name: string, defaultValue: number, max: number): ParamResult {
  const raw = url.searchParams.get(name)
  if (raw === null || raw.trim() === '') return { ok: true, value: defaultValue }
  if (!/^[+-]?\d+$/.test(raw.trim())) {
    return { ok: false, message: `'${name}' must be a whole number between 1 and ${max}; got '${raw}'.` }
  }
  const n = Number(raw)
  if (n < 1) return { ok: false, message: `'${name}' must be at least 1; got ${raw}.` }
  return { ok: true, value: Math.min(n, max) }
}

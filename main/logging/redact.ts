// The one function every log line passes through before it is kept anywhere (file, recent lines, support
// bundle): it takes out the API keys and session tokens the client has used, and anything shaped like a
// credential that slipped into a message, so no log can hand a key to whoever reads it.

/** Shorter strings would blank ordinary words; keys and tokens are far longer. */
const MIN_SECRET_CHARS = 8
/**
 * A session token lives 60 s and works once (realtime-api.md), so old ones are harmless; the bound keeps
 * a long-running app from growing the list. Keys are few and stay while the process runs.
 */
const MAX_REMEMBERED = 256

export const REDACTED = '[redacted]'

/** Credential shapes, for a secret that reached a message before the client reported it. */
const SHAPES: readonly [RegExp, string][] = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [/\bsk-[A-Za-z0-9_-]{8,}/g, REDACTED],
  [/([?&](?:token|key|api_key|access_token|client_secret)=)[^&\s"'#]+/gi, `$1${REDACTED}`],
  [
    /("(?:token|key|api_?key|authorization|client_secret|session_token|x-api-key)"\s*:\s*")(?:[^"\\]|\\.)*"/gi,
    `$1${REDACTED}"`,
  ],
]

export class Redactor {
  readonly #secrets: string[] = []

  /** From now on, `secret` is taken out of every line. */
  keepOut(secret: string): void {
    if (secret.length < MIN_SECRET_CHARS || this.#secrets.includes(secret)) return
    this.#secrets.push(secret)
    if (this.#secrets.length > MAX_REMEMBERED) this.#secrets.shift()
  }

  redact(text: string): string {
    let out = text
    // Longest first, so a token that contains a shorter secret is still taken out whole.
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) {
      out = out.split(secret).join(REDACTED)
      // A secret inside a JSON line is escaped the way JSON escapes it.
      const escaped = JSON.stringify(secret).slice(1, -1)
      if (escaped !== secret) out = out.split(escaped).join(REDACTED)
    }
    for (const [shape, replacement] of SHAPES) out = out.replace(shape, replacement)
    return out
  }
}

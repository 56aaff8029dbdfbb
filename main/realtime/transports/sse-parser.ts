// A Server-Sent Events decoder (the WHATWG "event stream" rules): text arrives in arbitrary pieces, and
// events come out whole. Lines end in CRLF, LF or CR; a blank line dispatches; `:` starts a comment;
// `data` lines join with "\n"; an `id` is remembered for Last-Event-ID; `retry` sets the reconnection
// delay. The gateway leaves its frame format "not shown", so nothing here assumes more than the standard.

export interface SseEvent {
  /** `message` when the stream names none. */
  type: string
  data: string
  /** The last id the stream set, which is what a reconnection resumes after. */
  lastEventId: string
}

/** A line longer than this is not an event the gateway would send; it is dropped, not buffered forever. */
const MAX_LINE_CHARS = 1024 * 1024

export class SseParser {
  #pending = ''
  /** A CR ended the last piece: an LF opening the next one belongs to it. */
  #skipLf = false
  #data: string[] = []
  #hasData = false
  #type = ''
  #lastEventId = ''
  #retryMs: number | null = null
  #overlong = false

  get lastEventId(): string {
    return this.#lastEventId
  }

  /** The delay the stream asked for before reconnecting, if it did. */
  get retryMs(): number | null {
    return this.#retryMs
  }

  /** Decoded text in; the events it completes out. */
  push(text: string): SseEvent[] {
    // A streaming TextDecoder gives '' for a piece that holds only part of a character; such a piece
    // between a CR and its LF must not end the CR's wait, or the LF would read as a blank line.
    if (text === '') return []
    const out: SseEvent[] = []
    let start = 0
    let i = 0
    if (this.#skipLf && text.startsWith('\n')) start = i = 1
    this.#skipLf = false
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i)
      if (c !== 10 && c !== 13) continue
      this.#line(this.#pending + text.slice(start, i), out)
      this.#pending = ''
      this.#overlong = false
      if (c === 13) {
        if (i + 1 === text.length) this.#skipLf = true
        else if (text.charCodeAt(i + 1) === 10) i++
      }
      start = i + 1
    }
    if (!this.#overlong) this.#pending += text.slice(start)
    if (this.#pending.length > MAX_LINE_CHARS) {
      this.#pending = ''
      this.#overlong = true
    }
    return out
  }

  #line(line: string, out: SseEvent[]): void {
    if (this.#overlong) return
    if (line === '') return this.#dispatch(out)
    if (line.startsWith(':')) return
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    let value = colon < 0 ? '' : line.slice(colon + 1)
    if (value.startsWith(' ')) value = value.slice(1)
    switch (field) {
      case 'data':
        this.#data.push(value)
        this.#hasData = true
        return
      case 'event':
        this.#type = value
        return
      case 'id':
        if (!value.includes('\0')) this.#lastEventId = value
        return
      case 'retry':
        if (/^\d+$/.test(value)) this.#retryMs = Number(value)
        return
      default:
        // Unknown fields are ignored, as the standard says.
        return
    }
  }

  #dispatch(out: SseEvent[]): void {
    if (this.#hasData) {
      out.push({ type: this.#type || 'message', data: this.#data.join('\n'), lastEventId: this.#lastEventId })
    }
    this.#data = []
    this.#hasData = false
    this.#type = ''
  }
}

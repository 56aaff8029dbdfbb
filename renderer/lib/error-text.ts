// An error from main in the user's language: what happened, then what to do next. Main's own message is
// written for logs, in English; main names the error with a code (the service's, or Loa's own) and the
// figures it states, and the dictionary says it. The sentence is chosen by code, else by kind, else main's
// message is all there is.
import type { ErrorKind, IpcError, Language } from '../../preload/contract'
import { formatNumber, formatVnd } from './format'
import { isMessageKey, type MessageKey } from './i18n/translate'

/** The UI's words: its dictionary and language (the app store is one). */
export interface Words {
  t: (key: MessageKey, params?: Record<string, string | number>) => string
  language: Language
}

/** The parts of an error its words depend on; a voice problem and a reading's error are ones too. */
export interface ErrorLike {
  kind: ErrorKind | 'terminated'
  message: string
  code?: string | null | undefined
  params?: IpcError['params']
  retryAfterMs?: number | undefined
}

export interface ErrorWords {
  /** What happened. */
  what: string
  /** What to do next; null only when main's message stands alone. */
  next: string | null
}

const HOLE = /\{\w+\}/

export function errorWords(error: ErrorLike, words: Words): ErrorWords {
  const params = paramsOf(error, words.language)
  const say = (key: string): string | null => {
    if (!isMessageKey(key)) return null
    const text = words.t(key, params)
    // A sentence that needs a figure main did not send is not this error's sentence.
    return HOLE.test(text) ? null : text
  }
  if (error.code) {
    const what = say(`error.code.${error.code}`)
    if (what !== null)
      return { what, next: say(`error.code.${error.code}.next`) ?? say(`error.${error.kind}.next`) }
  }
  const what = say(`error.${error.kind}`)
  if (what !== null) return { what, next: say(`error.${error.kind}.next`) }
  return { what: error.message, next: null }
}

/** The error as one sentence pair: "Not enough balance in the wallet. Top up, then try again." */
export function errorText(error: ErrorLike, words: Words): string {
  const { what, next } = errorWords(error, words)
  return next === null ? what : `${what} ${next}`
}

/** Figures in the user's language: `...Vnd` amounts as money, other numbers grouped. */
function paramsOf(error: ErrorLike, lang: Language): Record<string, string | number> {
  // No Retry-After: the limits are per minute (management-api.md, realtime-api.md "Limits").
  const out: Record<string, string | number> = {
    seconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 60_000) / 1000)),
  }
  for (const [name, value] of Object.entries(error.params ?? {})) {
    if (typeof value !== 'number') out[name] = value
    else out[name] = /Vnd$/.test(name) ? formatVnd(value, lang) : formatNumber(value, lang)
  }
  return out
}

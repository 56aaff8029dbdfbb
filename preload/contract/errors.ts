// Errors as they cross IPC: plain data, because Electron forwards only an Error's message.
/** What went wrong, as a kind the renderer can say in the user's words. */
export type ErrorKind =
  | 'invalid_input' // the payload failed validation
  | 'auth' // 401: key missing, invalid or revoked
  | 'forbidden' // 403: reseller/internal account on Account & Usage, or a model not allowed for this key
  | 'account_locked' // 403: disabled account or 24-hour security lock
  | 'not_found'
  | 'rate_limit' // 429: wait retryAfterMs
  | 'insufficient_balance' // the wallet cannot pay: 402, or 400 `insufficient_balance` (tts-api.md "Errors")
  | 'blocked' // refused before reaching the API: the edge protection layer (its error 1010) or a proxy
  | 'network' // no answer from the service
  | 'server' // 5xx
  | 'protocol' // the service answered something we could not understand
  | 'storage' // settings or files could not be written
  | 'keychain' // the OS keychain failed
  | 'unavailable' // the feature cannot work on this machine
  | 'internal'

export interface IpcError {
  kind: ErrorKind
  /** Main's words, in English, for logs; the renderer says the error from its dictionary by code or kind. */
  message: string
  retryAfterMs?: number
  /** For invalid_input and protocol errors: the offending field's path. */
  field?: string
  /**
   * What exactly went wrong: the service's error code (`insufficient_balance`, `model_not_found`, ...) or one
   * of Loa's own (`edge_blocked`, `base_url_not_https`, ...). The renderer's dictionary has a sentence for
   * the codes it knows and falls back to the kind.
   */
  code?: string
  /** The figures and names the code's sentence states (`{ format: 'ogg' }`), for saying it in any language. */
  params?: Record<string, string | number>
  /** The service's `request_id`, to quote to support; null when the service sent none. */
  requestId?: string | null
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

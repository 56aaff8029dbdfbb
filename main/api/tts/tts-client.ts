// Speech synthesis over the gateway: the model and voice lists, one synthesis per chunk with idempotent
// retries (tts-retry.ts), and re-download of stored audio. Returns bytes plus what the headers say; the
// spec does not name the headers that carry the job id or the charge, so each is null when absent.
import { GatewayError } from '../gateway-error'
import { gatewayRequest, type GatewayEndpoint, type RequestOptions } from '../http'
import { parseBody, protocolError } from '../management/parse'
import { withRetries, type RetryPolicy, type RequestWait, type Sleep } from './tts-retry'
import { ttsModelListSchema, ttsVoiceListSchema, type TtsModel, type TtsVoiceList } from './tts-schemas'

import type { TtsFormat } from './tts-rules'

export type { TtsFormat }

export interface SpeechRequest {
  model: string
  input: string
  /** Optional only for the multi-vendor group (the model's default voice is used). */
  voice?: string
  responseFormat?: TtsFormat
  speed?: number
}

export interface SynthesizeOptions {
  /** One key per chunk, the same on every attempt: a retry then never charges twice. */
  idempotencyKey: string
  signal?: AbortSignal
  /** Per attempt; long inputs take a while to synthesize. */
  timeoutMs?: number
  /**
   * Awaited before each retry with the error of the attempt before it; throwing stops the retries with
   * that error. The key holds only 60 s (tts-api.md "Idempotency"): a late retry may need checking first.
   */
  beforeRetry?: (failed: unknown) => Promise<void>
  /** This request's waits, in place of the client's `onWait`. */
  onWait?: (wait: RequestWait | null) => void
}

export interface SpeechAudio {
  bytes: Uint8Array
  contentType: string
  /** `X-Job-Id`, for `download`. */
  jobId: string | null
  billedChars: number | null
  /** What this answer charged; 0 on a replay of an earlier result. */
  costVnd: number | null
  /** True when the service returned an earlier result for the same key. */
  replay: boolean | null
  sampleRateHz: number | null
  expiresAt: string | null
  attempts: number
}

export interface DownloadedAudio {
  bytes: Uint8Array
  contentType: string
  jobId: string
  expiresAt: string | null
}

/** Sends one request and returns the successful Response; every failure is a GatewayError. */
export type TtsTransport = (path: string, opts: RequestOptions) => Promise<Response>

export interface TtsClientOptions {
  endpoint: GatewayEndpoint
  transport?: TtsTransport
  sleep?: Sleep
  policy?: RetryPolicy
  /**
   * Told when a request waits before trying again because the service asked it to (a 429's or 409's
   * Retry-After), and with null once that request has settled, so the wait can be shown while it lasts.
   */
  onWait?: (wait: RequestWait | null) => void
}

const SYNTH_TIMEOUT_MS = 120_000
const SPEECH_PATH = '/v1/audio/speech'

/** Which request field a 400's error code points at (for the UI to highlight it). */
const FIELD_FOR_CODE: Record<string, string> = {
  input_too_long: 'input',
  missing_parameter: 'input',
  unsupported_format: 'response_format',
  invalid_voice: 'voice',
  model_not_found: 'model',
  invalid_parameter: 'speed',
}

export class TtsClient {
  readonly #transport: TtsTransport
  readonly #sleep: Sleep | undefined
  readonly #policy: RetryPolicy | undefined
  readonly #onWait: ((wait: RequestWait | null) => void) | undefined

  constructor(opts: TtsClientOptions) {
    const { endpoint } = opts
    this.#transport = opts.transport ?? ((path, o) => gatewayRequest(endpoint, path, o))
    this.#sleep = opts.sleep
    this.#policy = opts.policy
    this.#onWait = opts.onWait
  }

  async models(signal?: AbortSignal): Promise<TtsModel[]> {
    return this.#json('/v1/models/tts', ttsModelListSchema, { signal })
  }

  /** Without `model`: the V3 list with aliases; with a multi-vendor model: that model's voices. */
  async voices(model?: string, signal?: AbortSignal): Promise<TtsVoiceList> {
    return this.#json('/v1/audio/voices', ttsVoiceListSchema, { query: { model }, signal })
  }

  async synthesize(request: SpeechRequest, opts: SynthesizeOptions): Promise<SpeechAudio> {
    const body = {
      model: request.model,
      input: request.input,
      ...(request.voice === undefined ? {} : { voice: request.voice }),
      ...(request.responseFormat === undefined ? {} : { response_format: request.responseFormat }),
      ...(request.speed === undefined ? {} : { speed: request.speed }),
    }
    let failed: unknown
    const attempt = async (n: number) => {
      if (n > 1) await opts.beforeRetry?.(failed)
      try {
        return await send()
      } catch (err) {
        failed = err
        throw err
      }
    }
    const send = async () => {
      const res = await this.#transport(SPEECH_PATH, {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': opts.idempotencyKey, Accept: 'audio/*' },
        timeoutMs: opts.timeoutMs ?? SYNTH_TIMEOUT_MS,
        ...(opts.signal ? { signal: opts.signal } : {}),
      })
      return { res, bytes: await readAudio(res, SPEECH_PATH) }
    }
    try {
      const { value, attempts } = await this.#retrying(attempt, opts.signal, opts.onWait)
      const h = value.res.headers
      return {
        bytes: value.bytes,
        contentType: contentTypeOf(value.res),
        jobId: h.get('x-job-id'),
        billedChars: numberHeader(h, 'x-billed-characters'),
        costVnd: numberHeader(h, 'x-cost-vnd'),
        replay: boolHeader(h, 'x-idempotent-replay'),
        sampleRateHz: numberHeader(h, 'x-sample-rate-hz'),
        expiresAt: h.get('x-audio-expires-at'),
        attempts,
      }
    } catch (err) {
      throw explainRefusal(err, request.model)
    }
  }

  /** Stored audio of an earlier synthesis; free. 404: never stored or unknown, 410: expired. */
  async download(jobId: string, signal?: AbortSignal): Promise<DownloadedAudio> {
    const path = `${SPEECH_PATH}/${encodeURIComponent(jobId)}/download`
    const send = async () => {
      const res = await this.#transport(path, {
        headers: { Accept: 'audio/*' },
        timeoutMs: SYNTH_TIMEOUT_MS,
        ...(signal ? { signal } : {}),
      })
      return { res, bytes: await readAudio(res, path) }
    }
    const { value } = await this.#retrying(send, signal)
    return {
      bytes: value.bytes,
      contentType: contentTypeOf(value.res),
      jobId: value.res.headers.get('x-job-id') ?? jobId,
      expiresAt: value.res.headers.get('x-audio-expires-at'),
    }
  }

  async #retrying<T>(
    send: (attempt: number) => Promise<T>,
    signal: AbortSignal | undefined,
    onWait = this.#onWait,
  ): Promise<{ value: T; attempts: number }> {
    let waited = false
    try {
      return await withRetries(send, {
        signal,
        ...(this.#sleep ? { sleep: this.#sleep } : {}),
        ...(this.#policy ? { policy: this.#policy } : {}),
        onRetry: (decision) => {
          if (decision.reason === 'failure' || !onWait) return
          waited = true
          onWait({ reason: decision.reason, untilMs: Date.now() + decision.waitMs })
        },
      })
    } finally {
      if (waited) onWait?.(null)
    }
  }

  async #json<S extends Parameters<typeof parseBody>[0]>(
    path: string,
    schema: S,
    opts: RequestOptions,
  ): Promise<ReturnType<typeof parseBody<S>>> {
    const { value } = await this.#retrying(async () => {
      const res = await this.#transport(path, opts)
      const text = await readText(res)
      try {
        return JSON.parse(text) as unknown
      } catch (cause) {
        throw protocolError(path, '(body)', 'it is not JSON', cause)
      }
    }, opts.signal)
    return parseBody(schema, value, path)
  }
}

/** A body cut short is a lost connection: retried like one, under the same key. */
async function readAudio(res: Response, path: string): Promise<Uint8Array> {
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(await res.arrayBuffer())
  } catch (cause) {
    throw lostConnection(cause)
  }
  const declared = numberHeader(res.headers, 'content-length')
  if (declared !== null && declared !== bytes.length) throw lostConnection(undefined)
  if (/json|text\//i.test(res.headers.get('content-type') ?? ''))
    throw protocolError(path, 'Content-Type', `expected audio, got ${res.headers.get('content-type')}`)
  if (bytes.length === 0) throw protocolError(path, '(body)', 'the audio is empty')
  return bytes
}

async function readText(res: Response): Promise<string> {
  try {
    return await res.text()
  } catch (cause) {
    throw lostConnection(cause)
  }
}

function lostConnection(cause: unknown): GatewayError {
  return new GatewayError(
    'network',
    'The connection dropped while the audio was arriving.',
    { status: null, code: null, requestId: null },
    cause === undefined ? {} : { cause },
  )
}

/**
 * A 400 keeps the service's own words (they name the model's real limit, formats or voices). A short
 * wallet is a 400 too, but not a mistake in the request: it stays `insufficient_balance`.
 */
function explainRefusal(err: unknown, model: string): unknown {
  if (!(err instanceof GatewayError) || err.details.status !== 400 || err.kind !== 'invalid_input') return err
  const field = err.details.code === null ? undefined : FIELD_FOR_CODE[err.details.code]
  const said = err.message.startsWith('The service answered') ? null : err.message
  const message = said ?? `The service refused this request for model '${model}' without saying why.`
  return new GatewayError('invalid_input', message, err.details, {
    cause: err,
    ...(field === undefined ? {} : { field }),
  })
}

function contentTypeOf(res: Response): string {
  return (res.headers.get('content-type') ?? 'application/octet-stream').split(';')[0]?.trim() ?? ''
}

function numberHeader(h: Headers, name: string): number | null {
  const v = h.get(name)
  if (v === null || v.trim() === '') return null
  const n = Number(v)
  return Number.isFinite(n) ? n : null
}

function boolHeader(h: Headers, name: string): boolean | null {
  const v = h.get(name)?.toLowerCase()
  return v === 'true' ? true : v === 'false' ? false : null
}

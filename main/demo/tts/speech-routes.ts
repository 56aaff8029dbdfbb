// POST /v1/audio/speech and GET /v1/audio/speech/{job_id}/download.
//
// Order of checks on POST: key and lock (401/403) -> body (400) -> Idempotency-Key replay or 409 ->
// model, allowlist (403), input, format, speed, voice, length (400, free) -> identical-body replay or 409 ->
// RPM/RPD (429) -> key at its spending limit (403, only when the request costs something) -> balance (400)
// -> synthesis (502 if empty) -> charge -> store -> answer.
import { retryAfterSeconds } from '../core/clock'
import { randomString } from '../core/rng'
import type { SeededAccount } from '../accounts/directory'
import { roundVnd } from '../billing/money'
import { CONTENT_TYPES } from '../encode/index'
import { readJsonBody } from '../http/body'
import { sendBytes, sendEnvelope, sendError } from '../http/respond'
import type { RouteCall, Router } from '../http/router'
import { iso, vnMonth } from '../core/vn-time'
import type { DemoServiceContext } from '../service-context'
import { AudioStore, type AudioJob } from './audio-store'
import { IdempotencyMemory } from './idempotency'
import { isFreeModel, type TtsModelDef } from './models'
import { TtsRateLimiter } from './rate-limits'
import { isSilent, OUTPUT_SAMPLE_RATE_HZ, renderSpeech } from './speak'
import { parseSpeechRequest, type SpeechJob } from './speech-request'

/** How long a client should wait before retrying a request that is still running (real seconds). */
export const DUPLICATE_RETRY_AFTER_SEC = 3
const SWEEP_EVERY_MS = 10 * 60_000

interface SpeechResult {
  job: AudioJob
  bytes: Buffer
  chars: number
  costVnd: number
}

export interface SpeechRoutes {
  resetLimits(): void
  close(): void
}

export function mountSpeechRoutes(router: Router, ctx: DemoServiceContext): SpeechRoutes {
  const limiter = new TtsRateLimiter(ctx.clock)
  const memory = new IdempotencyMemory<SpeechResult>(ctx.clock)
  const store = new AudioStore(ctx.clock, () => ctx.behaviour.audioStoreMaxBytes)
  /** Characters of the Classic model used per account and Vietnamese calendar month. */
  const freeCharsUsed = new Map<string, number>()
  const sweeper = ctx.clock.setInterval(() => {
    store.sweep()
    memory.sweep()
  }, SWEEP_EVERY_MS)
  sweeper.unref()

  function billedCost(
    account: SeededAccount,
    model: TtsModelDef,
    chars: number,
  ): { costVnd: number; freeChars: number } {
    const full = (chars / 1e6) * model.priceVndPer1M
    if (!model.freeCharsPerMonth) return { costVnd: roundVnd(full), freeChars: 0 }
    const monthKey = `${account.id}:${vnMonth(ctx.clock.now())}`
    const left = Math.max(0, model.freeCharsPerMonth - (freeCharsUsed.get(monthKey) ?? 0))
    const freeChars = Math.min(left, chars)
    return { costVnd: roundVnd(((chars - freeChars) / 1e6) * model.priceVndPer1M), freeChars }
  }

  function sendResult(call: RouteCall, r: SpeechResult, replay: boolean): void {
    sendBytes(call.res, 200, r.job.contentType, r.bytes, {
      'X-Job-Id': r.job.jobId,
      'X-Audio-Stored': String(r.job.stored),
      'X-Audio-Expires-At': iso(r.job.expiresAtMs),
      'X-Sample-Rate-Hz': String(OUTPUT_SAMPLE_RATE_HZ),
      'X-Billed-Characters': String(r.chars),
      'X-Cost-VND': String(replay ? 0 : r.costVnd),
      'X-Idempotent-Replay': String(replay),
    })
  }

  function sendDuplicate(call: RouteCall): void {
    sendError(
      call.res,
      409,
      'duplicate_request',
      'invalid_request_error',
      'An identical request is still running. Retry shortly to receive its result.',
      null,
      { 'Retry-After': String(DUPLICATE_RETRY_AFTER_SEC) },
    )
  }

  async function produce(
    call: RouteCall,
    account: SeededAccount,
    job: SpeechJob,
    memoryKey: string,
    atSpendLimit: boolean,
  ): Promise<void> {
    const { costVnd, freeChars } = billedCost(account, job.model, job.chars)
    if (atSpendLimit && costVnd > 0) {
      memory.abandon(memoryKey)
      return spendLimit(call, costVnd)
    }
    if (costVnd > ctx.ledger.balanceVND(account)) {
      memory.abandon(memoryKey)
      return insufficient(call, costVnd, ctx.ledger.balanceVND(account))
    }
    const startedMs = ctx.clock.now()
    let rendered: { pcm: Int16Array; bytes: Buffer }
    try {
      rendered = await renderSpeech(ctx.speech, job)
    } catch (err) {
      memory.abandon(memoryKey)
      throw err
    }
    if (isSilent(rendered.pcm)) {
      memory.abandon(memoryKey)
      return sendError(
        call.res,
        502,
        'upstream_error',
        'upstream_error',
        'The model returned empty audio. Try again.',
      )
    }
    const charged = ctx.ledger.charge(account, costVnd, {
      date: iso(startedMs),
      completedAt: iso(ctx.clock.now()),
      model: job.model.id,
      inputTokens: job.chars,
      outputTokens: 0,
      totalTokens: job.chars,
      cacheHitTokens: 0,
      reasoningTokens: 0,
      costVND: costVnd,
      costBeforeDiscount: costVnd,
      discountPercent: 0,
      keySource: 'PRIMARY',
    })
    if (!charged.ok) {
      memory.abandon(memoryKey)
      return insufficient(call, costVnd, ctx.ledger.balanceVND(account))
    }
    if (freeChars > 0) {
      const monthKey = `${account.id}:${vnMonth(startedMs)}`
      freeCharsUsed.set(monthKey, (freeCharsUsed.get(monthKey) ?? 0) + freeChars)
    }
    const stored = store.put(
      {
        jobId: `tts_${randomString(ctx.random, 24)}`,
        accountId: account.id,
        format: job.format,
        contentType: CONTENT_TYPES[job.format],
        bytes: rendered.bytes,
      },
      account.plan,
    )
    const result: SpeechResult = { job: stored, bytes: rendered.bytes, chars: job.chars, costVnd }
    memory.complete(memoryKey, result)
    sendResult(call, result, false)
  }

  router.post('/v1/audio/speech', async (call) => {
    const arrivedMs = ctx.clock.now()
    const auth = ctx.authenticate(call.req)
    if (!auth.ok) return sendEnvelope(call.res, auth.status, auth.body)
    const account = auth.account as SeededAccount
    const body = await readJsonBody(call.req)
    if (!body.ok) {
      // The rest of a body refused for its size is never read, so the connection cannot carry another.
      const headers: Record<string, string> = body.status === 413 ? { Connection: 'close' } : {}
      return sendError(call.res, body.status, body.code, 'invalid_request_error', body.message, null, headers)
    }

    const header = call.req.headers['idempotency-key']
    const idemKey = typeof header === 'string' && header !== '' ? header : undefined
    if (idemKey !== undefined) {
      const seen = memory.lookup(IdempotencyMemory.key(account.id, idemKey, ''))
      if (seen.kind === 'running') return sendDuplicate(call)
      if (seen.kind === 'done') return sendResult(call, seen.result, true)
    }

    const parsed = parseSpeechRequest(body.value, account)
    if (!parsed.ok) {
      const r = parsed.refusal
      return sendError(call.res, r.status, r.code, r.type, r.message, r.param)
    }
    const job = parsed.job
    const memoryKey = IdempotencyMemory.key(account.id, idemKey, job.identity)
    if (idemKey === undefined) {
      const seen = memory.lookup(memoryKey)
      if (seen.kind === 'running') return sendDuplicate(call)
      if (seen.kind === 'done') return sendResult(call, seen.result, true)
    }

    const admitted = limiter.admit(account.id, account.plan, isFreeModel(job.model))
    if (!admitted.ok) {
      const seconds = retryAfterSeconds(ctx.clock, admitted.retryAfterMs)
      return sendError(
        call.res,
        429,
        'rate_limit_exceeded',
        'rate_limit_error',
        `Requests per ${admitted.window === 'day' ? 'day' : 'minute'} for ${isFreeModel(job.model) ? 'free' : 'paid'} models on your plan exceeded. Retry after ${seconds} s.`,
        null,
        { 'Retry-After': String(seconds) },
      )
    }

    memory.begin(memoryKey, arrivedMs)
    await produce(call, account, job, memoryKey, auth.atSpendLimit === true)
  })

  router.get('/v1/audio/speech/:job_id/download', (call) => {
    const auth = ctx.authenticate(call.req)
    if (!auth.ok) return sendEnvelope(call.res, auth.status, auth.body)
    const jobId = call.params.job_id ?? ''
    const found = store.download(jobId, auth.account.id)
    switch (found.kind) {
      case 'missing':
        return sendError(
          call.res,
          404,
          'not_found',
          'not_found_error',
          `No audio with job id '${jobId}'.`,
          'job_id',
        )
      case 'not_stored':
        return sendError(
          call.res,
          404,
          'not_found',
          'not_found_error',
          `The audio of job '${jobId}' was larger than ${ctx.behaviour.audioStoreMaxBytes} bytes and was not stored. It is in your usage history only.`,
          'job_id',
        )
      case 'expired':
        return sendError(
          call.res,
          410,
          'audio_expired',
          'invalid_request_error',
          `The audio of job '${jobId}' has passed its retention period and was deleted. Generate it again.`,
          'job_id',
        )
      case 'ok':
        return sendBytes(call.res, 200, found.job.contentType, found.job.bytes, {
          'Content-Disposition': `attachment; filename="${found.job.jobId}.${found.job.format === 'opus' ? 'ogg' : found.job.format}"`,
          'X-Job-Id': found.job.jobId,
          'X-Audio-Expires-At': iso(found.job.expiresAtMs),
          'X-Sample-Rate-Hz': String(OUTPUT_SAMPLE_RATE_HZ),
        })
    }
  })

  return {
    resetLimits() {
      limiter.reset()
      memory.clear()
    },
    close: () => clearInterval(sweeper),
  }
}

/**
 * The key's own spending limit, not the wallet: 403 like the other refusals of what a key may do, so a
 * client does not read it as "top up" (the wallet's 400 insufficient_balance).
 */
function spendLimit(call: RouteCall, costVnd: number): void {
  sendError(
    call.res,
    403,
    'api_key_spend_limit',
    'permission_error',
    `This API key has reached its spending limit; this request would cost ${costVnd} VND. Raise the limit in the dashboard or use another key. The free model still works.`,
  )
}

function insufficient(call: RouteCall, costVnd: number, balanceVnd: number): void {
  sendError(
    call.res,
    400,
    'insufficient_balance',
    'invalid_request_error',
    `Insufficient balance: this request costs ${costVnd} VND and the wallet holds ${balanceVnd} VND. Top up to continue.`,
  )
}

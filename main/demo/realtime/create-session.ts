// POST /v1/realtime/sessions: the checks in the order a client meets them, then a new session.
// Statuses for codes the spec leaves open: 400 bad parameter / not configured / video, 404 unknown
// model, 409 concurrent limit, 402 wallet too low, 429 creation rate, 503 no route.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { DemoAccount, DemoContext, PlanCode } from '../context'
import { parseCreateBody, resolveParams } from './create-params'
import type { RealtimeDialect } from './dialect'
import { readJsonBody, retryAfterHeader, sendJson } from './http-util'
import { randomId } from './ids'
import { estimatedVndPerMin, findModel, isConfigured } from './models'
import type { SlidingWindowLimit } from './rate-limit'
import { RealtimeSession } from './session'
import { sessionJson } from './session-json'
import type { SessionStore } from './session-store'
import type { SessionTokens } from './tokens'

export const CONCURRENT_SESSIONS: Record<PlanCode, number> = {
  FREE: 3,
  BASIC: 10,
  ADVANCED_PLUS: 20,
  ULTRA: 50,
}
const SESSION_ID_PREFIX = 'sess_'

export interface CreateDeps {
  ctx: DemoContext
  store: SessionStore
  tokens: SessionTokens
  rateLimit: SlidingWindowLimit
  /** Models switched off by the control endpoint, to produce realtime_no_route. */
  unroutable: Set<string>
  dialect: RealtimeDialect
}

export async function createSession(
  d: CreateDeps,
  req: IncomingMessage,
  res: ServerResponse,
  account: DemoAccount,
  apiKey: string,
): Promise<void> {
  const { ctx } = d
  const invalid = (status: number, code: string, message: string, param: string | null = null): void =>
    ctx.sendError(res, status, code, 'invalid_request_error', message, param)

  const waitMs = d.rateLimit.attempt(account.id, ctx.clock.now())
  if (waitMs > 0) {
    const message =
      'More than 60 session creations in a minute for this account; wait before creating another.'
    const headers = retryAfterHeader(ctx.clock, waitMs)
    return ctx.sendError(res, 429, 'rate_limit_exceeded', 'rate_limit_error', message, null, headers)
  }
  const body = await readJsonBody(req)
  if (!body.ok) return invalid(body.status, body.code, body.message)
  const parsed = parseCreateBody(body.value)
  if (!parsed.ok) return invalid(400, parsed.error.code, parsed.error.message, parsed.error.param)

  const model = findModel(parsed.value.model)
  if (!model) {
    return invalid(
      404,
      'model_not_found',
      `Unknown realtime model '${parsed.value.model}'; see GET /v1/realtime/models.`,
      'model',
    )
  }
  if (!isConfigured(model)) {
    const message = `Model '${model.id}' has no complete price table; choose another model.`
    return invalid(400, 'realtime_model_not_configured', message, 'model')
  }
  if (d.unroutable.has(model.id)) {
    const message = `Model '${model.id}' is temporarily unavailable; retry later or choose another model.`
    return ctx.sendError(res, 503, 'realtime_no_route', 'api_error', message, 'model')
  }
  if (parsed.value.input.video && !model.acceptsVideo) {
    return invalid(
      400,
      'realtime_video_not_allowed',
      `Model '${model.id}' does not accept video; set input.video to false.`,
      'input.video',
    )
  }
  const resolved = resolveParams(parsed.value, model)
  if (!resolved.ok) return invalid(400, resolved.error.code, resolved.error.message, resolved.error.param)

  const limit = CONCURRENT_SESSIONS[account.plan]
  if (d.store.openCount(account.id) >= limit) {
    const message = `The ${account.plan} plan allows ${limit} concurrent realtime sessions; end an older session first.`
    return invalid(409, 'realtime_session_limit', message)
  }
  const perMin = estimatedVndPerMin(model, account.plan) ?? 0
  const balance = ctx.ledger.balanceVND(account)
  if (balance < perMin) {
    const message = `The wallet holds ${balance} VND; a session needs at least one minute at ${perMin} VND.`
    return ctx.sendError(res, 402, 'insufficient_balance', 'billing_error', message)
  }

  const session = new RealtimeSession(ctx, d.tokens, {
    id: randomId(SESSION_ID_PREFIX, ctx.random, 24),
    account,
    apiKey,
    params: resolved.value,
    estimatedVndPerMin: perMin,
    onFinished: () => {},
  })
  d.store.add(session)
  sendJson(res, 200, sessionJson(session, ctx.baseUrl(), d.dialect))
}

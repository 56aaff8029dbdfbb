// The thirteen GET endpoints under /v1/management. Every call: authenticate, count against the key's
// 60-per-minute budget, refuse reseller and internal accounts on the Account & Usage group, then answer.
import { retryAfterSeconds } from '../core/clock'
import type { SeededAccount } from '../accounts/directory'
import { EMBEDDING_MODELS } from '../catalog/embedding-models'
import { IMAGE_MODELS } from '../catalog/image-models'
import { TEXT_MODELS } from '../catalog/text-models'
import { VIDEO_MODELS } from '../catalog/video-models'
import {
  catalogSummary,
  embeddingModelView,
  findModelView,
  imageModelView,
  textModelView,
  videoModelView,
} from '../catalog/views'
import { SlidingWindow } from '../limits/sliding-window'
import { sendEnvelope, sendError, sendJson } from '../http/respond'
import type { RouteCall, Router } from '../http/router'
import type { DemoServiceContext } from '../service-context'
import { dailyUsage, usageByModel, usageStats } from './aggregates'
import { boundedCount } from './params'
import { pooledQuota } from './pooled-quota'
import { computeSavings, SavingsCache } from './savings'

export const MANAGEMENT_REQUESTS_PER_MINUTE = 60
const PREFIX = '/v1/management'

type Group = 'account' | 'catalog'
type Answer = { status: number; body: unknown } | { json: unknown }

export interface ManagementRoutes {
  resetLimits(): void
}

export function mountManagementRoutes(router: Router, ctx: DemoServiceContext): ManagementRoutes {
  const perKey = new SlidingWindow(ctx.clock, 60_000)
  const savingsCache = new SavingsCache()

  function route(
    path: string,
    group: Group,
    answer: (account: SeededAccount, call: RouteCall) => Answer | void,
  ) {
    router.get(PREFIX + path, (call) => {
      const auth = ctx.authenticate(call.req)
      if (!auth.ok) return sendEnvelope(call.res, auth.status, auth.body)
      const admitted = perKey.admit(auth.key, MANAGEMENT_REQUESTS_PER_MINUTE)
      if (!admitted.ok) {
        const seconds = retryAfterSeconds(ctx.clock, admitted.retryAfterMs)
        return sendError(
          call.res,
          429,
          'rate_limit_exceeded',
          'rate_limit_error',
          `Rate limit of ${MANAGEMENT_REQUESTS_PER_MINUTE} requests per minute exceeded. Retry after ${seconds} s.`,
          null,
          { 'Retry-After': String(seconds) },
        )
      }
      const account = auth.account as SeededAccount
      if (group === 'account' && (account.kind === 'reseller' || account.kind === 'internal')) {
        return sendError(
          call.res,
          403,
          'insufficient_permissions',
          'permission_error',
          `${account.kind === 'reseller' ? 'Reseller' : 'Internal'} accounts cannot use the Account & Usage endpoints.`,
        )
      }
      const result = answer(account, call)
      if (!result) return
      if ('json' in result) sendJson(call.res, 200, result.json)
      else sendJson(call.res, result.status, result.body)
    })
  }

  const records = (a: SeededAccount) => ctx.ledger.records(a)

  route('/me', 'account', (a) => ({
    json: {
      id: a.id,
      email: a.email,
      name: a.name,
      plan: a.plan,
      planExpiresAt: a.planExpiresAt,
      balance: { totalVND: ctx.ledger.balanceVND(a), realVND: a.wallet.realVND, bonusVND: a.wallet.bonusVND },
    },
  }))

  route('/usage', 'account', (a, call) => {
    const limit = boundedCount(call.url, 'limit', 50, 200)
    if (!limit.ok) return invalidParam(call, 'limit', limit.message)
    const all = records(a)
    return { json: { data: all.slice(0, limit.value), total: all.length } }
  })

  route('/usage/daily', 'account', (a, call) => {
    const days = boundedCount(call.url, 'days', 7, 365)
    if (!days.ok) return invalidParam(call, 'days', days.message)
    return { json: { data: dailyUsage(records(a), days.value, ctx.clock.now()) } }
  })

  route('/usage/models', 'account', (a) => ({ json: { data: usageByModel(records(a)) } }))
  route('/usage/stats', 'account', (a) => ({ json: usageStats(records(a), ctx.clock.now()) }))
  route('/cliproxy-quota', 'account', (a) => ({
    json: pooledQuota(ctx.seed, a, records(a), ctx.clock.now()),
  }))
  route('/savings', 'account', (a) => ({
    json: savingsCache.get(a.id, ctx.clock.now(), () => computeSavings(records(a))),
  }))

  route('/models', 'catalog', () => ({ json: catalogSummary() }))
  route('/models/text', 'catalog', (a) => ({
    json: { data: TEXT_MODELS.map((m) => textModelView(m, a.plan)), total: TEXT_MODELS.length },
  }))
  route('/models/image', 'catalog', (a) => ({
    json: { data: IMAGE_MODELS.map((m) => imageModelView(m, a.plan)), total: IMAGE_MODELS.length },
  }))
  // The spec's video list has no `total`.
  route('/models/video', 'catalog', (a) => ({
    json: { data: VIDEO_MODELS.map((m) => videoModelView(m, a.plan)) },
  }))
  route('/models/embedding', 'catalog', (a) => ({
    json: {
      data: EMBEDDING_MODELS.map((m) => embeddingModelView(m, a.plan)),
      total: EMBEDDING_MODELS.length,
    },
  }))
  route('/models/:model_id*', 'catalog', (a, call) => {
    const modelId = call.params.model_id ?? ''
    const view = findModelView(modelId, a.plan)
    if (view) return { json: view }
    const message = `Model '${modelId}' not found. List the available models with GET /v1/management/models.`
    if (ctx.behaviour.modelNotFoundShape === 'flat')
      return { status: 404, body: { error: 'model_not_found', message } }
    sendError(call.res, 404, 'model_not_found', 'invalid_request_error', message, 'model_id')
  })

  return { resetLimits: () => perKey.reset() }
}

function invalidParam(call: RouteCall, param: string, message: string): void {
  sendError(call.res, 400, 'invalid_parameter', 'invalid_request_error', message, param)
}

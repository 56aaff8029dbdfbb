// The loopback-only control endpoint for tests and scripts: read wallets and state, switch faults and
// behaviours, move the service clock, reset rate-limit windows. Refused for any non-loopback peer and for
// any request from a web page (Origin header), since it can change balances.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import type { KeyName } from '../accounts/directory'
import { readJsonBody } from '../http/body'
import { isFromBrowserPage, isLoopbackPeer } from '../http/loopback'
import { sendError, sendJson } from '../http/respond'
import type { DemoServiceContext } from '../service-context'
import { resetFaults } from './faults'

export const CONTROL_PREFIX = '/__demo/'

const faultsPatch = z
  .object({
    dropWebSocketAfterMs: z.number().nonnegative().nullable(),
    failNext: z
      .object({ count: z.number().int().positive(), status: z.union([z.literal(500), z.literal(502)]) })
      .nullable(),
    latencyMs: z.number().nonnegative(),
    rateLimitBurst: z
      .object({ count: z.number().int().positive(), retryAfterSec: z.number().int().nonnegative() })
      .nullable(),
    terminateOnCommit: z
      .object({ count: z.number().int().positive(), reason: z.string().max(200) })
      .nullable(),
    failChannel: z.object({ count: z.number().int().positive() }).nullable(),
    failSdp: z
      .object({
        count: z.number().int().positive(),
        status: z.union([z.literal(500), z.literal(502), z.literal(503)]),
      })
      .nullable(),
    sdpConflict: z.object({ count: z.number().int().positive() }).nullable(),
    toolCallNext: z
      .object({
        count: z.number().int().positive(),
        name: z.string().max(64),
        args: z.record(z.string(), z.unknown()).default({}),
      })
      .nullable(),
    lateEndEvent: z
      .object({ count: z.number().int().positive(), delayMs: z.number().int().positive().max(60_000) })
      .nullable(),
  })
  .partial()
  .strict()

const behaviourPatch = z
  .object({
    modelNotFoundShape: z.enum(['envelope', 'flat']),
    audioStoreMaxBytes: z.number().int().nonnegative(),
  })
  .partial()
  .strict()

const walletPatch = z
  .object({
    key: z.string(),
    realVND: z.number().nonnegative().optional(),
    bonusVND: z.number().nonnegative().optional(),
  })
  .strict()

const clockPatch = z.object({ advanceMs: z.number().nonnegative() }).strict()

export interface ControlHooks {
  resetLimits(): void
}

function state(ctx: DemoServiceContext) {
  const keyNames = new Map(
    ctx.directory.keys.filter((k) => k.status === 'active').map((k) => [k.accountId, k.name]),
  )
  return {
    now: new Date(ctx.clock.now()).toISOString(),
    timeScale: ctx.clock.timeScale,
    seed: ctx.seed,
    accounts: ctx.accounts.map((a) => ({
      key: keyNames.get(a.id) as KeyName,
      id: a.id,
      name: a.name,
      email: a.email,
      plan: a.plan,
      kind: a.kind,
      wallet: { realVND: a.wallet.realVND, bonusVND: a.wallet.bonusVND, totalVND: ctx.ledger.balanceVND(a) },
      usageRecords: ctx.ledger.records(a).length,
      ...(a.lockedUntilMs ? { lockedUntil: new Date(a.lockedUntilMs).toISOString() } : {}),
      ...(a.modelAllowlist ? { modelAllowlist: a.modelAllowlist } : {}),
    })),
    faults: ctx.faults,
    behaviour: ctx.behaviour,
  }
}

export function isControlClient(req: IncomingMessage): boolean {
  return isLoopbackPeer(req) && !isFromBrowserPage(req)
}

export function refuseControl(res: ServerResponse): void {
  sendError(
    res,
    403,
    'control_forbidden',
    'permission_error',
    'The demo control endpoint answers loopback clients only.',
  )
}

/** Answers a request under /__demo/. */
export async function handleControl(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: DemoServiceContext,
  hooks: ControlHooks,
): Promise<void> {
  if (!isControlClient(req)) return refuseControl(res)
  const path = url.pathname.slice(CONTROL_PREFIX.length)
  const method = req.method ?? 'GET'

  if (method === 'GET' && path === 'state') return sendJson(res, 200, state(ctx))
  if (method === 'GET' && path === 'faults') return sendJson(res, 200, ctx.faults)
  if (method !== 'POST')
    return sendError(
      res,
      404,
      'not_found',
      'invalid_request_error',
      `No control route ${method} ${url.pathname}.`,
    )

  const body = await readJsonBody(req)
  const value = body.ok ? body.value : undefined
  const invalid = (message: string) =>
    sendError(res, 400, 'invalid_parameter', 'invalid_request_error', message)

  switch (path) {
    case 'faults': {
      const patch = faultsPatch.safeParse(value)
      if (!patch.success) return invalid(patch.error.message)
      Object.assign(ctx.faults, patch.data)
      return sendJson(res, 200, ctx.faults)
    }
    case 'faults/reset':
      resetFaults(ctx.faults)
      return sendJson(res, 200, ctx.faults)
    case 'behaviour': {
      const patch = behaviourPatch.safeParse(value)
      if (!patch.success) return invalid(patch.error.message)
      Object.assign(ctx.behaviour, patch.data)
      return sendJson(res, 200, ctx.behaviour)
    }
    case 'wallet': {
      const patch = walletPatch.safeParse(value)
      if (!patch.success) return invalid(patch.error.message)
      const record = ctx.directory.keys.find((k) => k.name === patch.data.key || k.key === patch.data.key)
      const account = record && ctx.accounts.find((a) => a.id === record.accountId)
      if (!account) return invalid(`No account for key '${patch.data.key}'.`)
      ctx.ledger.setWallet(account, patch.data)
      return sendJson(res, 200, { ...account.wallet, totalVND: ctx.ledger.balanceVND(account) })
    }
    case 'clock': {
      const patch = clockPatch.safeParse(value)
      if (!patch.success) return invalid(patch.error.message)
      ctx.clock.advance(patch.data.advanceMs)
      return sendJson(res, 200, { now: new Date(ctx.clock.now()).toISOString() })
    }
    case 'limits/reset':
      hooks.resetLimits()
      return sendJson(res, 200, { ok: true })
    default:
      return sendError(
        res,
        404,
        'not_found',
        'invalid_request_error',
        `No control route POST ${url.pathname}.`,
      )
  }
}

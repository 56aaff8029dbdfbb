// The embedded demo service: one node:http server that simulates the gateway's management, TTS and
// (through a mount) realtime APIs on 127.0.0.1. The app uses it when the user has no key; tests use it as
// the gateway.
//
// Pipeline for every request: control endpoint (/__demo/, loopback only; mounts may add control routes)
// -> edge check (User-Agent) -> faults (paths under /v1) -> mounts -> routes -> 404.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import type { KeyName } from './accounts/directory'
import type {
  DemoContext,
  DemoFaults,
  DemoMount,
  DemoMountFactory,
  DemoVariant,
  WsTokenMode,
} from './context'
import { applyFaults } from './control/faults'
import { DEFAULT_MOUNTS } from './default-mounts'
import { CONTROL_PREFIX, handleControl, isControlClient, refuseControl } from './control/routes'
import { hasUserAgent, sendEdgeBlock } from './http/edge'
import { sendError } from './http/respond'
import { Router } from './http/router'
import { mountManagementRoutes } from './management/routes'
import { createServiceContext, type DemoBehaviour, type DemoServiceContext } from './service-context'
import { mountTtsCatalogRoutes } from './tts/catalog-routes'
import { mountSpeechRoutes } from './tts/speech-routes'

export interface DemoServerOptions {
  /** 0 (default) picks a free port. */
  port?: number
  /** Default 127.0.0.1. */
  host?: string
  /** Seeds accounts, keys and history. Default 1. */
  seed?: number
  /** Service seconds per real second. Default 1. */
  timeScale?: number
  /** Parts plugged in beside the built-in APIs; default DEFAULT_MOUNTS (the realtime API). */
  mounts?: DemoMountFactory[]
  /** Behaviour the spec leaves open (404 body shape, audio store threshold). */
  behaviour?: Partial<DemoBehaviour>
  /**
   * How the realtime API answers what its spec leaves "not shown" (README "Variants"). Default: the
   * environment's `LOA_DEMO_VARIANT`, else `default`.
   */
  variant?: DemoVariant
  /** Where the realtime WebSocket takes the token; default the variant's own (`any` / `query`). */
  wsToken?: WsTokenMode
}

export interface DemoServer {
  baseUrl: string
  keys: Record<KeyName, string>
  context: DemoServiceContext
  faults: DemoFaults
  close(): Promise<void>
}

export const DEFAULT_SEED = 1
export const DEMO_VARIANTS: readonly DemoVariant[] = ['default', 'alt']
export const WS_TOKEN_MODES: readonly WsTokenMode[] = ['header', 'query', 'any']

/** `LOA_DEMO_VARIANT`, so a whole test run can face the other variant; an unknown value is refused. */
export function variantFromEnv(env: NodeJS.ProcessEnv = process.env): DemoVariant {
  const raw = env.LOA_DEMO_VARIANT
  if (raw === undefined || raw === '') return 'default'
  const found = DEMO_VARIANTS.find((v) => v === raw)
  if (!found) throw new Error(`LOA_DEMO_VARIANT must be one of ${DEMO_VARIANTS.join(', ')}, not '${raw}'.`)
  return found
}

export async function startDemoServer(opts: DemoServerOptions = {}): Promise<DemoServer> {
  const ctx = createServiceContext({
    seed: opts.seed ?? DEFAULT_SEED,
    timeScale: opts.timeScale ?? 1,
    ...(opts.behaviour ? { behaviour: opts.behaviour } : {}),
    variant: opts.variant ?? variantFromEnv(),
    ...(opts.wsToken ? { wsToken: opts.wsToken } : {}),
  })
  const router = new Router()
  const management = mountManagementRoutes(router, ctx)
  const speech = mountSpeechRoutes(router, ctx)
  mountTtsCatalogRoutes(router, ctx)
  const mounts: DemoMount[] = (opts.mounts ?? DEFAULT_MOUNTS).map((factory) => factory(ctx as DemoContext))
  const hooks = {
    resetLimits: () => {
      management.resetLimits()
      speech.resetLimits()
    },
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', ctx.baseUrl() || 'http://127.0.0.1')
    if (url.pathname.startsWith(CONTROL_PREFIX)) {
      if (!isControlClient(req)) return refuseControl(res)
      for (const mount of mounts) if (await mount.handleRequest(req, res, url)) return
      return handleControl(req, res, url, ctx, hooks)
    }
    if (!hasUserAgent(req)) return sendEdgeBlock(res, url.host, ctx.clock.now())
    if (url.pathname.startsWith('/v1/') && (await applyFaults(ctx.faults, res))) return
    for (const mount of mounts) if (await mount.handleRequest(req, res, url)) return
    const match = router.match(req.method ?? 'GET', url.pathname)
    if (match.kind === 'found') return match.handler({ req, res, url, params: match.params })
    if (match.kind === 'wrong_method') {
      return sendError(
        res,
        405,
        'method_not_allowed',
        'invalid_request_error',
        `Use ${match.allowed.join(' or ')} on ${url.pathname}.`,
        null,
        {
          Allow: match.allowed.join(', '),
        },
      )
    }
    sendError(res, 404, 'not_found', 'invalid_request_error', `No route for ${req.method} ${url.pathname}.`)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent)
        sendError(res, 500, 'internal_error', 'api_error', 'Internal error. Quote the request id to support.')
      else res.destroy()
      process.emitWarning(`demo server: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`)
    })
  })

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    for (const mount of mounts) if (mount.handleUpgrade?.(req, socket, head)) return
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port ?? 0, opts.host ?? '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const address = server.address() as AddressInfo
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address
  const baseUrl = `http://${host}:${address.port}`
  ctx.setBaseUrl(baseUrl)

  let closing: Promise<void> | undefined
  return {
    baseUrl,
    keys: ctx.directory.keyMap(),
    context: ctx,
    faults: ctx.faults,
    close() {
      closing ??= (async () => {
        for (const mount of mounts) await mount.close?.()
        speech.close()
        ctx.clock.dispose()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
      })()
      return closing
    },
  }
}

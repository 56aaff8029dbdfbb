// The harness's HTTP server: the launch link, the built renderer behind the session cookie, and the
// upgrade to its two sockets (bridge, audio). Every socket is tied to the session that opened it and
// closed when that session ends; whatever a socket sends, only that socket is closed, never the process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'
import type { ViewName } from '../../preload/contract'
import { buildCsp } from '../app/csp'
import { HarnessAccess, type AccessOptions } from './access'
import { readStatic } from './static-files'

/** RFC 6455's policy violation: what every malformed frame gets (ws itself closes invalid UTF-8 with 1007). */
const CLOSE_POLICY = 1008
const SESSION_SWEEP_MS = 60_000

export type SocketKind = 'bridge' | 'audio'

/** One socket's standing with its session. */
export interface SocketGuard {
  /** Closes the socket for `problem`; true when it is closed (its session is over, or it misbehaved). */
  refuse(problem: string | null): boolean
}

export interface HarnessServerOptions {
  port?: number
  rendererDir: string
  /** The browser bridge script every page loads before the app. */
  bridgeJs: string
  access?: Omit<AccessOptions, 'port'>
  /** A socket the page opened under a live session. */
  onSocket(kind: SocketKind, ws: WebSocket, guard: SocketGuard): void
}

export interface HarnessServer {
  origin: string
  scope: string
  launchUrl(view: ViewName | 'popup'): string
  close(): Promise<void>
}

export async function startHarnessServer(opts: HarnessServerOptions): Promise<HarnessServer> {
  const server = createServer()
  const sockets: Record<SocketKind, WebSocketServer> = {
    bridge: new WebSocketServer({ noServer: true, maxPayload: 1 << 20 }),
    audio: new WebSocketServer({ noServer: true, maxPayload: 8 << 20 }),
  }
  for (const wss of Object.values(sockets)) wss.on('error', () => {})
  /** Each session's open sockets, to close when it ends. */
  const socketsOf = new Map<string, Set<WebSocket>>()

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the harness did not bind')
  const origin = `http://127.0.0.1:${address.port}`
  const access = new HarnessAccess({ port: address.port, ...opts.access })
  const { scope } = access
  access.onEnded((session) => {
    for (const ws of socketsOf.get(session) ?? []) ws.close(CLOSE_POLICY, 'session ended')
    socketsOf.delete(session)
  })
  // A page that only listens still loses its sockets when its session expires.
  const sweep = setInterval(() => {
    for (const session of [...socketsOf.keys()]) access.isLive(session)
  }, SESSION_SWEEP_MS)
  sweep.unref()

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/launch') return launch(url, res)
    if (!access.sessionOf(req.headers.cookie)) return deny(res, 403)
    if (url.pathname === scope) return redirect(res, `${scope}/`)
    if (!url.pathname.startsWith(`${scope}/`)) return deny(res, 404)
    const path = url.pathname.slice(scope.length)
    if (path === '/web-bridge.js') return send(res, 200, 'text/javascript; charset=utf-8', opts.bridgeJs)
    const file = await readStatic(opts.rendererDir, path)
    if (!file) return deny(res, 404)
    let body: Buffer | string = file.body
    if (file.contentType.startsWith('text/html')) {
      // A classic script runs before the module bundle, so `window.loa` exists when the app starts.
      body = file.body.toString('utf8').replace('<head>', '<head>\n    <script src="web-bridge.js"></script>')
    }
    send(res, 200, file.contentType, body)
  }

  function launch(url: URL, res: ServerResponse): void {
    const admitted = access.admit(url.searchParams.get('token') ?? '')
    if (!admitted) return deny(res, 403, 'This link was used or has expired. Start a new one: npm run web.')
    const view = url.searchParams.get('view') ?? 'voice'
    res.writeHead(302, {
      'Set-Cookie': admitted.setCookie,
      Location: `${scope}/#/${encodeURIComponent(view)}`,
      'Cache-Control': 'no-store',
    })
    res.end()
  }

  function redirect(res: ServerResponse, location: string): void {
    res.writeHead(302, { Location: location, 'Cache-Control': 'no-store' })
    res.end()
  }

  function send(res: ServerResponse, status: number, contentType: string, body: string | Buffer): void {
    res.writeHead(status, {
      'Content-Type': contentType,
      'Content-Security-Policy': harnessCsp(origin),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    })
    res.end(body)
  }

  function deny(res: ServerResponse, status: number, message?: string): void {
    res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' })
    res.end(message ?? (status === 404 ? 'Not found' : 'Forbidden'))
  }

  server.on('request', (req, res) => void serve(req, res))
  server.on('upgrade', (req, socket, head) => {
    // A peer that resets mid-handshake must not take the process down with an unhandled 'error'.
    socket.on('error', () => socket.destroy())
    const path = new URL(req.url ?? '/', origin).pathname
    const session = access.sessionOf(req.headers.cookie)
    const kind = path === `${scope}/bridge` ? 'bridge' : path === `${scope}/audio` ? 'audio' : null
    if (req.headers.origin !== origin || !session || !kind) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    sockets[kind].handleUpgrade(req, socket, head, (ws) => {
      track(ws, session)
      opts.onSocket(kind, ws, { refuse: (problem) => refused(ws, session, problem) })
    })
  })

  /** Every socket: an error (invalid UTF-8, a frame over the cap, a reset) closes it alone. */
  function track(ws: WebSocket, session: string): void {
    let own = socketsOf.get(session)
    if (!own) socketsOf.set(session, (own = new Set()))
    own.add(ws)
    // ws has already sent its close (1007 for invalid UTF-8, 1009 for a frame over maxPayload) and ends
    // the socket itself; without a listener, this 'error' would be thrown and end the whole process.
    ws.on('error', () => {})
    ws.on('close', () => own.delete(ws))
  }

  function refused(ws: WebSocket, session: string, problem: string | null): boolean {
    if (!access.isLive(session)) {
      ws.close(CLOSE_POLICY, 'session ended')
      return true
    }
    if (problem === null) return false
    ws.close(CLOSE_POLICY, problem.slice(0, 120))
    return true
  }

  return {
    origin,
    scope,
    launchUrl: (view) => `${origin}/launch?token=${access.issueLaunchToken()}&view=${view}`,
    async close() {
      clearInterval(sweep)
      for (const wss of Object.values(sockets)) for (const ws of wss.clients) ws.terminate()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeAllConnections()
    },
  }
}

/** The app's CSP, except that the page may open sockets to the harness: that is its IPC. */
export function harnessCsp(origin: string): string {
  return buildCsp({ 'connect-src': [origin.replace(/^http/, 'ws')] })
}

// The browser harness: the real main-process services in Node, the built renderer served to a browser,
// and the IPC contract carried over a loopback WebSocket instead of Electron IPC.
// Access needs a one-time launch token, exchanged for an HttpOnly cookie (access.ts); sockets also check
// the Origin. Whatever a socket sends, only that socket is closed: never the process.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { platform } from 'node:os'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Conf from 'conf'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import type { EventChannel, ViewName } from '../../preload/contract'
import { decodePortMessage, encodePortMessage } from '../../preload/port-codec'
import { APP_VERSION } from '../api/user-agent'
import { buildCsp } from '../app/csp'
import type { TrayStatus } from '../account/tray-status'
import type { AudioPortEnd } from '../audio-port/port'
import type { DemoHandle } from '../connection/connection-service'
import { startEmbeddedDemo } from '../connection/embedded-demo'
import { validateKey } from '../connection/validate-key'
import { createCore, type Core } from '../core'
import { AppError } from '../errors'
import type { SecretStoreChoice } from '../secrets/choose-store'
import { MemorySecretStore } from '../secrets/memory-store'
import { SettingsService } from '../settings/settings-service'
import { HarnessAccess, type AccessOptions } from './access'
import { bundleWebBridge } from './bridge-bundle'
import { parseBridgeFrame } from './bridge-frame'
import { readStatic } from './static-files'

export interface WebHarnessOptions {
  /** Where settings live for this harness. */
  dataDir: string
  port?: number
  rendererDir?: string
  secrets?: SecretStoreChoice
  startDemo?: () => Promise<DemoHandle>
  osLocale?: string
  /** How long links and sessions live and how many there may be; the defaults are access.ts's. */
  access?: Omit<AccessOptions, 'port'>
}

export interface WebHarness {
  origin: string
  core: Core
  /** What the harness would have shown on the desktop: notifications and the tray's status. */
  desktop: { notifications: Array<{ title: string; body: string }>; tray: TrayStatus | null; saved: string[] }
  /** A URL that admits one browser, once and for a few minutes; it lands on `view` (or the popup). */
  launchUrl(view?: ViewName | 'popup'): string
  /** The path every page, asset and socket of this run lives under (and its cookie's Path). */
  scope: string
  close(): Promise<void>
}

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))
/** Invokes a page may have waiting at once; a page that sends more is not Loa's bridge. */
const MAX_PENDING_INVOKES = 256
/** RFC 6455's policy violation: what every malformed frame gets (ws itself closes invalid UTF-8 with 1007). */
const CLOSE_POLICY = 1008
const SESSION_SWEEP_MS = 60_000

export async function startWebHarness(opts: WebHarnessOptions): Promise<WebHarness> {
  const rendererDir = opts.rendererDir ?? DEFAULT_RENDERER_DIR
  const bridgeJs = await bundleWebBridge()
  let origin = ''

  const settings = await SettingsService.open({
    filePath: join(opts.dataDir, 'settings.json'),
    openBackend: () =>
      new Conf<Record<string, unknown>>({ cwd: opts.dataDir, configName: 'settings', projectName: 'loa' }),
  })
  const clients = new Set<WebSocket>()
  /** Each session's open sockets, to close when it ends. */
  const socketsOf = new Map<string, Set<WebSocket>>()
  const desktop: WebHarness['desktop'] = { notifications: [], tray: null, saved: [] }
  let close: () => Promise<void> = async () => {}
  const saveExport = async (name: string, data: string | Uint8Array) => {
    const path = join(opts.dataDir, 'exports', name)
    try {
      await mkdir(dirname(path), { recursive: true })
      await writeFile(path, data)
    } catch (cause) {
      throw new AppError('storage', `Could not write ${path}.`, { cause })
    }
    desktop.saved.push(path)
    return { path }
  }
  const core = await createCore({
    settings,
    secrets: opts.secrets ?? { store: new MemorySecretStore(), warning: null },
    startDemo: opts.startDemo ?? startEmbeddedDemo,
    validateKey,
    info: {
      name: 'Loa',
      version: APP_VERSION,
      platform: platform(),
      osLocale: opts.osLocale ?? Intl.DateTimeFormat().resolvedOptions().locale,
    },
    shell: {
      showView: (view) => core.events.emit('nav:show', { view }),
      hidePopup: () => {},
      quit: () => void close(),
      // In the browser the bridge opens the port itself, over `/audio`.
      openAudioPort: () => {
        throw new AppError('unavailable', 'The harness opens audio ports over /audio.')
      },
      setLaunchAtLogin: () => {},
      notify: (title, body) => void desktop.notifications.push({ title, body }),
      setTrayStatus: (status) => void (desktop.tray = status),
      // The browser has no save dialog of main's: exports land in the data folder's exports/.
      saveText: ({ suggestedName, content }) => saveExport(suggestedName, content),
      saveAudio: ({ suggestedName, bytes }) => saveExport(suggestedName, bytes),
    },
    dataDir: opts.dataDir,
    // A browser page cannot hook the desktop's keys: the talk button and the space bar are the way here.
    hotkeyStatus: {
      accelerator: settings.get().hotkeys.talk,
      mode: 'none',
      reasonKey: 'hotkey.reason.browser',
      conflict: false,
      error: null,
    },
  })
  core.events.addSink((channel: EventChannel, payload) => {
    const frame = JSON.stringify({ t: 'event', channel, payload })
    for (const ws of clients) ws.send(frame)
  })

  const server = createServer()
  const bridgeSockets = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 })
  const audioSockets = new WebSocketServer({ noServer: true, maxPayload: 8 << 20 })
  for (const wss of [bridgeSockets, audioSockets]) wss.on('error', () => {})

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the harness did not bind')
  origin = `http://127.0.0.1:${address.port}`
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
    if (path === '/web-bridge.js') return send(res, 200, 'text/javascript; charset=utf-8', bridgeJs)
    const file = await readStatic(rendererDir, path)
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
    const wss = kind === 'bridge' ? bridgeSockets : audioSockets
    wss.handleUpgrade(req, socket, head, (ws) => {
      track(ws, session)
      if (kind === 'bridge') onBridge(ws, session)
      else onAudio(ws, session)
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

  /** Closes `ws` for what it sent; true when its session is over (the socket is closed then too). */
  function refused(ws: WebSocket, session: string, problem: string | null): boolean {
    if (!access.isLive(session)) {
      ws.close(CLOSE_POLICY, 'session ended')
      return true
    }
    if (problem === null) return false
    ws.close(CLOSE_POLICY, problem.slice(0, 120))
    return true
  }

  function onBridge(ws: WebSocket, session: string): void {
    clients.add(ws)
    ws.on('close', () => clients.delete(ws))
    let pending = 0
    ws.on('message', async (data: RawData, isBinary: boolean) => {
      const frame = parseBridgeFrame(data, isBinary)
      if ('problem' in frame) {
        refused(ws, session, frame.problem)
        return
      }
      if (refused(ws, session, pending >= MAX_PENDING_INVOKES ? 'too many requests at once' : null)) return
      pending++
      try {
        const result = await core.router.dispatch(frame.channel, frame.request, { surface: 'main' })
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: 'result', id: frame.id, result }))
      } finally {
        pending--
      }
    })
  }

  function onAudio(ws: WebSocket, session: string): void {
    const end: AudioPortEnd = {
      postMessage: (message) => ws.readyState === ws.OPEN && ws.send(encodePortMessage(message)),
      onMessage: (listener) =>
        ws.on('message', (data: RawData, isBinary: boolean) => {
          if (refused(ws, session, isBinary ? null : 'the audio socket takes binary frames only')) return
          let message: ReturnType<typeof decodePortMessage>
          try {
            message = decodePortMessage(data as Buffer)
          } catch {
            // A MessagePort never delivers a malformed message: what sent one is not the page's bridge.
            refused(ws, session, 'malformed audio frame')
            return
          }
          listener(message)
        }),
      onClose: (listener) => ws.on('close', listener),
      close: () => ws.close(),
    }
    core.audioPorts.attach(end)
  }

  close = async () => {
    clearInterval(sweep)
    for (const ws of clients) ws.terminate()
    for (const ws of audioSockets.clients) ws.terminate()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    await core.close()
  }

  return {
    origin,
    scope,
    core,
    desktop,
    launchUrl(view = 'voice') {
      return `${origin}/launch?token=${access.issueLaunchToken()}&view=${view}`
    },
    close: () => close(),
  }
}

/** The app's CSP, except that the page may open sockets to the harness: that is its IPC. */
export function harnessCsp(origin: string): string {
  return buildCsp({ 'connect-src': [origin.replace(/^http/, 'ws')] })
}

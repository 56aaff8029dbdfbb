// The browser harness: the real main-process services in Node, the built renderer served to a browser,
// and the IPC contract carried over a loopback WebSocket instead of Electron IPC.
// Access needs a one-time launch token, exchanged for an HttpOnly cookie; sockets also check the Origin.
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { platform } from 'node:os'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Conf from 'conf'
import { WebSocketServer, type WebSocket } from 'ws'
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
import { bundleWebBridge } from './bridge-bundle'
import { readStatic } from './static-files'

export interface WebHarnessOptions {
  /** Where settings live for this harness. */
  dataDir: string
  port?: number
  rendererDir?: string
  secrets?: SecretStoreChoice
  startDemo?: () => Promise<DemoHandle>
  osLocale?: string
}

export interface WebHarness {
  origin: string
  core: Core
  /** What the harness would have shown on the desktop: notifications and the tray's status. */
  desktop: { notifications: Array<{ title: string; body: string }>; tray: TrayStatus | null; saved: string[] }
  /** A URL that admits one browser, once; it lands on `view` (or the popup). */
  launchUrl(view?: ViewName | 'popup'): string
  close(): Promise<void>
}

const DEFAULT_RENDERER_DIR = fileURLToPath(new URL('../../out/renderer', import.meta.url))
const SESSION_COOKIE = 'loa_harness'

export async function startWebHarness(opts: WebHarnessOptions): Promise<WebHarness> {
  const rendererDir = opts.rendererDir ?? DEFAULT_RENDERER_DIR
  const bridgeJs = await bundleWebBridge()
  const launchTokens = new Set<string>()
  const sessions = new Set<string>()
  let origin = ''

  const settings = await SettingsService.open({
    filePath: join(opts.dataDir, 'settings.json'),
    openBackend: () =>
      new Conf<Record<string, unknown>>({ cwd: opts.dataDir, configName: 'settings', projectName: 'loa' }),
  })
  const clients = new Set<WebSocket>()
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

  const server = createServer((req, res) => void serve(req, res))
  const bridgeSockets = new WebSocketServer({ noServer: true, maxPayload: 1 << 20 })
  const audioSockets = new WebSocketServer({ noServer: true, maxPayload: 8 << 20 })

  async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', origin)
    if (url.pathname === '/launch') return launch(url, res)
    if (!hasSession(req)) return deny(res, 403)
    if (url.pathname === '/web-bridge.js') return send(res, 200, 'text/javascript; charset=utf-8', bridgeJs)
    const file = await readStatic(rendererDir, url.pathname)
    if (!file) return deny(res, 404)
    let body: Buffer | string = file.body
    if (file.contentType.startsWith('text/html')) {
      // A classic script runs before the module bundle, so `window.loa` exists when the app starts.
      body = file.body
        .toString('utf8')
        .replace('<head>', '<head>\n    <script src="/web-bridge.js"></script>')
    }
    send(res, 200, file.contentType, body)
  }

  function launch(url: URL, res: ServerResponse): void {
    const token = url.searchParams.get('token') ?? ''
    if (!launchTokens.delete(token)) return deny(res, 403)
    const session = randomBytes(24).toString('base64url')
    sessions.add(session)
    const view = url.searchParams.get('view') ?? 'voice'
    res.writeHead(302, {
      'Set-Cookie': `${SESSION_COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/`,
      Location: `/#/${encodeURIComponent(view)}`,
      'Cache-Control': 'no-store',
    })
    res.end()
  }

  function hasSession(req: IncomingMessage): boolean {
    const cookie = req.headers.cookie ?? ''
    const value = cookie
      .split(';')
      .map((c) => c.trim())
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`))
      ?.slice(SESSION_COOKIE.length + 1)
    if (!value) return false
    for (const s of sessions)
      if (s.length === value.length && timingSafeEqual(Buffer.from(s), Buffer.from(value))) return true
    return false
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

  function deny(res: ServerResponse, status: number): void {
    res.writeHead(status, { 'Content-Type': 'text/plain' })
    res.end(status === 404 ? 'Not found' : 'Forbidden')
  }

  server.on('upgrade', (req, socket, head) => {
    const path = new URL(req.url ?? '/', origin).pathname
    if (req.headers.origin !== origin || !hasSession(req) || (path !== '/bridge' && path !== '/audio')) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
      return
    }
    const wss = path === '/bridge' ? bridgeSockets : audioSockets
    wss.handleUpgrade(req, socket, head, (ws) => (path === '/bridge' ? onBridge(ws) : onAudio(ws)))
  })

  function onBridge(ws: WebSocket): void {
    clients.add(ws)
    ws.on('close', () => clients.delete(ws))
    ws.on('message', async (data, isBinary) => {
      if (isBinary) return
      let frame: { t?: unknown; id?: unknown; channel?: unknown; request?: unknown }
      try {
        frame = JSON.parse(String(data)) as typeof frame
      } catch {
        return
      }
      if (frame.t !== 'invoke' || typeof frame.id !== 'number' || typeof frame.channel !== 'string') return
      const result = await core.router.dispatch(frame.channel, frame.request ?? undefined, {
        surface: 'main',
      })
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: 'result', id: frame.id, result }))
    })
  }

  function onAudio(ws: WebSocket): void {
    const end: AudioPortEnd = {
      postMessage: (message) => ws.readyState === ws.OPEN && ws.send(encodePortMessage(message)),
      onMessage: (listener) =>
        ws.on('message', (data, isBinary) => {
          if (!isBinary) return
          try {
            listener(decodePortMessage(data as Buffer))
          } catch {
            // A malformed frame is dropped, as a MessagePort would never deliver one.
          }
        }),
      onClose: (listener) => ws.on('close', listener),
      close: () => ws.close(),
    }
    core.audioPorts.attach(end)
  }

  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const address = server.address()
  if (typeof address !== 'object' || address === null) throw new Error('the harness did not bind')
  origin = `http://127.0.0.1:${address.port}`

  close = async () => {
    for (const ws of clients) ws.terminate()
    for (const ws of audioSockets.clients) ws.terminate()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections()
    await core.close()
  }

  return {
    origin,
    core,
    desktop,
    launchUrl(view = 'voice') {
      const token = randomBytes(24).toString('base64url')
      launchTokens.add(token)
      return `${origin}/launch?token=${token}&view=${view}`
    },
    close: () => close(),
  }
}

/** The app's CSP, except that the page may open sockets to the harness: that is its IPC. */
export function harnessCsp(origin: string): string {
  return buildCsp({ 'connect-src': [origin.replace(/^http/, 'ws')] })
}

// The IPC contract over the harness's bridge socket: invokes in, results and pushed events out, as
// Electron IPC carries them for the desktop app. The page in the browser is always the main window.
import type { RawData, WebSocket } from 'ws'
import type { EventChannel } from '../../preload/contract'
import type { Router } from '../ipc/router'
import { parseBridgeFrame } from './bridge-frame'
import type { SocketGuard } from './harness-server'

/** Invokes a page may have waiting at once; a page that sends more is not Loa's bridge. */
const MAX_PENDING_INVOKES = 256

export class BridgeSockets {
  readonly #open = new Set<WebSocket>()

  constructor(private readonly router: Router) {}

  /** Serves one page's bridge socket until it closes. */
  serve(ws: WebSocket, guard: SocketGuard): void {
    this.#open.add(ws)
    ws.on('close', () => this.#open.delete(ws))
    let pending = 0
    ws.on('message', async (data: RawData, isBinary: boolean) => {
      const frame = parseBridgeFrame(data, isBinary)
      if ('problem' in frame) {
        guard.refuse(frame.problem)
        return
      }
      if (guard.refuse(pending >= MAX_PENDING_INVOKES ? 'too many requests at once' : null)) return
      pending++
      try {
        const result = await this.router.dispatch(frame.channel, frame.request, { surface: 'main' })
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ t: 'result', id: frame.id, result }))
      } finally {
        pending--
      }
    })
  }

  /** An event to every open page, as the desktop app sends it to every window. */
  broadcast(channel: EventChannel, payload: unknown): void {
    const frame = JSON.stringify({ t: 'event', channel, payload })
    for (const ws of this.#open) ws.send(frame)
  }
}

// The browser harness's stand-in for the preload: the same `window.loa`, generated from the same contract,
// carried over a loopback WebSocket to the real main-process services running in Node.
import { AUDIO_PORT_MESSAGE } from './channels'
import type { EventChannel, IpcResult, LoaBridge } from './contract'
import { buildBridge, type BridgeTransport } from './expose'
import { decodePortMessage, encodePortMessage } from './port-codec'

type ServerFrame =
  | { t: 'result'; id: number; result: IpcResult<unknown> }
  | { t: 'event'; channel: EventChannel; payload: unknown }

/** A socket beside the page: the harness serves everything, sockets too, under one path of its own. */
function socketUrl(name: 'bridge' | 'audio'): string {
  const url = new URL(name, location.href)
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:'
  url.hash = ''
  return url.href
}

class SocketTransport implements BridgeTransport {
  readonly #socket = new WebSocket(socketUrl('bridge'))
  readonly #opened: Promise<boolean>
  readonly #pending = new Map<number, (result: IpcResult<unknown>) => void>()
  readonly #listeners = new Map<EventChannel, Set<(payload: unknown) => void>>()
  #nextId = 1

  constructor() {
    this.#opened = new Promise((resolve) => {
      this.#socket.addEventListener('open', () => resolve(true), { once: true })
      this.#socket.addEventListener('close', () => resolve(false), { once: true })
    })
    this.#socket.addEventListener('message', (e) => this.#receive(e.data))
    this.#socket.addEventListener('close', () => {
      for (const settle of this.#pending.values()) settle(lost())
      this.#pending.clear()
    })
  }

  async invoke(channel: string, request: unknown): Promise<IpcResult<unknown>> {
    if (channel === 'audio:openPort') return openAudioPort()
    if (!(await this.#opened) || this.#socket.readyState !== WebSocket.OPEN) return lost()
    const id = this.#nextId++
    return new Promise((resolve) => {
      this.#pending.set(id, resolve)
      this.#socket.send(JSON.stringify({ t: 'invoke', id, channel, request: request ?? null }))
    })
  }

  subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void {
    let set = this.#listeners.get(channel)
    if (!set) this.#listeners.set(channel, (set = new Set()))
    set.add(listener)
    return () => void set.delete(listener)
  }

  #receive(data: unknown): void {
    if (typeof data !== 'string') return
    let frame: ServerFrame
    try {
      frame = JSON.parse(data) as ServerFrame
    } catch {
      return
    }
    if (frame.t === 'result') {
      this.#pending.get(frame.id)?.(frame.result)
      this.#pending.delete(frame.id)
    } else if (frame.t === 'event') {
      for (const l of this.#listeners.get(frame.channel) ?? []) l(frame.payload)
    }
  }
}

function lost(): IpcResult<never> {
  return { ok: false, error: { kind: 'unavailable', message: 'The connection to Loa was lost.' } }
}

/** A real MessagePort for the page; its other end is pumped over a WebSocket to main. */
async function openAudioPort(): Promise<IpcResult<void>> {
  const socket = new WebSocket(socketUrl('audio'))
  socket.binaryType = 'arraybuffer'
  const ok = await new Promise<boolean>((resolve) => {
    socket.addEventListener('open', () => resolve(true), { once: true })
    socket.addEventListener('error', () => resolve(false), { once: true })
  })
  if (!ok)
    return { ok: false, error: { kind: 'unavailable', message: 'The audio channel could not be opened.' } }
  const channel = new MessageChannel()
  const local = channel.port1
  local.onmessage = (e) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(encodePortMessage(e.data))
  }
  socket.addEventListener('message', (e) => {
    try {
      local.postMessage(decodePortMessage(e.data as ArrayBuffer))
    } catch {
      // A malformed frame is dropped; the stream goes on.
    }
  })
  socket.addEventListener('close', () => local.close())
  window.postMessage(AUDIO_PORT_MESSAGE, location.origin, [channel.port2])
  return { ok: true, value: undefined }
}

declare global {
  interface Window {
    loa: LoaBridge
  }
}

Object.defineProperty(window, 'loa', {
  value: buildBridge(new SocketTransport()),
  writable: false,
  configurable: false,
})

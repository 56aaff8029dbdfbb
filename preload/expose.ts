// Builds the `window.loa` object from the channel lists, over whichever transport carries the messages:
// Electron IPC in the app, a loopback WebSocket in the browser harness.
import { EVENT_CHANNELS, REQUEST_CHANNELS } from './channels'
import type { EventChannel, IpcResult, LoaBridge } from './contract'

export interface BridgeTransport {
  invoke(channel: string, request: unknown): Promise<IpcResult<unknown>>
  /** Starts delivering `channel`'s events to `listener`; returns the function that stops it. */
  subscribe(channel: EventChannel, listener: (payload: unknown) => void): () => void
}

export function buildBridge(transport: BridgeTransport): LoaBridge {
  const api: Record<string, Record<string, unknown>> = {}
  const domain = (name: string) => (api[name] ??= {})
  for (const channel of REQUEST_CHANNELS) {
    const [d, verb] = split(channel)
    domain(d)[verb] = (request?: unknown) => transport.invoke(channel, request)
  }
  for (const channel of EVENT_CHANNELS) {
    const [d, verb] = split(channel)
    domain(d)[`on${verb[0]!.toUpperCase()}${verb.slice(1)}`] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function') throw new TypeError(`${channel}: listener must be a function`)
      return transport.subscribe(channel, listener)
    }
  }
  for (const d of Object.values(api)) Object.freeze(d)
  return Object.freeze(api) as unknown as LoaBridge
}

function split(channel: string): [string, string] {
  const at = channel.indexOf(':')
  return [channel.slice(0, at), channel.slice(at + 1)]
}

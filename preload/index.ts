// The sandboxed preload: puts `window.loa` (named functions built from the contract) into the page, and hands
// the audio MessagePort from main to the page. `ipcRenderer` itself never crosses the bridge.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { AUDIO_PORT_CHANNEL, AUDIO_PORT_MESSAGE } from './channels'
import type { IpcResult } from './contract'
import { buildBridge, type BridgeTransport } from './expose'

const transport: BridgeTransport = {
  async invoke(channel, request) {
    try {
      return (await ipcRenderer.invoke(channel, request)) as IpcResult<unknown>
    } catch {
      // Only when main has no handler yet (still starting) or is going away: errors stay plain data.
      return { ok: false, error: { kind: 'unavailable', message: 'Loa is not ready to answer yet.' } }
    }
  },
  subscribe(channel, listener) {
    const forward = (_event: IpcRendererEvent, payload: unknown) => listener(payload)
    ipcRenderer.on(channel, forward)
    return () => {
      ipcRenderer.removeListener(channel, forward)
    }
  },
}

contextBridge.exposeInMainWorld('loa', buildBridge(transport))

// MessagePorts cannot cross contextBridge; window.postMessage is the documented way into the main world
// (https://www.electronjs.org/docs/latest/tutorial/message-ports#communicating-directly-between-the-main-process-and-the-main-world-of-a-context-isolated-page).
ipcRenderer.on(AUDIO_PORT_CHANNEL, (event) => {
  window.postMessage(AUDIO_PORT_MESSAGE, window.location.origin, event.ports)
})

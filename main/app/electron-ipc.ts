// Binds the router to Electron IPC: one `ipcMain.handle` per request channel, each answering only the top
// frame of one of our windows showing one of our pages; and every hub event sent to our windows.
import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { REQUEST_CHANNELS } from '../../preload/channels'
import type { IpcResult } from '../../preload/contract'
import type { EventHub } from '../ipc/event-hub'
import type { CallContext, Router } from '../ipc/router'
import type { OriginCheck } from './origins'

export interface IpcWindows {
  /** Which of our windows `contents` is; null when it is not ours. */
  surfaceOf(contents: WebContents): CallContext['surface'] | null
  allWebContents(): WebContents[]
}

export interface IpcBindingDeps {
  router: Router
  events: EventHub
  windows: IpcWindows
  isOurs: OriginCheck
}

const FORBIDDEN: IpcResult<never> = {
  ok: false,
  error: { kind: 'forbidden', message: 'This request did not come from a Loa window.' },
}

/** Registers the handlers and the event sink; returns the function that removes both. */
export function bindIpc({ router, events, windows, isOurs }: IpcBindingDeps): () => void {
  for (const channel of REQUEST_CHANNELS) {
    ipcMain.handle(channel, (event, payload: unknown) => {
      const ctx = trustedCaller(event, windows, isOurs)
      return ctx ? router.dispatch(channel, payload, ctx) : FORBIDDEN
    })
  }
  const removeSink = events.addSink((channel, payload) => {
    for (const contents of windows.allWebContents()) {
      if (!contents.isDestroyed()) contents.send(channel, payload)
    }
  })
  return () => {
    removeSink()
    for (const channel of REQUEST_CHANNELS) ipcMain.removeHandler(channel)
  }
}

/**
 * The caller's surface when the message comes from the main frame of one of our windows and that frame
 * shows one of our pages; null otherwise (an iframe, a foreign page, a frame already gone).
 */
export function trustedCaller(
  event: IpcMainInvokeEvent,
  windows: IpcWindows,
  isOurs: OriginCheck,
): CallContext | null {
  try {
    const frame = event.senderFrame
    if (!frame || frame.parent !== null) return null
    const top = event.sender.mainFrame
    if (frame.processId !== top.processId || frame.routingId !== top.routingId) return null
    if (!isOurs(frame.url)) return null
    const surface = windows.surfaceOf(event.sender)
    return surface ? { surface } : null
  } catch {
    // A window torn down mid-call throws on access ("Object has been destroyed"): nobody to answer.
    return null
  }
}

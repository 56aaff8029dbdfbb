// Small stand-ins for the Electron objects our handlers receive as arguments (web contents, frames, sessions).
// They carry only the members the code under test reads, with Electron's event shapes.
import { EventEmitter } from 'node:events'
import type { IpcMainInvokeEvent, Session, WebContents, WebFrameMain } from 'electron'

export interface FakeFrame {
  url: string
  parent: FakeFrame | null
  processId: number
  routingId: number
}

export function frame(url: string, opts: Partial<Omit<FakeFrame, 'url'>> = {}): FakeFrame {
  return { url, parent: null, processId: 1, routingId: 1, ...opts }
}

type PermissionRequestHandler = Parameters<Session['setPermissionRequestHandler']>[0]
type PermissionCheckHandler = Parameters<Session['setPermissionCheckHandler']>[0]
type DeviceHandler = Parameters<Session['setDevicePermissionHandler']>[0]

export class FakeSession {
  requestHandler: PermissionRequestHandler = null
  checkHandler: PermissionCheckHandler = null
  deviceHandler: DeviceHandler = null
  registrations = 0

  setPermissionRequestHandler(h: PermissionRequestHandler): void {
    this.registrations++
    this.requestHandler = h
  }
  setPermissionCheckHandler(h: PermissionCheckHandler): void {
    this.checkHandler = h
  }
  setDevicePermissionHandler(h: DeviceHandler): void {
    this.deviceHandler = h
  }

  /** Resolves with what the app answered to a permission request. */
  request(permission: string, details: Record<string, unknown>): Promise<boolean> {
    return new Promise((resolve) => {
      const h = this.requestHandler as unknown as (
        wc: unknown,
        p: string,
        cb: (granted: boolean) => void,
        d: unknown,
      ) => void
      h(null, permission, resolve, details)
    })
  }

  check(permission: string, origin: string, details: Record<string, unknown>): boolean {
    const h = this.checkHandler as unknown as (wc: unknown, p: string, o: string, d: unknown) => boolean
    return h(null, permission, origin, details)
  }
}

export class FakeWebContents extends EventEmitter {
  readonly session = new FakeSession()
  readonly sent: Array<{ channel: string; args: unknown[] }> = []
  readonly posted: Array<{ channel: string; message: unknown; transfer: unknown[] }> = []
  windowOpenHandler: ((details: { url: string }) => { action: 'allow' | 'deny' }) | null = null
  destroyed = false

  constructor(
    public url: string,
    readonly mainFrame: FakeFrame = frame(url),
  ) {
    super()
  }

  getURL(): string {
    return this.url
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
  }
  postMessage(channel: string, message: unknown, transfer: unknown[] = []): void {
    this.posted.push({ channel, message, transfer })
  }
  setWindowOpenHandler(h: (details: { url: string }) => { action: 'allow' | 'deny' }): void {
    this.windowOpenHandler = h
  }

  asElectron(): WebContents {
    return this as unknown as WebContents
  }
}

/** An IPC invoke event as Electron builds it: the sending web contents and its frame. */
export function invokeEvent(sender: FakeWebContents, senderFrame: FakeFrame | null): IpcMainInvokeEvent {
  return {
    sender,
    senderFrame: senderFrame as unknown as WebFrameMain | null,
  } as unknown as IpcMainInvokeEvent
}

/** A navigation event like Electron's `Event<WebContentsWillNavigateEventParams>`. */
export function navigationEvent(url: string, isSameDocument = false) {
  const event = {
    url,
    isSameDocument,
    isMainFrame: true,
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true
    },
  }
  return event
}

// Stands in for the `electron` module in node tests (aliased in vitest.config.ts). Only the parts our main-process
// code and electron-store touch, each behaving like Electron where the code depends on it. Anything else is
// missing on purpose, so a test that reaches for it fails loudly instead of passing against a stub.
import { EventEmitter } from 'node:events'
import { mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pkg from '../../package.json' with { type: 'json' }

type InvokeHandler = (event: unknown, ...args: unknown[]) => unknown

const userData = join(tmpdir(), `loa-electron-mock-${process.pid}`)

class App extends EventEmitter {
  readonly isPackaged = false
  getName(): string {
    return pkg.productName
  }
  getVersion(): string {
    return pkg.version
  }
  getPath(name: string): string {
    if (name !== 'userData') throw new Error(`Failed to get '${name}' path`)
    mkdirSync(userData, { recursive: true })
    return userData
  }
}

/** Like Electron's: one handler per channel, a second registration throws until the first is removed. */
class IpcMain extends EventEmitter {
  readonly #handlers = new Map<string, InvokeHandler>()

  handle(channel: string, handler: InvokeHandler): void {
    if (this.#handlers.has(channel))
      throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.#handlers.set(channel, handler)
  }

  removeHandler(channel: string): void {
    this.#handlers.delete(channel)
  }

  /** Test hook: what a renderer's `ipcRenderer.invoke(channel, ...args)` would reach. */
  async invokeForTest(channel: string, event: unknown, ...args: unknown[]): Promise<unknown> {
    const handler = this.#handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    return handler(event, ...args)
  }

  handledChannels(): string[] {
    return [...this.#handlers.keys()]
  }
}

class Shell {
  /** Test hook: every URL handed to the OS browser. */
  readonly opened: string[] = []
  async openExternal(url: string): Promise<void> {
    this.opened.push(url)
  }
  async openPath(_path: string): Promise<string> {
    return ''
  }
}

class NativeTheme extends EventEmitter {
  themeSource: 'system' | 'light' | 'dark' = 'system'
  get shouldUseDarkColors(): boolean {
    return this.themeSource === 'dark'
  }
}

/**
 * Electron's MessagePortMain: an EventEmitter that emits `message` with `{ data, ports }`, queues messages until
 * `start()`, and emits `close` on both ends when either closes. Data is copied with structuredClone.
 */
class MessagePortMain extends EventEmitter {
  peer: MessagePortMain | null = null
  #started = false
  #queue: unknown[] = []
  #closed = false

  postMessage(message: unknown): void {
    if (this.#closed || !this.peer) return
    this.peer.#deliver(structuredClone(message))
  }

  start(): void {
    this.#started = true
    const queued = this.#queue
    this.#queue = []
    for (const data of queued) this.emit('message', { data, ports: [] })
  }

  close(): void {
    if (this.#closed) return
    this.#closed = true
    const peer = this.peer
    this.peer = null
    this.emit('close')
    peer?.close()
  }

  #deliver(data: unknown): void {
    if (this.#closed) return
    if (this.#started) queueMicrotask(() => this.emit('message', { data, ports: [] }))
    else this.#queue.push(data)
  }
}

class MessageChannelMain {
  readonly port1 = new MessagePortMain()
  readonly port2 = new MessagePortMain()
  constructor() {
    this.port1.peer = this.port2
    this.port2.peer = this.port1
  }
}

/**
 * Like Electron's: one callback per accelerator, and register() answers false when the accelerator is already
 * held, by this app or (test hook) by another application.
 */
class GlobalShortcut {
  readonly #callbacks = new Map<string, () => void>()
  /** Test hook: accelerators another application holds. */
  readonly takenByOthers = new Set<string>()

  register(accelerator: string, callback: () => void): boolean {
    if (this.#callbacks.has(accelerator) || this.takenByOthers.has(accelerator)) return false
    this.#callbacks.set(accelerator, callback)
    return true
  }

  isRegistered(accelerator: string): boolean {
    return this.#callbacks.has(accelerator)
  }

  unregister(accelerator: string): void {
    this.#callbacks.delete(accelerator)
  }

  unregisterAll(): void {
    this.#callbacks.clear()
  }

  /** Test hook: the user pressed the shortcut somewhere on the desktop. */
  pressForTest(accelerator: string): void {
    this.#callbacks.get(accelerator)?.()
  }
}

export const app = new App()
export const ipcMain = new IpcMain()
export const shell = new Shell()
export const nativeTheme = new NativeTheme()
export const globalShortcut = new GlobalShortcut()
export { MessageChannelMain, MessagePortMain }

export default { app, ipcMain, shell, nativeTheme, globalShortcut, MessageChannelMain }

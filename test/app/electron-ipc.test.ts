import { ipcMain } from 'electron'
import { afterEach, describe, expect, it } from 'vitest'
import { bindIpc } from '../../main/app/electron-ipc'
import { APP_ORIGIN, trustOrigins } from '../../main/app/origins'
import { EventHub } from '../../main/ipc/event-hub'
import type { CallContext, Router } from '../../main/ipc/router'
import { REQUEST_CHANNELS } from '../../preload/channels'
import { FakeWebContents, frame, invokeEvent } from './fakes'

// The test mock's ipcMain has a hook to reach a registered handler as a renderer's invoke would.
const mockIpc = ipcMain as unknown as {
  invokeForTest(channel: string, event: unknown, payload?: unknown): Promise<unknown>
  handledChannels(): string[]
}

const PAGE = `${APP_ORIGIN}/index.html#/voice`

function setup() {
  const calls: Array<{ channel: string; payload: unknown; ctx: CallContext }> = []
  const router: Router = {
    async dispatch(channel, payload, ctx) {
      calls.push({ channel, payload, ctx })
      return { ok: true, value: 'handled' }
    },
  }
  const main = new FakeWebContents(PAGE)
  const popup = new FakeWebContents(
    `${APP_ORIGIN}/index.html#/popup`,
    frame(`${APP_ORIGIN}/index.html#/popup`, { processId: 2, routingId: 7 }),
  )
  const windows = {
    surfaceOf: (c: unknown) =>
      (c === main ? 'main' : c === popup ? 'popup' : null) as CallContext['surface'] | null,
    allWebContents: () => [main, popup].map((w) => w.asElectron()),
  }
  const events = new EventHub()
  const dispose = bindIpc({ router, events, windows, isOurs: trustOrigins([APP_ORIGIN]) })
  return { calls, main, popup, events, dispose }
}

let dispose: (() => void) | null = null
afterEach(() => {
  dispose?.()
  dispose = null
})

const FORBIDDEN = { ok: false, error: { kind: 'forbidden' } }

describe('bindIpc', () => {
  it('registers exactly the contract channels, and removes them on dispose', () => {
    const s = setup()
    expect(mockIpc.handledChannels().sort()).toEqual([...REQUEST_CHANNELS].sort())
    s.dispose()
    expect(mockIpc.handledChannels()).toEqual([])
  })

  it('passes a request from the top frame of our main window to the router, as surface "main"', async () => {
    const s = setup()
    dispose = s.dispose
    const answer = await mockIpc.invokeForTest(
      'settings:get',
      invokeEvent(s.main, s.main.mainFrame),
      undefined,
    )
    expect(answer).toEqual({ ok: true, value: 'handled' })
    expect(s.calls).toEqual([{ channel: 'settings:get', payload: undefined, ctx: { surface: 'main' } }])
  })

  it('tells the popup apart from the main window', async () => {
    const s = setup()
    dispose = s.dispose
    await mockIpc.invokeForTest('app:info', invokeEvent(s.popup, s.popup.mainFrame))
    expect(s.calls[0]?.ctx).toEqual({ surface: 'popup' })
  })

  it('refuses a foreign page loaded in our window without calling the router', async () => {
    const s = setup()
    dispose = s.dispose
    s.main.url = 'https://evil.example/'
    const evil = frame('https://evil.example/')
    const answer = await mockIpc.invokeForTest('key:set', invokeEvent(s.main, evil), {
      key: 'sk-stolen-0000',
    })
    expect(answer).toMatchObject(FORBIDDEN)
    expect(s.calls).toEqual([])
  })

  it('refuses an iframe, even one on our own origin', async () => {
    const s = setup()
    dispose = s.dispose
    const sub = frame(PAGE, { parent: s.main.mainFrame, routingId: 99 })
    expect(await mockIpc.invokeForTest('key:clear', invokeEvent(s.main, sub))).toMatchObject(FORBIDDEN)
    expect(s.calls).toEqual([])
  })

  it("refuses a parentless frame that is not the window's main frame", async () => {
    const s = setup()
    dispose = s.dispose
    const other = frame(PAGE, { routingId: 42 })
    expect(await mockIpc.invokeForTest('key:status', invokeEvent(s.main, other))).toMatchObject(FORBIDDEN)
    expect(s.calls).toEqual([])
  })

  it('refuses a frame that is already gone, and web contents that are not our windows', async () => {
    const s = setup()
    dispose = s.dispose
    expect(await mockIpc.invokeForTest('app:quit', invokeEvent(s.main, null))).toMatchObject(FORBIDDEN)
    const stranger = new FakeWebContents(PAGE)
    expect(await mockIpc.invokeForTest('app:quit', invokeEvent(stranger, stranger.mainFrame))).toMatchObject(
      FORBIDDEN,
    )
    expect(s.calls).toEqual([])
  })

  it('refuses a window destroyed mid-call instead of throwing', async () => {
    const s = setup()
    dispose = s.dispose
    Object.defineProperty(s.main, 'mainFrame', {
      get() {
        throw new Error('Object has been destroyed')
      },
    })
    expect(await mockIpc.invokeForTest('key:status', invokeEvent(s.main, frame(PAGE)))).toMatchObject(
      FORBIDDEN,
    )
    expect(s.calls).toEqual([])
  })

  it('sends hub events to every live window and skips destroyed ones', () => {
    const s = setup()
    dispose = s.dispose
    s.popup.destroyed = true
    s.events.emit('nav:show', { view: 'usage' })
    expect(s.main.sent).toEqual([{ channel: 'nav:show', args: [{ view: 'usage' }] }])
    expect(s.popup.sent).toEqual([])
  })
})

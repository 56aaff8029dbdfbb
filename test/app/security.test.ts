import { shell } from 'electron'
import { beforeEach, describe, expect, it } from 'vitest'
import { APP_ORIGIN, trustOrigins } from '../../main/app/origins'
import { hardenSession, hardenWebContents } from '../../main/app/security'
import { FakeSession, FakeWebContents, navigationEvent } from './fakes'

// The mock shell records what would have opened in the OS browser.
const opened = (shell as unknown as { opened: string[] }).opened
const isOurs = trustOrigins([APP_ORIGIN])
const PAGE = `${APP_ORIGIN}/index.html#/voice`

function hardened(url = PAGE): FakeWebContents {
  const contents = new FakeWebContents(url)
  hardenWebContents(contents.asElectron(), isOurs)
  return contents
}

beforeEach(() => {
  opened.length = 0
})

describe('navigation', () => {
  it('refuses to leave our page', () => {
    const c = hardened()
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      `${APP_ORIGIN}/other.html`,
      'http://localhost:5173/',
    ]) {
      const e = navigationEvent(url)
      c.emit('will-navigate', e, url)
      expect(e.defaultPrevented, url).toBe(true)
    }
  })

  it('lets in-app hash routes through', () => {
    const c = hardened()
    const e = navigationEvent(`${APP_ORIGIN}/index.html#/settings`, true)
    c.emit('will-navigate', e, e.url)
    expect(e.defaultPrevented).toBe(false)
  })

  it('refuses a same-document move reported for a foreign origin', () => {
    const c = hardened()
    const e = navigationEvent('https://evil.example/#x', true)
    c.emit('will-navigate', e, e.url)
    expect(e.defaultPrevented).toBe(true)
  })

  it('refuses every redirect and every <webview>', () => {
    const c = hardened()
    const r = navigationEvent(`${APP_ORIGIN}/index.html`)
    c.emit('will-redirect', r, r.url)
    expect(r.defaultPrevented).toBe(true)
    const w = navigationEvent('')
    c.emit('will-attach-webview', w, {}, {})
    expect(w.defaultPrevented).toBe(true)
  })
})

describe('window.open', () => {
  it('never opens a window; http(s) links from our page go to the OS browser', async () => {
    const c = hardened()
    expect(c.windowOpenHandler?.({ url: 'https://gateway.example/docs' })).toEqual({ action: 'deny' })
    expect(c.windowOpenHandler?.({ url: 'http://example.org/' })).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(opened).toEqual(['https://gateway.example/docs', 'http://example.org/'])
  })

  it('opens nothing for other schemes', async () => {
    const c = hardened()
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'smb://host/share',
      'ms-settings:privacy',
      'not a url',
    ]) {
      expect(c.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    }
    await Promise.resolve()
    expect(opened).toEqual([])
  })

  it('opens nothing on behalf of a page that is not ours', async () => {
    const c = hardened('https://evil.example/')
    expect(c.windowOpenHandler?.({ url: 'https://phish.example/' })).toEqual({ action: 'deny' })
    await Promise.resolve()
    expect(opened).toEqual([])
  })
})

describe('permissions', () => {
  function session(origins = [APP_ORIGIN]): FakeSession {
    const s = new FakeSession()
    hardenSession(s as never, trustOrigins(origins))
    return s
  }
  const ours = { isMainFrame: true, requestingUrl: PAGE }

  it('grants the microphone to our page', async () => {
    const s = session()
    expect(
      await s.request('media', { ...ours, mediaTypes: ['audio'], securityOrigin: `${APP_ORIGIN}/` }),
    ).toBe(true)
    expect(
      s.check('media', APP_ORIGIN, { isMainFrame: true, mediaType: 'audio', securityOrigin: APP_ORIGIN }),
    ).toBe(true)
  })

  it('grants output-device selection to our page', async () => {
    const s = session()
    expect(await s.request('speaker-selection', ours)).toBe(true)
    expect(s.check('speaker-selection', APP_ORIGIN, { isMainFrame: true })).toBe(true)
  })

  it('grants the camera to our page, which shares it with the voice model, and to no other', async () => {
    const s = session()
    expect(await s.request('media', { ...ours, mediaTypes: ['video'] })).toBe(true)
    expect(s.check('media', APP_ORIGIN, { isMainFrame: true, mediaType: 'video' })).toBe(true)
    const theirs = { isMainFrame: true, requestingUrl: 'https://evil.example/', mediaTypes: ['video'] }
    expect(await s.request('media', theirs)).toBe(false)
    expect(s.check('media', 'https://evil.example', { isMainFrame: true, mediaType: 'video' })).toBe(false)
  })

  it('refuses the microphone to other origins and to frames inside our page', async () => {
    const s = session()
    expect(
      await s.request('media', {
        isMainFrame: true,
        requestingUrl: 'https://evil.example/',
        mediaTypes: ['audio'],
      }),
    ).toBe(false)
    expect(await s.request('media', { ...ours, isMainFrame: false, mediaTypes: ['audio'] })).toBe(false)
    expect(
      await s.request('media', { ...ours, mediaTypes: ['audio'], securityOrigin: 'https://evil.example' }),
    ).toBe(false)
    expect(s.check('media', 'https://evil.example', { isMainFrame: true, mediaType: 'audio' })).toBe(false)
    expect(
      s.check('media', APP_ORIGIN, { isMainFrame: false, mediaType: 'audio', embeddingOrigin: APP_ORIGIN }),
    ).toBe(false)
  })

  it('refuses everything else, even to our page', async () => {
    const s = session()
    for (const p of [
      'notifications',
      'geolocation',
      'clipboard-read',
      'display-capture',
      'openExternal',
      'midi',
      'fullscreen',
      'unknown',
    ]) {
      expect(await s.request(p, ours), p).toBe(false)
      expect(s.check(p, APP_ORIGIN, { isMainFrame: true }), p).toBe(false)
    }
  })

  it('refuses all HID, USB and serial devices', () => {
    const s = session()
    expect(s.deviceHandler?.({ deviceType: 'usb', origin: APP_ORIGIN, device: {} } as never)).toBe(false)
  })

  it('trusts the dev server instead of app://loa while developing', async () => {
    const s = session(['http://localhost:5173'])
    expect(
      await s.request('media', {
        isMainFrame: true,
        requestingUrl: 'http://localhost:5173/#/voice',
        mediaTypes: ['audio'],
      }),
    ).toBe(true)
    expect(
      await s.request('media', {
        isMainFrame: true,
        requestingUrl: 'http://localhost:5174/',
        mediaTypes: ['audio'],
      }),
    ).toBe(false)
    expect(await s.request('media', { ...ours, mediaTypes: ['audio'] })).toBe(false)
  })

  it('installs the handlers once per session', () => {
    const s = session()
    hardenSession(s as never, isOurs)
    expect(s.registrations).toBe(1)
  })
})

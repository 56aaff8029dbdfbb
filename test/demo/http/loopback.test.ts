// Who may use the control endpoint: loopback peers only, and never a web page.
import type { IncomingMessage } from 'node:http'
import { describe, expect, it } from 'vitest'
import { isFromBrowserPage, isLoopbackPeer } from '../../../main/demo/http/loopback'

const req = (remoteAddress: string | undefined, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage

describe('control endpoint peers', () => {
  it.each(['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])('accepts loopback %s', (addr) => {
    expect(isLoopbackPeer(req(addr))).toBe(true)
  })

  it.each(['192.168.1.5', '10.0.0.1', '::ffff:10.1.2.3', 'fe80::1', '', undefined])('refuses %s', (addr) => {
    expect(isLoopbackPeer(req(addr))).toBe(false)
  })

  it('treats a request with an Origin header as coming from a web page', () => {
    expect(isFromBrowserPage(req('127.0.0.1', { origin: 'http://localhost:5173' }))).toBe(true)
    expect(isFromBrowserPage(req('127.0.0.1'))).toBe(false)
  })
})

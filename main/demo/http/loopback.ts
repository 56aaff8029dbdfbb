// The control endpoint answers only the machine itself, and never a web page (which would send Origin).
import type { IncomingMessage } from 'node:http'

export function isLoopbackPeer(req: IncomingMessage): boolean {
  const addr = req.socket.remoteAddress ?? ''
  const v4 = addr.startsWith('::ffff:') ? addr.slice(7) : addr
  return v4.startsWith('127.') || addr === '::1'
}

export function isFromBrowserPage(req: IncomingMessage): boolean {
  return typeof req.headers.origin === 'string'
}

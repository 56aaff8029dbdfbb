// Serves the built renderer from `app://loa/` instead of file://, so pages get a real origin, a strict CSP
// header, and no access to the rest of the disk. The request handler itself is Electron-free.
import { readFile } from 'node:fs/promises'
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'
import type { Protocol } from 'electron'
import { APP_HOST, APP_SCHEME } from './origins'

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.txt': 'text/plain; charset=utf-8',
}

/** Must run before `app` is ready: Chromium fixes its scheme table at start-up. */
export function registerAppScheme(protocol: Pick<Protocol, 'registerSchemesAsPrivileged'>): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ])
}

export function serveAppProtocol(protocol: Pick<Protocol, 'handle'>, rootDir: string, csp: string): void {
  protocol.handle(APP_SCHEME, createAppRequestHandler(rootDir, csp))
}

/**
 * The file under `rootDir` that `url` names, or null when the URL is not ours or its path would leave
 * `rootDir` (`..`, encoded separators, absolute paths, NUL bytes).
 */
export function resolveAppPath(rootDir: string, url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return null
  let path: string
  try {
    path = decodeURIComponent(u.pathname)
  } catch {
    return null
  }
  if (path.includes('\0') || path.includes('\\')) return null
  if (path === '' || path === '/') path = '/index.html'
  const root = resolve(rootDir)
  const file = resolve(root, `.${path}`)
  const rel = relative(root, file)
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null
  return file
}

export function createAppRequestHandler(
  rootDir: string,
  csp: string,
): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed')
    const file = resolveAppPath(rootDir, request.url)
    if (!file) return plain(403, 'Forbidden')
    let body: Buffer
    try {
      body = await readFile(file)
    } catch {
      return plain(404, 'Not found')
    }
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    const headers: Record<string, string> = {
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-cache',
    }
    if (type.startsWith('text/html')) headers['content-security-policy'] = csp
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8' } })
}

// Serves the built renderer from one folder, refusing any path that would leave it.
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}

export interface StaticFile {
  body: Buffer
  contentType: string
}

export async function readStatic(root: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string
  try {
    decoded = decodeURIComponent(urlPath)
  } catch {
    return null
  }
  const relative = normalize(decoded === '/' ? '/index.html' : decoded).replace(/^([/\\])+/, '')
  const full = join(root, relative)
  if (!full.startsWith(root.endsWith(sep) ? root : root + sep) || relative.includes('\0')) return null
  try {
    return { body: await readFile(full), contentType: TYPES[extname(full)] ?? 'application/octet-stream' }
  } catch {
    return null
  }
}

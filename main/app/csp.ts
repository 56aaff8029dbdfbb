// The Content-Security-Policy of every page Loa shows. Pure so the browser harness can send the same header.
// The renderer sends no request itself: every HTTP call and the realtime WebSocket go through main, hence
// `connect-src 'none'`. A WebRTC session's media does leave the page, from Chromium's peer, but its SDP
// exchange (the only HTTP of it) is main's too, and CSP does not govern the media path.

export type CspDirective =
  | 'default-src'
  | 'script-src'
  | 'style-src'
  | 'img-src'
  | 'media-src'
  | 'font-src'
  | 'connect-src'
  | 'worker-src'
  | 'base-uri'
  | 'form-action'
  | 'frame-ancestors'

export type CspDirectives = Record<CspDirective, readonly string[]>

export const APP_CSP_DIRECTIVES: Readonly<CspDirectives> = Object.freeze({
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'none'"],
  // Audio worklets load from our own files or from blobs built at run time.
  'worker-src': ["'self'", 'blob:'],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
  'frame-ancestors': ["'none'"],
})

/** Serialises directives, replacing any listed in `overrides` whole (never merging into a stricter one). */
export function buildCsp(overrides: Partial<CspDirectives> = {}): string {
  const merged: CspDirectives = { ...APP_CSP_DIRECTIVES, ...overrides }
  return (Object.keys(merged) as CspDirective[])
    .map((name) => {
      for (const source of merged[name]) {
        if (/[;,\s]/.test(source)) throw new Error(`CSP source for ${name} contains a separator: ${source}`)
      }
      return `${name} ${merged[name].join(' ')}`
    })
    .join('; ')
}

/** The policy of the packaged app, served from `app://loa`. */
export const APP_CSP = buildCsp()

/**
 * The policy while the renderer comes from electron-vite's dev server: Vite injects styles as inline
 * `<style>` elements and keeps a WebSocket open to its own origin for hot reload. Scripts stay `'self'`.
 */
export function devCsp(devServerUrl: string): string {
  const origin = new URL(devServerUrl)
  if (origin.protocol !== 'http:' && origin.protocol !== 'https:') {
    throw new Error(`The dev server must be http(s), not ${origin.protocol}`)
  }
  const ws = `${origin.protocol === 'https:' ? 'wss:' : 'ws:'}//${origin.host}`
  return buildCsp({
    'style-src': ["'self'", "'unsafe-inline'"],
    'connect-src': ["'self'", ws],
  })
}

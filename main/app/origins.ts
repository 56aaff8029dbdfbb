// Which pages count as Loa's own: the `app://loa` origin of the packaged app, or electron-vite's dev server.
// Node's URL gives custom schemes an opaque origin ("null"), so origins are built from protocol and host here.

export const APP_SCHEME = 'app'
export const APP_HOST = 'loa'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/** `scheme://host[:port]` for app and http(s) URLs; null for anything else or for text that is not a URL. */
export function originOf(url: string): string | null {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return null
  }
  if (u.protocol !== `${APP_SCHEME}:` && u.protocol !== 'http:' && u.protocol !== 'https:') return null
  if (u.host === '') return null
  return `${u.protocol}//${u.host}`
}

export type OriginCheck = (url: string) => boolean

/** A check that accepts exactly the given origins (and URLs on them). */
export function trustOrigins(origins: readonly string[]): OriginCheck {
  const trusted = new Set(origins.map((o) => originOf(o) ?? ''))
  trusted.delete('')
  return (url) => {
    const origin = originOf(url)
    return origin !== null && trusted.has(origin)
  }
}

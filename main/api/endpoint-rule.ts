// Where Loa may send a key or a session token: the one rule every path that sets, reads or is handed an
// address goes through (the key form, settings:update, the saved settings at start, the CLI's flag and
// environment, and the URLs the service itself returns). A key or token must never cross a network in
// clear text, so plain http (and ws) is allowed only on this machine, where the demo service runs.
import { AppError } from '../errors'

/** Why an address was refused; the renderer says each in the user's words (`error.code.<code>`). */
export type EndpointRefusal =
  | 'base_url_missing'
  | 'base_url_invalid'
  | 'base_url_scheme'
  | 'base_url_credentials'
  | 'base_url_not_https'
  | 'base_url_has_v1'
  | 'service_url_invalid'
  | 'service_url_insecure'

/**
 * A refused address, as the IPC error the forms show: a base URL is the user's input (`invalid_input` on
 * the `baseUrl` field), an address the service handed out is the service's fault (`protocol`).
 */
export class EndpointRuleError extends AppError {
  declare readonly code: EndpointRefusal

  constructor(
    code: EndpointRefusal,
    message: string,
    /** A safe address to use instead, when there is an obvious one. */
    readonly suggestion: string | null = null,
  ) {
    const ofService = code.startsWith('service_url_')
    super(ofService ? 'protocol' : 'invalid_input', message, {
      code,
      ...(ofService ? {} : { field: 'baseUrl' }),
      ...(suggestion === null ? {} : { params: { suggestion } }),
    })
    this.name = 'EndpointRuleError'
  }
}

/** 127.0.0.0/8, ::1 and localhost: the hosts where clear text never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase()
  return host === 'localhost' || host === '[::1]' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * The gateway's base URL as Loa stores and uses it (without the `/v1` every path adds), or an
 * EndpointRuleError saying why it may not carry the key.
 */
export function checkGatewayUrl(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new EndpointRuleError('base_url_missing', 'Enter the gateway address first.')
  }
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new EndpointRuleError('base_url_invalid', 'The gateway address is not a valid URL.')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new EndpointRuleError('base_url_scheme', 'The gateway address must start with https://')
  }
  if (url.username || url.password) {
    throw new EndpointRuleError(
      'base_url_credentials',
      'The gateway address must not contain a user name or password.',
    )
  }
  const path = url.pathname.replace(/\/+$/, '')
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new EndpointRuleError(
      'base_url_not_https',
      'Use https:// for a gateway on another machine.',
      `https://${url.host}${path}`,
    )
  }
  // Every request adds `/v1/...` itself: an address ending in /v1 would ask for /v1/v1/... and fail.
  if (/\/v1$/i.test(path)) {
    throw new EndpointRuleError(
      'base_url_has_v1',
      'Leave /v1 out of the gateway address.',
      url.origin + path.replace(/\/v1$/i, ''),
    )
  }
  return url.origin + path
}

/** The schemes of one kind of address the service hands out: its secure one and its clear one. */
export type UrlKind = 'http' | 'websocket'

const SCHEMES: Record<UrlKind, { secure: string; clear: string }> = {
  http: { secure: 'https:', clear: 'http:' },
  websocket: { secure: 'wss:', clear: 'ws:' },
}

/**
 * An address the service returned for Loa to send a session token to (a session's WebSocket `url`, its
 * WebRTC `sdp_url`, a reconnect URL). It must be secure when the gateway is (a downgrade would send the
 * token in clear), and clear text is allowed only when both the gateway and the address are on this
 * machine.
 */
export function checkServiceUrl(value: string, baseUrl: string, kind: UrlKind, what: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new EndpointRuleError('service_url_invalid', `The service gave a ${what} that is not a URL.`)
  }
  const { secure, clear } = SCHEMES[kind]
  if (url.protocol === secure) return url
  if (url.protocol !== clear) {
    throw new EndpointRuleError(
      'service_url_invalid',
      `The service gave a ${what} with the scheme ${url.protocol}, where ${secure}// was expected.`,
    )
  }
  const base = new URL(baseUrl)
  if (base.protocol === 'http:' && isLoopbackHost(base.hostname) && isLoopbackHost(url.hostname)) return url
  throw new EndpointRuleError(
    'service_url_insecure',
    `The service gave a ${what} in clear text (${clear}//${url.host}) for a gateway reached over ` +
      `${base.protocol}//: Loa does not send the session token over it.`,
  )
}

/**
 * An address of a public file the service pointed to (a voice sample): the base URL's rule, https, or
 * http on this machine only.
 */
export function checkFileUrl(value: string, what: string): URL {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new EndpointRuleError('service_url_invalid', `The service gave a ${what} that is not a URL.`)
  }
  if (url.protocol === 'https:') return url
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url
  if (url.protocol === 'http:') {
    throw new EndpointRuleError(
      'service_url_insecure',
      `The service gave a ${what} in clear text (http://${url.host}); Loa fetches only https:// files.`,
    )
  }
  throw new EndpointRuleError('service_url_invalid', `The ${what} is not on the web (${url.protocol}).`)
}

// A small path router: `:name` matches one segment, `:name*` the rest of the path (so a model id with a
// slash, encoded or not, reaches its handler whole).
import type { IncomingMessage, ServerResponse } from 'node:http'

export interface RouteCall {
  req: IncomingMessage
  res: ServerResponse
  url: URL
  params: Record<string, string>
}

export type RouteHandler = (call: RouteCall) => void | Promise<void>

interface Route {
  method: string
  segments: string[]
  handler: RouteHandler
}

export type RouteMatch =
  | { kind: 'found'; handler: RouteHandler; params: Record<string, string> }
  | { kind: 'wrong_method'; allowed: string[] }
  | { kind: 'none' }

export class Router {
  private readonly routes: Route[] = []

  get(pattern: string, handler: RouteHandler): this {
    return this.add('GET', pattern, handler)
  }

  post(pattern: string, handler: RouteHandler): this {
    return this.add('POST', pattern, handler)
  }

  add(method: string, pattern: string, handler: RouteHandler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler })
    return this
  }

  match(method: string, pathname: string): RouteMatch {
    const parts = pathname.split('/').filter(Boolean)
    const allowed: string[] = []
    for (const route of this.routes) {
      const params = matchSegments(route.segments, parts)
      if (!params) continue
      if (route.method === method || (method === 'HEAD' && route.method === 'GET')) {
        return { kind: 'found', handler: route.handler, params }
      }
      allowed.push(route.method)
    }
    return allowed.length > 0 ? { kind: 'wrong_method', allowed } : { kind: 'none' }
  }
}

function matchSegments(pattern: string[], parts: string[]): Record<string, string> | undefined {
  const params: Record<string, string> = {}
  for (let i = 0; i < pattern.length; i++) {
    const seg = pattern[i] as string
    if (seg.startsWith(':') && seg.endsWith('*')) {
      const rest = parts.slice(i)
      if (rest.length === 0) return undefined
      params[seg.slice(1, -1)] = rest.map(safeDecode).join('/')
      return params
    }
    const part = parts[i]
    if (part === undefined) return undefined
    if (seg.startsWith(':')) params[seg.slice(1)] = safeDecode(part)
    else if (seg !== part) return undefined
  }
  return parts.length === pattern.length ? params : undefined
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

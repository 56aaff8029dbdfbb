// A gateway whose speech model list says more of some models than the demo's does, e.g. a model's own
// request limits (tts-api.md "Rate limits by plan (defaults; per-model overrides replace them)"): the
// demo's `GET /v1/models/tts` with those fields replaced, and every `POST /v1/audio/speech` noted.
import type { DemoMountFactory } from '../../../main/demo/context'

export interface RestatedModelList {
  mount: DemoMountFactory
  /** When each speech request arrived (ms since the epoch); a test empties it between readings. */
  speechRequests: number[]
}

const INNER = 'x-loa-test-inner'

/** `fields` by model id: each replaces the same fields of that model's record. */
export function restatedModelList(fields: Record<string, Record<string, unknown>>): RestatedModelList {
  const speechRequests: number[] = []
  const mount: DemoMountFactory = () => ({
    async handleRequest(req, res, url) {
      if (req.method === 'POST' && url.pathname === '/v1/audio/speech') {
        speechRequests.push(Date.now())
        return false
      }
      if (req.method !== 'GET' || url.pathname !== '/v1/models/tts' || req.headers[INNER]) return false
      const inner = await fetch(`http://${req.headers.host}${url.pathname}`, {
        headers: {
          authorization: req.headers.authorization ?? '',
          'user-agent': req.headers['user-agent'] ?? 'loa-test',
          [INNER]: '1',
        },
      })
      const body = (await inner.json()) as { data?: Array<{ id: string }> }
      if (Array.isArray(body.data)) body.data = body.data.map((m) => ({ ...m, ...fields[m.id] }))
      res.writeHead(inner.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
      return true
    },
  })
  return { mount, speechRequests }
}

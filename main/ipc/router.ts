// Dispatches a request from the renderer: known channel, trusted sender, valid payload, then the handler.
// Whatever happens, the answer is an IpcResult; nothing thrown here reaches Electron.
import type { IpcError, IpcResult, RequestChannel, RequestOf, ResponseOf } from '../../preload/contract'
import { toIpcError } from '../errors'
import { REQUEST_SCHEMAS } from './request-schemas'

export interface CallContext {
  /** Which of our windows sent the request. */
  surface: 'main' | 'popup'
}

export type Handlers = {
  [C in RequestChannel]: (request: RequestOf<C>, ctx: CallContext) => Promise<ResponseOf<C>> | ResponseOf<C>
}

export interface Router {
  dispatch(channel: string, payload: unknown, ctx: CallContext): Promise<IpcResult<unknown>>
}

export function createRouter(handlers: Handlers, onError?: (channel: string, err: unknown) => void): Router {
  return {
    async dispatch(channel, payload, ctx) {
      if (!Object.hasOwn(REQUEST_SCHEMAS, channel)) {
        return {
          ok: false,
          error: { kind: 'invalid_input', message: `Unknown request ${String(channel).slice(0, 64)}` },
        }
      }
      const c = channel as RequestChannel
      const parsed = REQUEST_SCHEMAS[c].safeParse(payload)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const field = issue?.path.join('.') || undefined
        return {
          ok: false,
          error: {
            kind: 'invalid_input',
            message: `${c}: ${issue?.message ?? 'invalid request'}`,
            ...(field ? { field } : {}),
          },
        }
      }
      try {
        const handler = handlers[c] as (req: unknown, ctx: CallContext) => unknown
        const value = await handler(parsed.data, ctx)
        return { ok: true, value }
      } catch (err) {
        try {
          onError?.(c, err)
        } catch {
          // A log that fails must not turn the handler's error into an exception in Electron's IPC.
        }
        return { ok: false, error: safeIpcError(err) }
      }
    },
  }
}

/** `toIpcError`, even for a thrown value that throws when looked at (a revoked Proxy). */
function safeIpcError(err: unknown): IpcError {
  try {
    return toIpcError(err)
  } catch {
    return { kind: 'internal', message: 'Something went wrong inside Loa.' }
  }
}

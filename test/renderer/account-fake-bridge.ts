// A stand-in for `window.loa` in jsdom: records every call, answers from handlers, and lets a test push
// events the way main would.
import type { IpcResult } from '../../preload/contract'

type Handler = (request: unknown) => unknown

export interface FakeBridge {
  calls: Array<{ channel: string; request: unknown }>
  answer(channel: string, handler: Handler): void
  fail(channel: string, error: { kind: string; message: string }): void
  emit(channel: string, payload: unknown): void
  listeners(channel: string): number
}

export function installFakeBridge(): FakeBridge {
  const handlers = new Map<string, Handler>()
  const failures = new Map<string, { kind: string; message: string }>()
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const calls: FakeBridge['calls'] = []

  const domain = (name: string) =>
    new Proxy(
      {},
      {
        get(_target, verb: string) {
          if (verb.startsWith('on') && verb.length > 2) {
            const channel = `${name}:${verb[2]!.toLowerCase()}${verb.slice(3)}`
            return (listener: (payload: unknown) => void) => {
              const set = listeners.get(channel) ?? new Set()
              set.add(listener)
              listeners.set(channel, set)
              return () => set.delete(listener)
            }
          }
          const channel = `${name}:${verb}`
          return async (request: unknown): Promise<IpcResult<unknown>> => {
            calls.push({ channel, request })
            const failure = failures.get(channel)
            if (failure) return { ok: false, error: failure as never }
            const handler = handlers.get(channel)
            return { ok: true, value: handler ? await handler(request) : undefined }
          }
        },
      },
    )

  ;(window as unknown as { loa: unknown }).loa = new Proxy({}, { get: (_t, name: string) => domain(name) })

  return {
    calls,
    answer: (channel, handler) => {
      failures.delete(channel)
      handlers.set(channel, handler)
    },
    fail: (channel, error) => failures.set(channel, error),
    emit: (channel, payload) => listeners.get(channel)?.forEach((l) => l(payload)),
    listeners: (channel) => listeners.get(channel)?.size ?? 0,
  }
}

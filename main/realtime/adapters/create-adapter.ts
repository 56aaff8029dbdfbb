// Picks the adapter for a session's `engine_protocol` / `connection.protocol` (realtime-api.md
// "Versioning"): `<vendor-a>-realtime-v1` speaks Model-R-style events, `<vendor-b>-live-v1beta` the
// live type.
import { AppError } from '../../errors'
import type { AdapterOptions, RealtimeAdapter, WireProtocol } from './adapter'
import { LiveAdapter } from './live/live-adapter'
import { ModelRAdapter } from './model-r/model-r-adapter'

/** By whole word, so a vendor name that merely contains "live" does not decide it. */
export function wireProtocolOf(protocol: string): WireProtocol | null {
  const words = protocol.toLowerCase().split(/[^a-z0-9]+/)
  if (words.includes('live')) return 'live'
  if (words.includes('realtime')) return 'model-r'
  return null
}

export function createAdapter(protocol: string, options: AdapterOptions = {}): RealtimeAdapter {
  const wire = wireProtocolOf(protocol)
  if (wire === 'live') return new LiveAdapter(options)
  if (wire === 'model-r') return new ModelRAdapter(options)
  throw new AppError('protocol', `Unknown realtime protocol '${protocol}'.`, { field: 'connection.protocol' })
}

// The adapter for a session's event format (realtime-api.md "Versioning": chosen per model), shared by the
// WebSocket and the WebRTC data channel.
import type { AdapterDeps, ProtocolAdapter } from './adapter'
import { LiveAdapter } from './live'
import { ModelRAdapter } from './model-r'
import type { EventNameSet } from './model-r-names'

export function createAdapter(deps: AdapterDeps, names: EventNameSet): ProtocolAdapter {
  return deps.session.params.model.engineProtocol === 'gemini-live-v1beta'
    ? new LiveAdapter(deps)
    : new ModelRAdapter(deps, names)
}

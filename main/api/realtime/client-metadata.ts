// What a session is tagged with so the service's records show which client made it (realtime-api.md,
// session fields: `metadata`, "caller's own data, max 1 KB, returned unchanged").
import { APP_VERSION } from '../user-agent'

/** The spec's limit on `metadata`, counted as the serialized JSON's UTF-8 bytes. */
export const METADATA_MAX_BYTES = 1_024

export type ClientMetadata = {
  client: 'loa'
  version: string
  platform: NodeJS.Platform
  /** Which of Loa's faces made the session. */
  surface: 'app' | 'cli'
}

export function clientMetadata(surface: ClientMetadata['surface']): ClientMetadata {
  return { client: 'loa', version: APP_VERSION, platform: process.platform, surface }
}

// Names an account in files without writing its key: a truncated SHA-256 of base URL and key. The base URL
// is part of it so the demo service and the real gateway never share entries.
import { createHash } from 'node:crypto'
import type { GatewayEndpoint } from '../http'

const KEY_HASH_HEX_CHARS = 16

export function keyHash(endpoint: GatewayEndpoint): string {
  const baseUrl = endpoint.baseUrl.replace(/\/+$/, '')
  return createHash('sha256').update(`${baseUrl}\n${endpoint.key}`).digest('hex').slice(0, KEY_HASH_HEX_CHARS)
}

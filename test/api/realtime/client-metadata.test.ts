// The metadata every session carries: it names loa, its version and the platform, and stays inside the
// spec's 1 KB (realtime-api.md "Limits"), counted as the bytes of the JSON sent.
import { describe, expect, it } from 'vitest'
import { clientMetadata, METADATA_MAX_BYTES } from '../../../main/api/realtime/client-metadata'
import pkg from '../../../package.json' with { type: 'json' }

describe('the client metadata', () => {
  it.each(['app', 'cli'] as const)('names loa, its version, the platform and the %s', (surface) => {
    expect(clientMetadata(surface)).toEqual({
      client: 'loa',
      version: pkg.version,
      platform: process.platform,
      surface,
    })
  })

  it('serializes well inside 1 KB', () => {
    const bytes = new TextEncoder().encode(JSON.stringify(clientMetadata('app'))).length
    expect(METADATA_MAX_BYTES).toBe(1_024)
    expect(bytes).toBeLessThan(METADATA_MAX_BYTES / 4)
  })
})

// The support bundle: what support needs to see why Loa misbehaves on one machine, and nothing of the
// user's: no key, no token (the text passes through the log's redaction), no text read aloud (the log never
// holds any), no balance. `loa doctor --json` prints the same object.
import { arch, platform, release } from 'node:os'
import { APP_VERSION } from '../api/user-agent'
import type { Log } from '../logging/log'
import type { RecentError, RecentRequest } from '../logging/recent'
import type { Check, KeychainState } from './checks'

export interface SupportBundle {
  createdAt: string
  versions: { loa: string; electron: string | null; chrome: string | null; node: string }
  os: { platform: string; release: string; arch: string }
  /** The gateway's host (and port): never its full address, which may carry a path of the user's. */
  endpointHost: string | null
  keychain: KeychainState
  /** The talk key's backend and whether it sees the key go up (hold to talk). */
  hotkey: { backend: string; reason: string; accelerator: string; keyUp: boolean } | null
  audioDevices: string[] | null
  recentRequests: RecentRequest[]
  recentErrors: RecentError[]
  lastLogLines: string[]
  checks: Check[]
  /** Why a field is null: what this host cannot know (the CLI runs outside Electron). */
  unknown: Record<string, string>
}

export interface BundleFacts {
  baseUrl: string | null
  keychain: KeychainState
  hotkey: SupportBundle['hotkey']
  audioDevices: string[] | null
  unknown: Record<string, string>
}

export function supportBundle(
  facts: BundleFacts,
  checks: Check[],
  log: Log,
  now = new Date(),
): SupportBundle {
  const recent = log.recent()
  return {
    createdAt: now.toISOString(),
    versions: {
      loa: APP_VERSION,
      electron: process.versions.electron ?? null,
      chrome: process.versions.chrome ?? null,
      node: process.versions.node,
    },
    os: { platform: platform(), release: release(), arch: arch() },
    endpointHost: facts.baseUrl === null ? null : new URL(facts.baseUrl).host,
    keychain: facts.keychain,
    hotkey: facts.hotkey,
    audioDevices: facts.audioDevices,
    recentRequests: recent.requests,
    recentErrors: recent.errors,
    lastLogLines: recent.lines,
    checks,
    unknown: facts.unknown,
  }
}

/** The bundle as the file holds it, through the log's redaction. */
export function bundleText(bundle: SupportBundle, log: Log): string {
  return log.redact(`${JSON.stringify(bundle, null, 2)}\n`)
}

/** `loa-support-2026-11-27T16-40-00Z.json`: sorts by time, and no character a file system refuses. */
export function bundleFileName(now = new Date()): string {
  return `loa-support-${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.json`
}

// "Save support bundle" in Settings: the checks run against the gateway in use, the bundle assembled from
// what the app knows (keychain, talk key, the page's audio devices, the log's recent lines) and saved where
// the user chooses.
import type { HotkeyStatus, Language, SaveTextRequest, SupportSaveRequest } from '../../preload/contract'
import type { GatewayEndpoint } from '../api/http'
import type { Log } from '../logging/log'
import { bundleFileName, bundleText, supportBundle } from './bundle'
import { runChecks, type KeychainState } from './checks'

export interface SupportDeps {
  log: Log
  /** The gateway and key in use (the user's, or the embedded demo's). */
  endpoint: () => GatewayEndpoint
  keychain: () => KeychainState
  hotkey: () => HotkeyStatus
  language: () => Language
  saveText: (request: SaveTextRequest) => Promise<{ path: string } | null>
}

export class SupportService {
  constructor(private readonly deps: SupportDeps) {}

  async save(request: SupportSaveRequest): Promise<{ path: string } | null> {
    const { log } = this.deps
    const endpoint = this.deps.endpoint()
    const keychain = this.deps.keychain()
    const checks = await runChecks({
      baseUrl: endpoint.baseUrl,
      key: endpoint.key,
      keychain,
      language: this.deps.language(),
    })
    const hotkey = this.deps.hotkey()
    const unknown: Record<string, string> =
      request.audioDevices === null ? { audioDevices: 'the window could not list the audio devices.' } : {}
    const bundle = supportBundle(
      {
        baseUrl: endpoint.baseUrl,
        keychain,
        hotkey: {
          backend: hotkey.mode,
          reason: hotkey.reasonKey,
          accelerator: hotkey.accelerator,
          // Only hold-to-talk sees the key go up (README "Voice chat and the talk key").
          keyUp: hotkey.mode === 'hold',
        },
        audioDevices: request.audioDevices,
        unknown,
      },
      checks,
      log,
    )
    const saved = await this.deps.saveText({
      suggestedName: bundleFileName(),
      content: bundleText(bundle, log),
      kind: 'json',
    })
    log.info('support bundle', { saved: saved !== null })
    return saved
  }
}

// Loa's voice tools wired as the app wires them, against a demo server: the management client and the
// Reader's speech catalog of the demo's key, nothing stubbed.
import { ManagementClient } from '../../../main/api/management/client'
import { TtsClient } from '../../../main/api/tts/tts-client'
import type { DemoServer } from '../../../main/demo/server'
import { ReaderCatalog } from '../../../main/tts/reader-catalog'
import type { VoiceToolDeps } from '../../../main/voice/tools/tool'
import { voiceToolSet, type VoiceToolSet } from '../../../main/voice/tools/tool-set'

export function demoToolDeps(demo: DemoServer, key: keyof DemoServer['keys'] = 'ordinary'): VoiceToolDeps {
  const endpoint = { baseUrl: demo.baseUrl, key: demo.keys[key] }
  const management = new ManagementClient({ endpoint })
  const catalog = new ReaderCatalog(
    () => new TtsClient({ endpoint }),
    () => key,
  )
  return { management: () => management, speechModels: () => catalog.models(null) }
}

export function demoTools(demo: DemoServer): VoiceToolSet {
  return voiceToolSet(demoToolDeps(demo), { sideEffects: false })
}

// The tools `loa talk` declares: Loa's read-only voice tools over the command's own management and speech
// clients. Nothing here reads aloud or opens a window, so those tools are not offered.
import type { GatewayEndpoint } from '../api/http'
import { ManagementClient } from '../api/management/client'
import { TtsClient } from '../api/tts/tts-client'
import { ReaderCatalog } from '../tts/reader-catalog'
import { voiceToolSet, type VoiceToolSet } from '../voice/tools/tool-set'

export function cliToolSet(endpoint: GatewayEndpoint): VoiceToolSet {
  const management = new ManagementClient({ endpoint })
  const catalog = new ReaderCatalog(
    () => new TtsClient({ endpoint }),
    () => 'loa',
  )
  return voiceToolSet(
    { management: () => management, speechModels: () => catalog.models(null) },
    { sideEffects: false },
  )
}

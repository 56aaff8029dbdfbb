// Loa's tools for the voice model, as one session declares and runs them: every tool the host can run,
// less those the user turned off; tools with an effect (read_aloud spends money, open_view moves the
// window) only when the user turned them on.
import type { FunctionTool } from '../../api/realtime/sessions-api'
import type { ToolRunner } from '../../realtime/engine/tool-calls'
import { findCheapestSpeechModel } from './find-cheapest-speech-model'
import { getBalance } from './get-balance'
import { getModelPrice } from './get-model-price'
import { getPoolQuota } from './get-pool-quota'
import { getSpend } from './get-spend'
import { getUsageByModel } from './get-usage-by-model'
import { openView } from './open-view'
import { readAloud } from './read-aloud'
import type { VoiceTool, VoiceToolDeps } from './tool'

export const VOICE_TOOLS: readonly VoiceTool[] = [
  getBalance,
  getSpend,
  getUsageByModel,
  getPoolQuota,
  getModelPrice,
  findCheapestSpeechModel,
  readAloud,
  openView,
]

export interface ToolChoice {
  /** Tools that do something beyond reading. */
  sideEffects: boolean
}

export interface VoiceToolSet {
  declarations: FunctionTool[]
  run: ToolRunner
}

export function voiceToolSet(deps: VoiceToolDeps, choice: ToolChoice): VoiceToolSet {
  const tools = VOICE_TOOLS.filter((t) => t.available(deps) && (choice.sideEffects || !t.sideEffect))
  return {
    declarations: tools.map((t) => t.declaration),
    run: async (name, args, signal) => {
      const tool = tools.find((t) => t.declaration.name === name)
      if (!tool) throw Object.assign(new Error(`No tool named '${name}' is on.`), { code: 'unknown_tool' })
      signal.throwIfAborted()
      return tool.run(args, deps, signal)
    },
  }
}

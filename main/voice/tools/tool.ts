// What one of Loa's voice tools is: its declaration for the session (a function tool with JSON Schema
// parameters), whether running it has an effect beyond reading (and so needs the user's say-so), and
// the work, which answers compact JSON with VND amounts as plain numbers.
import type { ReaderModels, ViewName } from '../../../preload/contract'
import type { FunctionTool } from '../../api/realtime/sessions-api'
import type { ManagementClient } from '../../api/management/client'

export interface VoiceToolDeps {
  /** The app's rate-budgeted management client for the key in use. */
  management(): Pick<ManagementClient, 'me' | 'usageDaily' | 'usageModels' | 'quota' | 'model'>
  /** The Reader's speech models with the plan's prices. */
  speechModels(): Promise<ReaderModels>
  /** Reads the text through the Reader with its saved choices; absent where there is no Reader (loa talk). */
  readAloud?(text: string): Promise<{ model: string; characters: number; estimateVnd: number | null }>
  /** Brings a window's view forward; absent where there is no window. */
  openView?(view: ViewName): void
}

export interface VoiceTool {
  declaration: FunctionTool
  /** It spends money or changes what the user sees: off unless the user turns it on. */
  sideEffect: boolean
  /** Null when the host cannot run it (no Reader, no window). */
  available(deps: VoiceToolDeps): boolean
  run(args: Record<string, unknown>, deps: VoiceToolDeps, signal: AbortSignal): Promise<unknown>
}

/** A tool's refusal of its arguments, as the model is told it. */
export class ToolInputError extends Error {
  readonly code = 'invalid_arguments'
}

/** A read-only tool with no parameters, available wherever there is a management client. */
export function readTool(
  name: string,
  description: string,
  run: (deps: VoiceToolDeps) => Promise<unknown>,
): VoiceTool {
  return {
    declaration: { type: 'function', name, description, parameters: { type: 'object', properties: {} } },
    sideEffect: false,
    available: () => true,
    run: (_args, deps) => run(deps),
  }
}

export function stringArg(args: Record<string, unknown>, name: string): string {
  const value = args[name]
  if (typeof value !== 'string' || value.trim() === '')
    throw new ToolInputError(`'${name}' must be a non-empty string.`)
  return value.trim()
}

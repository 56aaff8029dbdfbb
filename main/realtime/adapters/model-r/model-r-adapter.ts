// The Model-R-style (OpenAI Realtime) adapter: every server frame has a string `type`, looked up in
// MODEL_R_EVENTS; commands are encoded by MODEL_R_COMMANDS.
import { randomBytes } from 'node:crypto'
import type { RealtimeCommand, RealtimeEvent } from '../../engine/events'
import {
  newStats,
  type AdapterOptions,
  type FrameData,
  type RealtimeAdapter,
  type TurnDetection,
} from '../adapter'
import { own, str } from '../../../api/json-fields'
import { receiveFrame } from '../receive-frame'
import { encodeModelR } from './model-r-commands'
import { MODEL_R_EVENTS } from './model-r-events'
import { ModelRState } from './model-r-state'

export class ModelRAdapter implements RealtimeAdapter {
  readonly wire = 'model-r'
  readonly turnDetection: TurnDetection
  readonly stats = newStats()
  readonly #state: ModelRState

  constructor(options: AdapterOptions = {}) {
    this.turnDetection = options.turnDetection ?? 'manual'
    this.#state = new ModelRState(this.stats, options.idPrefix ?? randomBytes(4).toString('hex'))
    this.#state.media = options.media ?? 'socket'
  }

  receive(frame: FrameData): RealtimeEvent[] {
    return receiveFrame(frame, this.stats, (message, out) => {
      const type = str(message.type)
      const handler = type === null ? undefined : own(MODEL_R_EVENTS, type)
      if (handler) handler(message, this.#state, out)
      else this.stats.unknownEvents++
    })
  }

  encode(command: RealtimeCommand): string[] {
    return encodeModelR(command, this.#state)
  }

  endTurnNow(): RealtimeEvent[] {
    return []
  }
}

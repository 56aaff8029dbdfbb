// The live-type (Gemini-Live-style) adapter: frames are keyed by their top-level keys, looked up in
// LIVE_EVENTS; commands are encoded by LIVE_COMMANDS.
import { randomBytes } from 'node:crypto'
import type { RealtimeCommand, RealtimeEvent } from '../../engine/events'
import {
  newStats,
  type AdapterOptions,
  type FrameData,
  type RealtimeAdapter,
  type TurnDetection,
} from '../adapter'
import { receiveFrame } from '../receive-frame'
import { encodeLive, type LiveCommandState } from './live-commands'
import { LIVE_EVENTS } from './live-events'
import { LiveTurns } from './live-turns'

export class LiveAdapter implements RealtimeAdapter {
  readonly wire = 'live'
  readonly turnDetection: TurnDetection
  readonly stats = newStats()
  readonly #turns: LiveTurns
  readonly #commands: LiveCommandState

  constructor(options: AdapterOptions = {}) {
    this.turnDetection = options.turnDetection ?? 'manual'
    this.#turns = new LiveTurns(this.stats, options.idPrefix ?? randomBytes(4).toString('hex'))
    this.#commands = { turns: this.#turns, turnDetection: this.turnDetection, activityOpen: false }
  }

  receive(frame: FrameData): RealtimeEvent[] {
    const deferred = this.#turns.takeDeferred()
    const events = receiveFrame(frame, this.stats, (message, out) => {
      // A `type` marks a Model-R frame (realtime-protocols.md §1): not ours.
      if (Object.hasOwn(message, 'type')) return void this.stats.unknownEvents++
      let handled = false
      for (const [key, handler] of Object.entries(LIVE_EVENTS)) {
        if (!Object.hasOwn(message, key)) continue
        handler(message[key], this.#turns, out)
        handled = true
      }
      if (!handled) this.stats.unknownEvents++
    })
    return deferred.length === 0 ? events : [...deferred, ...events]
  }

  encode(command: RealtimeCommand): string[] {
    return encodeLive(command, this.#commands)
  }

  endTurnNow(): RealtimeEvent[] {
    return this.#turns.endTurnNow()
  }
}

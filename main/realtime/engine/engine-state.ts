// The engine's states and the transitions between them. The engine derives the state it should be in
// from the link and the conversation, then asks this machine to move; the table below says which moves
// exist, so a move that should never happen is caught where it happens instead of showing up as a
// confused UI.

import type { VoiceState } from '../../../preload/contract'

/** The states are the contract's, since the window shows them; `idle` waits for a press or `warm()`. */
export type EngineState = VoiceState

const LIVE: EngineState[] = ['ready', 'listening', 'thinking', 'speaking']

/** Every state can go to `ending`; the rest is listed. */
const NEXT: Readonly<Record<EngineState, readonly EngineState[]>> = {
  idle: ['creating', 'ended'],
  creating: ['connecting', 'idle', 'failed'],
  // -> reconnecting: the first SDP offer met 409 (already connected); the session is taken back through reconnect.
  connecting: [...LIVE, 'creating', 'reconnecting', 'idle', 'failed'],
  ready: ['listening', 'thinking', 'speaking', 'reconnecting', 'creating', 'idle'],
  listening: ['ready', 'thinking', 'speaking', 'reconnecting', 'creating', 'idle'],
  thinking: ['ready', 'listening', 'speaking', 'reconnecting', 'creating', 'idle'],
  speaking: ['ready', 'listening', 'thinking', 'reconnecting', 'creating', 'idle'],
  reconnecting: [...LIVE, 'creating', 'idle', 'failed'],
  ending: ['ended'],
  ended: ['creating'],
  // -> reconnecting: the user takes back a session other connections kept taking over.
  failed: ['creating', 'reconnecting', 'idle', 'ended'],
}

export function canMove(from: EngineState, to: EngineState): boolean {
  return from === to || to === 'ending' || NEXT[from].includes(to)
}

export class StateMachine {
  #state: EngineState = 'idle'

  constructor(private readonly changed: (state: EngineState, previous: EngineState) => void) {}

  get state(): EngineState {
    return this.#state
  }

  /** Moves and reports; false (and no move) for a transition the table does not have. */
  move(to: EngineState): boolean {
    const from = this.#state
    if (from === to) return true
    if (!canMove(from, to)) return false
    this.#state = to
    this.changed(to, from)
    return true
  }
}

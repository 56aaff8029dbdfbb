// preload/contract imports EngineState from this path, and the contract is being split elsewhere; this
// re-export keeps that import working until the contract reads it from main/realtime/index.ts.
export type { EngineState } from './engine/engine-state'

// Types of layers.js, so the architecture tests read the same table ESLint enforces.
import type { ESLint } from 'eslint'

export interface Layer {
  name: 'hosts' | 'wiring' | 'features' | 'libraries' | 'contract'
  paths: string[]
}
export const LAYERS: Layer[]
export const DEMO: string
export const DEMO_ENTRY: string
export const DEMO_STARTERS: string[]
export function layerOf(path: string): Layer['name'] | null
export function importProblem(from: string, to: string): string | null
declare const plugin: ESLint.Plugin
export default plugin

// A component whose code ships in a chunk of its own, fetched the first time it is shown: the tray popup
// and each view of the main window load only what they need.
import type { Component } from 'svelte'

export type ComponentProps = Record<string, unknown>

export interface LazyComponent<Props extends ComponentProps> {
  /**
   * The component once its chunk has loaded. A view shown before then renders at once, with no loading
   * frame between the click and the view.
   */
  readonly loaded: Component<Props> | null
  load(): Promise<Component<Props>>
}

export function lazyComponent<Props extends ComponentProps>(
  importChunk: () => Promise<{ default: Component<Props> }>,
): LazyComponent<Props> {
  let loaded: Component<Props> | null = null
  let pending: Promise<Component<Props>> | null = null
  return {
    get loaded() {
      return loaded
    },
    load() {
      pending ??= importChunk().then(
        (module) => (loaded = module.default),
        (error: unknown) => {
          // A failure is not kept: the next load (the user's retry) fetches the chunk again.
          pending = null
          throw error
        },
      )
      return pending
    },
  }
}

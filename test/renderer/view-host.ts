// A fresh element for each test to mount a view into, and the clean-up after it: the view unmounted, the
// store it showed stopped, the element gone, so no test sees the one before it. Call `viewHost()` at the
// top of a test file (or of a rig): it registers its own beforeEach and afterEach.
import { flushSync, mount, unmount, type Component } from 'svelte'
import { afterEach, beforeEach } from 'vitest'

export interface ViewHost {
  /** The element the view is mounted into; a new one for each test. */
  readonly target: HTMLElement
  /**
   * Mounts `component` into the target and flushes its first effects. `start` starts the store the view
   * shows; it runs once per test, so showing the same store again after `unmount()` does not start it twice,
   * and the stop it returns runs after the test.
   */
  show<Props extends Record<string, unknown>>(
    component: Component<Props>,
    props?: Props,
    start?: () => () => void,
  ): void
  /** Unmounts the view now, before the test ends; its store keeps running. */
  unmount(): void
  /** Lets pending timers, promises and bridge answers land, then flushes what they changed. */
  settle(): Promise<void>
}

/** `ticks`: how many timer turns `settle` waits, enough for the views under test to chain their loads. */
export function viewHost({ ticks = 8 }: { ticks?: number } = {}): ViewHost {
  let target: HTMLElement | null = null
  let view: ReturnType<typeof mount> | null = null
  let stop: (() => void) | null = null

  beforeEach(() => {
    target = document.createElement('div')
    document.body.append(target)
  })

  afterEach(() => {
    if (view) unmount(view)
    view = null
    stop?.()
    stop = null
    target?.remove()
    target = null
  })

  const host: ViewHost = {
    get target() {
      if (!target) throw new Error('viewHost: the target exists only while a test runs')
      return target
    },
    show(component, props, start) {
      if (start) stop ??= start()
      view = mount(component, { target: host.target, props: props ?? ({} as never) })
      flushSync()
    },
    unmount() {
      if (view) unmount(view)
      view = null
    },
    async settle() {
      for (let i = 0; i < ticks; i++) await new Promise((r) => setTimeout(r, 0))
      flushSync()
    },
  }
  return host
}

// The update the popup offers: main pushes it as `app:update` when one is ready, put away, or waiting for a
// conversation or a reading to end.
import type { UpdateState } from '../../preload/contract'
import { loa } from '../lib/bridge'
import { BridgeValue } from '../lib/bridge-value.svelte'

export class UpdateStore {
  readonly state = new BridgeValue<UpdateState | null>(null, (set) => loa.app.onUpdate(set))
  /** The restart could not be asked for; the popup says what to do instead. */
  failed = $state(false)

  async load(): Promise<void> {
    const result = await loa.app.updateState()
    if (result?.ok && result.value) this.state.set(result.value)
  }

  async install(): Promise<void> {
    await this.#answer(loa.app.installUpdate())
  }

  async later(): Promise<void> {
    await this.#answer(loa.app.deferUpdate())
  }

  async #answer(pending: ReturnType<typeof loa.app.installUpdate>): Promise<void> {
    const result = await pending
    this.failed = !result.ok
    if (result.ok && result.value) this.state.set(result.value)
  }
}

export const update = new UpdateStore()

// The account at a glance, for the tray popup and the usage window: painted from main's cache at once,
// then kept current by `account:changed` while anything shows it.
import type { Glance, IpcError } from '../../preload/contract'
import { loa, unwrap } from '../lib/bridge'
import { asIpcError } from './ipc-error'
import { BridgeValue } from '../lib/bridge-value.svelte'

export class AccountStore {
  readonly glance = new BridgeValue<Glance | null>(null, (set) => loa.account.onChanged(set))
  /** The glance could not be read at all (main is not answering); each part carries its own errors. */
  loadError: IpcError | null = $state(null)
  refreshing = $state(false)
  refreshError: IpcError | null = $state(null)

  async load(): Promise<void> {
    try {
      this.glance.set(await unwrap(loa.account.glance()))
      this.loadError = null
    } catch (err) {
      this.loadError = asIpcError(err)
    }
  }

  async refresh(): Promise<void> {
    if (this.refreshing) return
    this.refreshing = true
    this.refreshError = null
    try {
      this.glance.set(await unwrap(loa.account.refresh()))
      this.loadError = null
    } catch (err) {
      this.refreshError = asIpcError(err)
    } finally {
      this.refreshing = false
    }
  }

  /**
   * Tells main whether the popup is on screen, now and whenever that changes, so main refreshes at the
   * popup's pace; a popup coming back also repaints from the cache so ages are current. Returns the stop.
   */
  followVisibility(doc: Document = document): () => void {
    const tell = (): boolean => {
      const visible = doc.visibilityState === 'visible'
      void loa.account.popupVisible({ visible })
      return visible
    }
    const onChange = () => {
      if (tell()) void this.load()
    }
    tell()
    doc.addEventListener('visibilitychange', onChange)
    return () => {
      doc.removeEventListener('visibilitychange', onChange)
      void loa.account.popupVisible({ visible: false })
    }
  }
}

export const account = new AccountStore()

// The tray menu's update item, apart from Electron so it can be tested: "Restart to update (vX)" when an
// update is ready; once the user asked for it while a conversation or reading runs, why it waits.
import type { UpdateState } from '../../preload/contract'
import type { TrayLabelKey } from './tray-labels'

export interface TrayUpdateItem {
  label: string
  /** False for the note that the restart waits: clicking it again would do nothing. */
  enabled: boolean
}

export function trayUpdateItem(
  state: UpdateState,
  labels: Readonly<Record<TrayLabelKey, string>>,
): TrayUpdateItem | null {
  const offer = state.offer
  if (!offer) return null
  if (offer.restartRequested && offer.waitingFor) return { label: labels.updateWaits, enabled: false }
  return { label: labels.restartToUpdate.replace('{version}', `v${offer.version}`), enabled: true }
}

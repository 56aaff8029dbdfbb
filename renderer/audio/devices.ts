// Devices are remembered by label (ids change between sessions and machines); these pure helpers turn
// the browser's device list into the pickers' lists and find the remembered device in it.
import type { AudioDevice, AudioDeviceLists } from './voice-audio-api'

/** The part of MediaDeviceInfo used here. */
export interface DeviceInfo {
  kind: string
  deviceId: string
  label: string
}

/** Chromium's aliases of the system's choice; the pickers offer "system default" on their own. */
const ALIAS_IDS = new Set(['default', 'communications'])

/**
 * Inputs and outputs with labels, in the browser's order. Before the microphone permission is granted
 * the browser hides labels, and a device without one cannot be remembered, so it is left out.
 */
export function shapeDevices(infos: readonly DeviceInfo[]): AudioDeviceLists {
  const inputs: AudioDevice[] = []
  const outputs: AudioDevice[] = []
  const seen = new Set<string>()
  for (const info of infos) {
    const list = info.kind === 'audioinput' ? inputs : info.kind === 'audiooutput' ? outputs : null
    const key = `${info.kind}:${info.deviceId}`
    if (!list || ALIAS_IDS.has(info.deviceId) || info.label === '' || seen.has(key)) continue
    seen.add(key)
    list.push({ id: info.deviceId, label: info.label })
  }
  return { inputs, outputs }
}

/** The remembered device when it is present; null means the system default. */
export function pickDevice(label: string | null, devices: readonly AudioDevice[]): AudioDevice | null {
  if (label === null) return null
  return devices.find((d) => d.label === label) ?? null
}

/** Whether the device in use (by id, null = default) differs from the one that should be. */
export function deviceChanged(wanted: AudioDevice | null, inUseId: string | null): boolean {
  return (wanted?.id ?? null) !== inUseId
}

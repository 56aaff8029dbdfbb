// The Voice view in jsdom over a fake bridge, as its tests mount it. The bridge module reads `window.loa`
// once, on import: the fake is installed before the view and its stores are imported.
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'

export const bridge = installFakeBridge()
export const { default: Voice } = await import('../../renderer/views/Voice.svelte')
export const { VoiceStore } = await import('../../renderer/stores/voice.svelte')
export const { app } = await import('../../renderer/stores/app.svelte')

export const host = viewHost({ ticks: 5 })
export const calls = (channel: string) => bridge.calls.filter((c) => c.channel === channel)
export const $ = (testid: string) => host.target.querySelector<HTMLElement>(`[data-testid="${testid}"]`)

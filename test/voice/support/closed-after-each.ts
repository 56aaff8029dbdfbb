// Voice rigs and werift pages that a test starts and never has to close: each is closed after the test,
// the page first, since it answers on the rig's events.
import { afterEach } from 'vitest'
import { startVoiceRig, type VoiceRig } from './voice-rig'
import { weriftPage, type WeriftPage } from './werift-page'

export interface VoiceRigs {
  start(...args: Parameters<typeof startVoiceRig>): Promise<VoiceRig>
  /** A werift peer standing in for the main window's, on `rig`'s events and WebRTC peers. */
  page(rig: VoiceRig): WeriftPage
}

/** Call at the top of a test file: it registers the afterEach that closes what the test started. */
export function voiceRigsClosedAfterEach(): VoiceRigs {
  let rig: VoiceRig | null = null
  let page: WeriftPage | null = null

  afterEach(async () => {
    await page?.close()
    page = null
    await rig?.close()
    rig = null
  })

  return {
    async start(...args) {
      return (rig = await startVoiceRig(...args))
    },
    page(r) {
      const p = (page = weriftPage(r.events, r.voice.rtc))
      // As the app's page does: frames captured while a link's track carries the microphone say so.
      r.page.onTrack = () => p.micOn && p.current() !== null
      return p
    },
  }
}

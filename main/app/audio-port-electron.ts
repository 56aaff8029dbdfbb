// The audio path in the app: a MessageChannelMain per window. Main keeps port1 for `AudioPorts`; port2 goes to
// the window's preload, which hands it to the page (https://www.electronjs.org/docs/latest/tutorial/message-ports).
import { MessageChannelMain, type MessagePortMain, type WebContents } from 'electron'
import { AUDIO_PORT_CHANNEL } from '../../preload/channels'
import type { AudioPorts } from '../audio-port/audio-ports'
import type { AudioPortEnd } from '../audio-port/port'
import type { CallContext } from '../ipc/router'
import { AppError } from '../errors'

export interface AudioPortWindows {
  webContentsOf(surface: CallContext['surface']): WebContents | null
}

export type OpenAudioPort = (ctx: CallContext, audioPorts: AudioPorts) => void

/** One live port per window: a page that asks again (after a reload) replaces its old port. */
export function createAudioPortOpener(windows: AudioPortWindows): OpenAudioPort {
  const live = new Map<CallContext['surface'], AudioPortEnd>()
  return (ctx, audioPorts) => {
    const contents = windows.webContentsOf(ctx.surface)
    if (!contents || contents.isDestroyed())
      throw new AppError('unavailable', 'The window asking for audio is gone.')
    live.get(ctx.surface)?.close()
    const { port1, port2 } = new MessageChannelMain()
    const end = wrapPort(port1)
    live.set(ctx.surface, end)
    end.onClose(() => {
      if (live.get(ctx.surface) === end) live.delete(ctx.surface)
    })
    audioPorts.attach(end)
    // Messages queue on port1 until start(): listeners are attached above, so none is lost.
    port1.start()
    contents.postMessage(AUDIO_PORT_CHANNEL, null, [port2])
  }
}

export function wrapPort(port: MessagePortMain): AudioPortEnd {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => port.on('message', (event) => listener(event.data)),
    onClose: (listener) => port.on('close', listener),
    close: () => port.close(),
  }
}

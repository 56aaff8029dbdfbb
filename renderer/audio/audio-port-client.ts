// Gets the audio MessagePort from main. MessagePorts cannot cross the context bridge, so the preload
// posts the port into the page as a window message (AUDIO_PORT_MESSAGE, the port in `ports[0]`) after
// `loa.audio.openPort()` asks main for it.
import { AUDIO_PORT_MESSAGE } from '../../preload/channels'
import type { IpcResult } from '../../preload/contract'

/** How long the port may take to arrive after main said yes. */
export const PORT_ARRIVAL_TIMEOUT_MS = 5_000

export class AudioPortError extends Error {
  override readonly name = 'AudioPortError'
}

export async function obtainAudioPort(
  openPort: () => Promise<IpcResult<void>>,
  target: Window = window,
  timeoutMs = PORT_ARRIVAL_TIMEOUT_MS,
): Promise<MessagePort> {
  let onMessage: (e: MessageEvent) => void = () => {}
  let timer: ReturnType<typeof setTimeout> | undefined
  // Listen before asking: the port may arrive before the request's answer does.
  const arrived = new Promise<MessagePort>((resolve) => {
    onMessage = (e: MessageEvent) => {
      const port = e.ports[0]
      if (e.origin !== target.location.origin || e.data !== AUDIO_PORT_MESSAGE || !port) return
      resolve(port)
    }
    target.addEventListener('message', onMessage)
  })
  try {
    const result = await openPort()
    if (!result.ok) throw new AudioPortError(result.error.message)
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AudioPortError('The audio port did not arrive.')), timeoutMs)
    })
    return await Promise.race([arrived, timeout])
  } finally {
    clearTimeout(timer)
    target.removeEventListener('message', onMessage)
  }
}

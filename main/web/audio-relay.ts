// The harness's audio socket as one end of an audio port: the browser cannot hand main a MessagePort,
// so the bridge opens this socket instead and the same port messages cross it as binary frames.
import type { RawData, WebSocket } from 'ws'
import { decodePortMessage, encodePortMessage } from '../../preload/port-codec'
import type { AudioPorts } from '../audio-port/audio-ports'
import type { AudioPortEnd } from '../audio-port/port'
import type { SocketGuard } from './harness-server'

export function relayAudio(ws: WebSocket, guard: SocketGuard, audioPorts: AudioPorts): void {
  const end: AudioPortEnd = {
    postMessage: (message) => ws.readyState === ws.OPEN && ws.send(encodePortMessage(message)),
    onMessage: (listener) =>
      ws.on('message', (data: RawData, isBinary: boolean) => {
        if (guard.refuse(isBinary ? null : 'the audio socket takes binary frames only')) return
        let message: ReturnType<typeof decodePortMessage>
        try {
          message = decodePortMessage(data as Buffer)
        } catch {
          // A MessagePort never delivers a malformed message: what sent one is not the page's bridge.
          guard.refuse('malformed audio frame')
          return
        }
        listener(message)
      }),
    onClose: (listener) => ws.on('close', listener),
    close: () => ws.close(),
  }
  audioPorts.attach(end)
}

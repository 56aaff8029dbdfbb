// A capture frame as the page posts it to main: the message and the transfer list that moves the frame's
// buffer instead of copying it. The page's copy is detached afterwards, which is fine: it is sent once.
import type { CaptureFrame, RendererToMain } from './port-messages'

export interface CaptureMessage {
  message: Extract<RendererToMain, { type: 'capture' }>
  transfer: Transferable[]
}

export function captureMessage(rateHz: number, frame: CaptureFrame, onTrack = false): CaptureMessage {
  return {
    message: onTrack
      ? { type: 'capture', rateHz, samples: frame.samples, onTrack }
      : { type: 'capture', rateHz, samples: frame.samples },
    transfer: [frame.samples.buffer],
  }
}

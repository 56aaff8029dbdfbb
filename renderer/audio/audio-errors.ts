// What getUserMedia's failures mean to the user (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia).
import type { AudioErrorKey } from './voice-audio-api'

export function micErrorKey(err: unknown): AudioErrorKey {
  // Chromium's OverconstrainedError is not always an Error or a DOMException: read the name alone.
  const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : ''
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'audio.error.denied'
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'audio.error.noInput'
    case 'NotReadableError':
    case 'AbortError':
      return 'audio.error.inputBusy'
    case 'TypeError':
    case 'NotSupportedError':
      return 'audio.error.unsupported'
    default:
      return 'audio.error.inputBusy'
  }
}

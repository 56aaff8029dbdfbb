// What sharing a window, the screen or the camera changes for a conversation (realtime-api.md "Session
// create request": `input.video`, which "caps the session at 2 minutes"; "Errors":
// `realtime_video_not_allowed`). Video stays off at creation; sharing takes a session of its own, with
// video on, and stopping it goes back to an audio-only one. Either way the model starts fresh.
import type { VoiceModel } from '../../preload/contract'
import { AppError } from '../errors'
import type { EngineEvent, EngineOptions, SessionEngine } from '../realtime'

/** The spec's cap on a session with video on. */
export const VIDEO_SESSION_MAX_SEC = 120

export const VIDEO_NOT_ALLOWED = 'realtime_video_not_allowed'

/** The options of the session that carries the sharing: the conversation's own, with video and its cap. */
export function videoOptions(options: EngineOptions): EngineOptions {
  const maxDurationSec = Math.min(options.maxDurationSec ?? VIDEO_SESSION_MAX_SEC, VIDEO_SESSION_MAX_SEC)
  return { ...options, input: { audio: true, video: true, text: true }, maxDurationSec }
}

/**
 * Refused before any session is made when the models list says the model takes no video; a list that
 * does not say leaves it to the service, which answers with the same code.
 */
export function checkTakesVideo(model: string, listed: VoiceModel | undefined): void {
  if (listed?.acceptsVideo !== false) return
  throw new AppError('invalid_input', `The model ${model} does not take video.`, { code: VIDEO_NOT_ALLOWED })
}

/**
 * Resolves when the engine's session is open, or when the engine ended first (sharing was stopped while
 * it opened); rejects with its error when no session could be opened.
 */
export function sessionOpened(engine: SessionEngine): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = engine.on((event: EngineEvent) => {
      if (event.type === 'session' || event.type === 'summary') {
        stop()
        resolve()
      } else if (event.type === 'error' && event.fatal) {
        stop()
        const e = event.error
        reject(
          new AppError(e.kind, e.message, {
            ...(e.code ? { code: e.code } : {}),
            ...(e.retryAfterMs === undefined ? {} : { retryAfterMs: e.retryAfterMs }),
          }),
        )
      }
    })
  })
}

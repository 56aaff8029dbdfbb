// getDisplayMedia in our pages (sharing a window or the screen with the voice model): Electron has no
// picker of its own, so this answers the request. The system picker is used where Electron offers one
// (macOS 15 and later); elsewhere the whole first screen is shared, which the Voice view says before
// the click. Pages of other origins get nothing.
import { desktopCapturer, type Session } from 'electron'
import type { OriginCheck } from './origins'

export function answerDisplayMedia(session: Session, isOurs: OriginCheck): void {
  session.setDisplayMediaRequestHandler(
    (request, callback) => {
      const origin = request.securityOrigin || request.frame?.url || ''
      if (!isOurs(origin) || !request.videoRequested) return callback({})
      desktopCapturer.getSources({ types: ['screen', 'window'] }).then(
        (sources) => {
          const screen = sources.find((s) => s.id.startsWith('screen:')) ?? sources[0]
          callback(screen ? { video: screen } : {})
        },
        () => callback({}),
      )
    },
    { useSystemPicker: true },
  )
}

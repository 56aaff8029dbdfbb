// Requests only the main window may make: it alone holds the voice audio, and so the WebRTC peers.
import { AppError } from '../errors'
import type { CallContext } from './router'

/** Passes `value` through when the main window sent it; the popup holds no peers. */
export function mainWindowOnly<T>(ctx: CallContext, value: T): T {
  if (ctx.surface !== 'main') throw new AppError('forbidden', 'Only the main window holds WebRTC peers.')
  return value
}

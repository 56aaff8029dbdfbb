// An error from main, in the user's language. Main's own message is written for logs, in English; the
// dictionary says the same in words the user reads.
import type { IpcError } from '../../../preload/contract'
import type { Translate } from './translate'

export function errorText(error: IpcError, t: Translate): string {
  // A 403 on Account & Usage is not a failure to retry: this kind of account simply has no such data.
  if (error.kind === 'forbidden') return t('account.notAvailable')
  return t(`error.${error.kind}`, { seconds: Math.max(1, Math.ceil((error.retryAfterMs ?? 0) / 1000)) })
}

// An error from main on the account's parts, in the user's language (lib/error-text.ts), with the one
// exception of this view: a 403 on Account & Usage is not a failure to retry.
import type { IpcError } from '../../../preload/contract'
import { errorText as said, type Words } from '../../lib/error-text'

export function errorText(error: IpcError, words: Words): string {
  // This kind of account (reseller or internal) simply has no such data.
  if (error.kind === 'forbidden') return words.t('account.notAvailable')
  return said(error, words)
}

// The session's spending cap as the Voice view states it. Loa sends no `max_spend_vnd`, so the service sets
// the cap itself: "computed from model price and duration, minimum 50,000 VND" (realtime-api.md, session
// fields). Before a session there is no figure yet, only that floor; once the session exists, its own.
import type { Language } from '../../../preload/contract'
import { formatVnd } from '../../lib/format'
import type { Translate } from '../account/translate'

/** The least cap the service computes when the request names none (realtime-api.md, Limits). */
export const SERVICE_MIN_SPEND_CAP_VND = 50_000

export function spendCapText(maxSpendVnd: number | null, lang: Language, t: Translate): string {
  if (maxSpendVnd === null)
    return t('voice.cost.capByService', { amount: formatVnd(SERVICE_MIN_SPEND_CAP_VND, lang) })
  // The spec's 0 means the session has no cap at all.
  if (maxSpendVnd === 0) return t('voice.cost.noCap')
  return t('voice.cost.capSet', { amount: formatVnd(maxSpendVnd, lang) })
}

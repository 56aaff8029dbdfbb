// The session's spending cap as the Voice view states it. Once a session exists, its own figure
// (`billing.max_spend_vnd`, the service's word on it). Before, what Settings asks for; and when Settings
// asks for nothing, `max_spend_vnd` is left out and the service sets the cap itself: "computed from model
// price and duration, minimum 50,000 VND" (realtime-api.md, session fields), so only that floor is known.
import type { Language } from '../../../preload/contract'
import { formatVnd } from '../../lib/format'
import type { Translate } from '../account/translate'

/** The least cap the service computes when the request names none (realtime-api.md, Limits). */
export const SERVICE_MIN_SPEND_CAP_VND = 50_000

export function spendCapText(
  maxSpendVnd: number | null,
  lang: Language,
  t: Translate,
  /** The setting, for before a session exists: null asks the service for its own. */
  askedVnd: number | null = null,
): string {
  if (maxSpendVnd === null && askedVnd !== null && askedVnd > 0)
    return t('voice.cost.capAsked', { amount: formatVnd(askedVnd, lang) })
  if (maxSpendVnd === null && askedVnd === 0) return t('voice.cost.noCap')
  if (maxSpendVnd === null)
    return t('voice.cost.capByService', { amount: formatVnd(SERVICE_MIN_SPEND_CAP_VND, lang) })
  // The spec's 0 means the session has no cap at all.
  if (maxSpendVnd === 0) return t('voice.cost.noCap')
  return t('voice.cost.capSet', { amount: formatVnd(maxSpendVnd, lang) })
}

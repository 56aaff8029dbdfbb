// What a tool call's card in the captions says, in the user's language: what was checked and the figure
// the model was given. An amount the result does not hold reads "unknown", never 0 ₫.
import type { Language, VoiceToolCall } from '../../../preload/contract'
import { formatVnd } from '../../lib/format'
import type { MessageKey } from '../../lib/i18n/vi'
import type { Translate } from '../account/translate'

const VIEW_KEYS: Record<string, MessageKey> = {
  voice: 'nav.voice',
  reader: 'nav.reader',
  usage: 'nav.usage',
  catalog: 'nav.catalog',
  settings: 'nav.settings',
}

type Fields = Record<string, unknown>

export function toolCardText(tool: VoiceToolCall, t: Translate, lang: Language): string {
  const name = tool.name
  if (tool.state === 'running') return t('voice.tool.running', { name })
  if (tool.state === 'cancelled') return t('voice.tool.cancelled', { name })
  if (tool.state === 'failed') return t('voice.tool.failed', { name, message: tool.error?.message ?? '' })
  const r = (typeof tool.result === 'object' && tool.result !== null ? tool.result : {}) as Fields
  const vnd = (v: unknown) => (typeof v === 'number' ? formatVnd(v, lang) : t('voice.tool.unknown'))
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : t('voice.tool.unknown'))
  switch (name) {
    case 'get_balance':
      return t('voice.tool.get_balance', { amount: vnd(r.balanceVnd) })
    case 'get_spend':
      return t('voice.tool.get_spend', {
        today: vnd(r.todayVnd),
        week: vnd(r.last7DaysVnd),
        month: vnd(r.monthVnd),
      })
    case 'get_usage_by_model':
    case 'get_pool_quota':
    case 'read_aloud':
      return t(`voice.tool.${name}`)
    case 'get_model_price':
    case 'find_cheapest_speech_model':
      return t(`voice.tool.${name}`, { model: text(r.model) })
    case 'open_view': {
      const key = VIEW_KEYS[String(r.opened)]
      return t('voice.tool.open_view', { view: key ? t(key) : text(r.opened) })
    }
    default:
      return t('voice.tool.other', { name })
  }
}

// `loa realtime-models`: the realtime voice models with their prices for the caller's plan
// (realtime-api.md `GET /v1/realtime/models`).
import type { Language } from '../../../preload/contract'
import type { ModelList } from '../../api/realtime/sessions-api'
import { DASH, formatVnd } from '../format'
import { cliLanguage, fill } from '../language'
import { printResult } from '../management-verb'
import { REALTIME_MODELS_WORDS as W } from '../output-words'
import { renderTable } from '../table'
import { noArguments, type Verb } from '../verb'
import { formatDuration, withSessionsApi } from './sessions'

export const realtimeModelsVerb: Verb = {
  name: 'realtime-models',
  summary: {
    en: 'realtime voice models and what a minute of conversation costs',
    vi: 'các mô hình giọng nói thời gian thực và giá một phút trò chuyện',
  },
  usage: 'loa realtime-models [--json]',
  help: {
    en: `Lists the realtime voice models your plan can use: wire protocol, default transport, longest
session, audio prices per 1M tokens, and the typical cost of a minute of conversation in VND
(two turns a minute, both sides speaking about equally). A model listed without a complete price
table is marked not available: the service refuses to open a session on it.

With --json, prints {"plan", "models": [...]} as parsed from the service.`,
    vi: `Liệt kê các mô hình giọng nói thời gian thực mà gói của bạn dùng được: giao thức, kênh truyền mặc định,
phiên dài nhất, giá âm thanh theo 1M token, và chi phí thường gặp của một phút trò chuyện bằng VND (hai
lượt mỗi phút, hai bên nói gần bằng nhau). Mô hình nào không có bảng giá đầy đủ được ghi là không dùng
được: dịch vụ từ chối mở phiên trên nó.

Với --json, in {"plan", "models": [...]} sau khi phân tích từ dịch vụ.`,
  },
  options: {},
  async run(ctx) {
    noArguments(ctx.positionals)
    return withSessionsApi(ctx, 'realtime-models', async (api) => {
      const list = await api.models()
      await printResult(ctx, list, () => renderModels(list, cliLanguage(ctx.env)))
    })
  },
}

export function renderModels(list: ModelList, language: Language = 'en'): string {
  const price = (vnd: number | null) => (vnd === null ? DASH : formatVnd(vnd))
  const rows = list.models.map((m) => [
    m.id,
    m.name ?? DASH,
    price(m.estimatedVndPerMin),
    price(m.audioInVndPer1M),
    price(m.audioOutVndPer1M),
    m.maxSessionSec === null ? DASH : formatDuration(m.maxSessionSec),
    m.protocol ?? DASH,
    m.configured === false ? W.notAvailable[language] : '',
  ])
  const columns = [
    { header: W.model[language] },
    { header: W.name[language] },
    { header: W.perMinute[language], align: 'right' as const },
    { header: W.audioIn[language], align: 'right' as const },
    { header: W.audioOut[language], align: 'right' as const },
    { header: W.maxSession[language], align: 'right' as const },
    { header: W.protocol[language] },
    { header: '' },
  ]
  const plan = list.plan ? `${fill(W.forPlan[language], { plan: list.plan })}\n` : ''
  return plan + renderTable(columns, rows)
}

// `loa voices [--model M]`: the speech voices (tts-api.md `GET /v1/audio/voices`), or the text-to-speech
// models with their prices when asked with --models.
import { voicesOfModel } from '../../api/tts/model-voices'
import { TtsClient } from '../../api/tts/tts-client'
import { rulesFor } from '../../api/tts/tts-rules'
import type { TtsModel, TtsVoiceList } from '../../api/tts/tts-schemas'
import type { Language } from '../../../preload/contract'
import { DASH, formatCount, formatVnd } from '../format'
import { cliLanguage } from '../language'
import { VOICES_WORDS as W } from '../output-words'
import { printResult } from '../management-verb'
import { renderTable } from '../table'
import { noArguments, UsageError, type Verb } from '../verb'
import { withEndpoint } from '../with-endpoint'

export const voicesVerb: Verb = {
  name: 'voices',
  summary: {
    en: 'text-to-speech voices, or the speech models and their prices',
    vi: 'các giọng đọc văn bản, hoặc các mô hình giọng nói và giá của chúng',
  },
  usage: 'loa voices [--model M] [--models] [--json]',
  help: {
    en: `Lists the voices of a speech model: id, name, language, gender and accent, with the model's
default voice marked and the aliases it accepts. Without --model, the service's general voice list.

With --models, lists the speech models instead: price per 1M characters in VND, input limit per request,
formats and free allowance.

With --json, prints what the service answered, as parsed.`,
    vi: `Liệt kê các giọng của một mô hình giọng nói: mã, tên, ngôn ngữ, giới tính và giọng vùng miền, có đánh
dấu giọng mặc định của mô hình và các tên khác nó nhận. Không có --model thì là danh sách giọng chung của
dịch vụ.

Với --models, liệt kê các mô hình giọng nói thay vào đó: giá theo 1M ký tự bằng VND, giới hạn đầu vào mỗi
yêu cầu, các định dạng và phần miễn phí.

Với --json, in câu trả lời của dịch vụ sau khi phân tích.`,
  },
  options: { model: { type: 'string' }, models: { type: 'boolean' } },
  async run(ctx) {
    noArguments(ctx.positionals)
    const model = typeof ctx.values.model === 'string' ? ctx.values.model : undefined
    if (ctx.values.models === true && model !== undefined)
      throw new UsageError('--models lists every model; leave out --model.')
    return withEndpoint(ctx, 'voices', async (endpoint) => {
      const client = new TtsClient({ endpoint })
      if (ctx.values.models === true) {
        const models = await client.models()
        return printResult(ctx, models, () => renderSpeechModels(models, cliLanguage(ctx.env)))
      }
      const answered = await client.voices(model)
      const list = model === undefined ? answered : voicesOfModel(model, answered)
      await printResult(ctx, list, () => renderVoices(list, model, cliLanguage(ctx.env)))
    })
  },
}

/** How a model names voices beyond the ones listed (tts-api.md "Voice naming per group"). */
function namingRule(model: string | undefined, language: Language): string {
  const rule = model === undefined ? null : rulesFor(model).voice
  if (rule?.kind === 'pattern') return `${W.patternRule[language]}\n`
  if (rule?.kind === 'language_code') return `${W.languageCodeRule[language]}\n`
  return ''
}

export function renderVoices(list: TtsVoiceList, model?: string, language: Language = 'en'): string {
  if (list.voices.length === 0) return namingRule(model, language) || `${W.none[language]}\n`
  const rows = list.voices.map((v) => [
    v.id === list.defaultVoice ? `${v.id} (${W.byDefault[language]})` : v.id,
    v.name === v.id ? '' : v.name,
    v.locale ?? v.language ?? DASH,
    v.gender ?? DASH,
    v.accent ?? '',
  ])
  const table = renderTable(
    [
      { header: W.voice[language] },
      { header: W.name[language] },
      { header: W.language[language] },
      { header: W.gender[language] },
      { header: W.accent[language] },
    ],
    rows,
  )
  const aliases = Object.entries(list.aliases)
  const aliasLine =
    aliases.length === 0
      ? ''
      : `${W.aliases[language]}: ${aliases.map(([from, to]) => `${from} → ${to}`).join(', ')}\n`
  return table + aliasLine + namingRule(model, language)
}

export function renderSpeechModels(models: readonly TtsModel[], language: Language = 'en'): string {
  const rows = models.map((m) => [
    m.id,
    m.free === true ? W.free[language] : m.priceVndPer1M === null ? DASH : formatVnd(m.priceVndPer1M),
    m.maxInputChars === null ? DASH : formatCount(m.maxInputChars),
    m.formats?.join(' ') ?? DASH,
    m.freeCharsPerMonth ? `${formatCount(m.freeCharsPerMonth)} ${W.freePerMonth[language]}` : '',
  ])
  return renderTable(
    [
      { header: W.model[language] },
      { header: W.pricePer1M[language], align: 'right' as const },
      { header: W.maxChars[language], align: 'right' as const },
      { header: W.formats[language] },
      { header: '' },
    ],
    rows,
  )
}

// get_model_price: a model's price on the user's plan. Speech models come from the Reader's list (VND
// per million characters); any other model from the management API's model detail, whose VND fields are
// already the plan's.
import { stringArg, type VoiceTool } from './tool'

export const getModelPrice: VoiceTool = {
  declaration: {
    type: 'function',
    name: 'get_model_price',
    description: "A model's price in VND on the user's plan. Give the model id, e.g. openai/tts-1.",
    parameters: {
      type: 'object',
      properties: { model: { type: 'string', description: 'the model id' } },
      required: ['model'],
    },
  },
  sideEffect: false,
  available: () => true,
  async run(args, deps) {
    const id = stringArg(args, 'model')
    const speech = (await deps.speechModels()).models.find((m) => m.id === id)
    if (speech) {
      return {
        model: id,
        kind: 'speech',
        free: speech.free,
        vndPer1MChars: speech.unitPriceVndPer1M,
        freeCharsPerMonth: speech.freeCharsPerMonth,
      }
    }
    const detail = await deps.management().model(id, { priority: 'foreground' })
    return { model: id, kind: detail.kind, prices: vndFields(detail.model) }
  },
}

/** The VND figures of a catalog entry, nested ones by their path; what the plan pays is among them. */
function vndFields(value: unknown, path = ''): Record<string, number> {
  const out: Record<string, number> = {}
  if (typeof value !== 'object' || value === null) return out
  for (const [key, v] of Object.entries(value)) {
    const at = path === '' ? key : `${path}.${key}`
    if (typeof v === 'number' && /vnd/i.test(key)) out[at] = v
    else if (typeof v === 'object') Object.assign(out, vndFields(v, at))
  }
  return out
}

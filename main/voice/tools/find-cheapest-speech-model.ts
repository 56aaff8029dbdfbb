// find_cheapest_speech_model: the cheapest speech model this key may use for a language, from the
// Reader's list: a free one first, else the lowest price per million characters. A model whose price is
// unknown is never taken for the cheapest.
import type { ReaderModel } from '../../../preload/contract'
import { stringArg, type VoiceTool } from './tool'

export const findCheapestSpeechModel: VoiceTool = {
  declaration: {
    type: 'function',
    name: 'find_cheapest_speech_model',
    description: "The cheapest text-to-speech model for a language (vi or en) on the user's plan.",
    parameters: {
      type: 'object',
      properties: { language: { type: 'string', enum: ['vi', 'en'] } },
      required: ['language'],
    },
  },
  sideEffect: false,
  available: () => true,
  async run(args, deps) {
    const language = stringArg(args, 'language').toLowerCase().startsWith('en') ? 'en' : 'vi'
    const { models } = await deps.speechModels()
    const usable = models.filter(
      (m) => m.allowedForKey && m.closed === null && (language === 'en' || m.vietnamese === 'native'),
    )
    const price = (m: ReaderModel): number | null => (m.free ? 0 : m.unitPriceVndPer1M)
    const priced = usable.filter((m) => price(m) !== null)
    priced.sort((a, b) => (price(a) as number) - (price(b) as number))
    const best = priced[0]
    if (!best) return { language, model: null }
    return {
      language,
      model: best.id,
      name: best.name,
      vndPer1MChars: price(best),
      freeCharsPerMonth: best.freeCharsPerMonth,
    }
  },
}

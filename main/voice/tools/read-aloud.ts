// read_aloud: reads a text through the Reader with its saved model and voice. It costs money, so it is
// declared only when the user turned it on in Settings.
import { stringArg, type VoiceTool } from './tool'

/** A spoken request for a reading is short; a long one is more likely a mistake than a wish. */
const MAX_CHARS = 5_000

export const readAloud: VoiceTool = {
  declaration: {
    type: 'function',
    name: 'read_aloud',
    description: 'Reads the given text aloud with the Reader (text-to-speech). It costs money.',
    parameters: {
      type: 'object',
      properties: { text: { type: 'string', description: 'the text to read' } },
      required: ['text'],
    },
  },
  sideEffect: true,
  available: (deps) => deps.readAloud !== undefined,
  async run(args, deps) {
    const text = stringArg(args, 'text').slice(0, MAX_CHARS)
    if (!deps.readAloud) throw new Error('There is no Reader here.')
    const reading = await deps.readAloud(text)
    return { reading: true, ...reading }
  },
}

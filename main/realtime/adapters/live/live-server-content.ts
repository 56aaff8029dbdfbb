// One `serverContent` message (realtime-protocols.md §3.3). Its fields may come together in one frame,
// so each is read in the order a turn unfolds: user text, model output, then end-of-turn signals.
import { OUTPUT_RATE_HZ, type RealtimeEvent } from '../../engine/events'
import { arr, obj, str, type JsonObject } from '../../../api/json-fields'
import { base64ToInt16 } from '../../../audio/pcm'
import type { LiveTurns } from './live-turns'

const MAX_RATE_HZ = 384_000

export function serverContent(content: JsonObject, turns: LiveTurns, out: RealtimeEvent[]): void {
  const input = obj(content.inputTranscription)
  if (input) turns.userText(str(input.text) ?? '', input.finished === true, out)
  const interim = obj(content.interimInputTranscription)
  if (interim) turns.userInterim(str(interim.text) ?? '', out)

  for (const part of arr(obj(content.modelTurn)?.parts)) modelPart(obj(part), turns, out)
  // Often `{}` on Vertex (realtime-protocols.md §3.5): nothing to add.
  const output = obj(content.outputTranscription)
  if (output) turns.modelText(str(output.text) ?? '', 'audio', out)

  if (content.interrupted === true) turns.interrupted(out)
  if (content.generationComplete === true) turns.generationComplete(out)
  if (content.turnComplete === true) turns.turnComplete(str(content.turnCompleteReason), out)
}

function modelPart(part: JsonObject | null, turns: LiveTurns, out: RealtimeEvent[]): void {
  if (!part) return void turns.stats.invalidEvents++
  const inline = obj(part.inlineData)
  if (inline) return audioPart(inline, turns, out)
  // Thoughts are the model's reasoning, not its answer; executable code and results are tool plumbing.
  const text = str(part.text)
  if (text !== null && part.thought !== true) turns.modelText(text, 'text', out)
}

function audioPart(inline: JsonObject, turns: LiveTurns, out: RealtimeEvent[]): void {
  const mimeType = str(inline.mimeType)
  const data = str(inline.data)
  const rateHz = mimeType === null ? null : pcmRateHz(mimeType)
  if (data === null || rateHz === null) return void turns.stats.invalidEvents++
  turns.modelAudio(base64ToInt16(data), rateHz, out)
}

/**
 * `audio/pcm;rate=24000` on the Developer API, plain `audio/pcm` on Vertex (realtime-protocols.md §3.1):
 * the rate when given, else 24 kHz; null for anything that is not PCM or names an impossible rate.
 */
export function pcmRateHz(mimeType: string): number | null {
  const [type = '', ...params] = mimeType.split(';').map((p) => p.trim().toLowerCase())
  if (type !== 'audio/pcm') return null
  const rate = params.find((p) => p.startsWith('rate='))
  if (rate === undefined) return OUTPUT_RATE_HZ
  const hz = /^rate=(\d{1,6})$/.exec(rate)?.[1]
  const n = hz === undefined ? 0 : Number(hz)
  return n > 0 && n <= MAX_RATE_HZ ? n : null
}

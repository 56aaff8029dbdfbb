// The one eSpeak-NG instance of the process. Loading it costs ~200 ms and ~25 MB of voice data, so it is
// created once, on first use, and every synthesis goes through a queue because the instance is not
// re-entrant.
import initEspeak, { type ESpeakNGWorker } from '@echogarden/espeak-ng-emscripten'

/** eSpeak-NG always renders at this rate; callers resample. */
export const ESPEAK_SAMPLE_RATE_HZ = 22_050

export interface EspeakVoiceSettings {
  /** eSpeak voice identifier, optionally with a `+variant` suffix (e.g. `vi+f3`). */
  voice: string
  wordsPerMinute: number
  /** 0-99, eSpeak's default 50. */
  pitch: number
}

let instance: Promise<{ worker: ESpeakNGWorker; voices: Set<string> }> | undefined
let queue: Promise<unknown> = Promise.resolve()

function load() {
  instance ??= initEspeak().then((mod) => {
    const worker = new mod.eSpeakNGWorker()
    const voices = new Set<string>()
    for (const v of worker.list_voices()) {
      const id = v.identifier.split('/').pop() ?? v.identifier
      voices.add(id.toLowerCase())
      for (const lang of v.languages) voices.add(lang.name.toLowerCase())
    }
    return { worker, voices }
  })
  return instance
}

/** Language names and voice identifiers eSpeak knows, lower-case (e.g. `vi`, `en-us`, `cmn`). */
export async function espeakVoiceNames(): Promise<Set<string>> {
  return (await load()).voices
}

/** The engine reads SSML-style markup, so plain text is escaped first. */
function escapeMarkup(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')
}

/** Renders one piece of text at 22,050 Hz. Calls are serialised. */
export function renderWithEspeak(text: string, settings: EspeakVoiceSettings): Promise<Int16Array> {
  const job = queue.then(async () => {
    const { worker } = await load()
    worker.set_voice(settings.voice)
    worker.set_rate(Math.round(settings.wordsPerMinute))
    worker.set_pitch(Math.round(settings.pitch))
    const chunks: Int16Array[] = []
    let total = 0
    worker.synthesize(escapeMarkup(text), (samples) => {
      if (samples && samples.length > 0) {
        chunks.push(samples)
        total += samples.length
      }
      return false
    })
    const out = new Int16Array(total)
    let at = 0
    for (const c of chunks) {
      out.set(c, at)
      at += c.length
    }
    return out
  })
  queue = job.catch(() => undefined)
  return job
}

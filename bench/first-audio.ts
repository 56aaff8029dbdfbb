// Time to first audio of a reading against the demo service: from just before the SpeechJob is made to its
// onChunk for chunk 0. Shared by the tts and documents suites.
import type { TtsClient } from '../main/api/tts/tts-client'
import type { TtsFormat } from '../main/api/tts/tts-rules'
import { SpeechJob, SpeechJobError, type SpeechSynthesizer } from '../main/tts/speech-job'

export interface FirstAudioRun {
  model: string
  voice: string
  format: TtsFormat
  rules: { maxInputChars: number; unitPriceVndPer1M: number }
  firstChunkChars: number | undefined
  text: string
  /** A document's sentences (see SpeechJobOptions.parts), joined `text`, one chunk each. */
  parts?: readonly string[]
  /** Called as the job's first request is handed to the client, and at its first audio. */
  onRequest?: () => void
  onFirstAudio?: () => void
  /** The first chunk's characters, as it arrives. */
  onFirstChunk?: (chars: number) => void
}

/** Reads `text` with a fresh job; returns the ms to its first audio once its requests have all ended. */
export async function timeToFirstAudioMs(client: TtsClient, run: FirstAudioRun): Promise<number> {
  // The demo synthesizes a request to the end even when its caller has gone; one aborted at cancel
  // would still hold eSpeak during the next run. So the job's abort is not passed on.
  const unabortable: SpeechSynthesizer = {
    synthesize: (request, opts) => {
      run.onRequest?.()
      return client.synthesize(request, { idempotencyKey: opts.idempotencyKey })
    },
  }
  let firstMs = Number.NaN
  const started = performance.now()
  const job: SpeechJob = new SpeechJob({
    client: unabortable,
    request: { model: run.model, voice: run.voice, responseFormat: run.format },
    text: run.text,
    ...(run.parts ? { parts: run.parts } : {}),
    rules: run.rules,
    ...(run.firstChunkChars === undefined ? {} : { firstChunkChars: run.firstChunkChars }),
    onChunk: (chunk) => {
      if (chunk.index !== 0) return
      firstMs = performance.now() - started
      run.onFirstChunk?.(chunk.chars)
      run.onFirstAudio?.()
      job.cancel()
    },
  })
  await job.run().catch((error: unknown) => {
    if (!(error instanceof SpeechJobError && error.code === 'SPEECH_JOB_CANCELLED')) throw error
  })
  if (!Number.isFinite(firstMs)) throw new Error('The job ended without delivering its first chunk.')
  return firstMs
}

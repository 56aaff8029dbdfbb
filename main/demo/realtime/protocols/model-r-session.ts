// The `session` payload of Model-R `session.created` / `session.updated`, GA and beta shapes
// (realtime-protocols.md §2.3), and the parsing of `session.update`.
import { z } from 'zod'
import { turnDetectionSchema } from '../create-params'
import type { RealtimeSession } from '../session'
import type { EventNameSet } from './model-r-names'

const TRANSCRIPTION_MODEL = 'demo-transcribe'

export function sessionPayload(s: RealtimeSession, names: EventNameSet): Record<string, unknown> {
  const p = s.params
  const transcription = p.inputAudioTranscription ? { model: TRANSCRIPTION_MODEL } : null
  const common = {
    id: s.id,
    object: 'realtime.session',
    model: p.model.id,
    instructions: s.model.instructions ?? '',
    tools: p.tools,
    tool_choice: 'auto',
  }
  if (names === 'beta') {
    return {
      ...common,
      modalities: p.modalities,
      voice: p.voice,
      input_audio_format: 'pcm16',
      output_audio_format: 'pcm16',
      input_audio_transcription: transcription,
      turn_detection: s.model.turnDetection,
      temperature: 0.8,
      max_response_output_tokens: 'inf',
    }
  }
  return {
    type: 'realtime',
    ...common,
    output_modalities: p.modalities,
    max_output_tokens: 'inf',
    audio: {
      input: {
        format: { type: 'audio/pcm', rate: 16_000 },
        transcription,
        noise_reduction: null,
        turn_detection: s.model.turnDetection,
      },
      output: { format: { type: 'audio/pcm', rate: 24_000 }, voice: p.voice, speed: 1 },
    },
  }
}

const sessionUpdateSchema = z.object({
  instructions: z.string().nullable().optional(),
  turn_detection: turnDetectionSchema.nullable().optional(),
  audio: z
    .object({ input: z.object({ turn_detection: turnDetectionSchema.nullable().optional() }).optional() })
    .optional(),
})

/** Applies the fields the demo model can change mid-session; others are accepted and ignored. */
export function applySessionUpdate(s: RealtimeSession, raw: unknown): string | null {
  const parsed = sessionUpdateSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `Invalid 'session.${issue?.path.join('.') ?? ''}': ${issue?.message ?? 'bad value'}.`
  }
  const u = parsed.data
  if (u.instructions !== undefined) s.model.setInstructions(u.instructions)
  const td = u.audio?.input?.turn_detection !== undefined ? u.audio.input.turn_detection : u.turn_detection
  if (td !== undefined) s.model.setTurnDetection(td)
  return null
}

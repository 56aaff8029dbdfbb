// Validation of a POST /v1/audio/speech body against the model's rules. Everything here happens before
// any synthesis or charge, so every refusal is free.
import type { SeededAccount } from '../accounts/directory'
import { UNENCODABLE_FORMATS } from '../encode/index'
import { findTtsModel, type AudioFormat, type TtsModelDef } from './models'
import { resolveVoice, type VoiceResolution } from './voice-resolve'

export const ALL_FORMATS: readonly AudioFormat[] = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm', 'ogg']

export interface SpeechJob {
  model: TtsModelDef
  /** `input` after NFC normalisation: what is spoken and what is billed. */
  input: string
  /** Billed characters: Unicode code points of the NFC text. */
  chars: number
  voice: Extract<VoiceResolution, { ok: true }>
  format: AudioFormat
  /** Speed actually applied to synthesis after the model's rule. */
  speed: number
  /** What makes two requests "identical" for idempotency: the spec's five fields as sent. */
  identity: string
}

export interface Refusal {
  status: 400 | 403 | 501
  code: string
  type: string
  message: string
  param: string | null
}

const refuse = (code: string, message: string, param: string | null): Refusal => ({
  status: 400,
  code,
  type: 'invalid_request_error',
  message,
  param,
})

/** Ids the service does not open; the spec names them so clients learn the right ones. */
function unknownModelMessage(id: string): string {
  if (
    /^elevenlabs\/eleven_(flash|turbo)_v2(_5)?$|^elevenlabs\/eleven_v3_conversational$|^elevenlabs\/eleven_v4_turbo$/.test(
      id,
    )
  ) {
    return `The model '${id}' does not exist. Multi-vendor model ids use hyphens, e.g. 'elevenlabs/eleven-flash-v2.5'.`
  }
  if (/multilingual[-_]v2/.test(id)) return `The model '${id}' does not exist.`
  if (/wavenet|neural2|chirp/i.test(id)) {
    return `The model '${id}' does not exist. Google Cloud WaveNet, Neural2 and Chirp-HD models were replaced on 2026-07-25 by 'google/gemini-2.5-flash-tts', 'google/gemini-3-flash-preview-tts' and 'google/gemini-2.5-pro-tts'.`
  }
  return `The model '${id}' does not exist. See GET /v1/models/tts.`
}

/**
 * "Unicode characters after NFC normalisation (...; an emoji counts 1)": the code points of the NFC text,
 * as the model list's `character_counting` says. The common emoji is one code point; a ZWJ family is 7.
 * The service's own count, kept apart from the client's so the two cannot share a misreading of the spec.
 * One pass, so a huge input is measured against the limit at once.
 */
export function countBilledChars(nfcText: string): number {
  let n = 0
  for (let i = 0; i < nfcText.length; i++) {
    const unit = nfcText.charCodeAt(i)
    // The high half of a surrogate pair counts for the pair; its low half is skipped.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = nfcText.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    n++
  }
  return n
}

function applySpeed(
  model: TtsModelDef,
  raw: unknown,
): { ok: true; speed: number } | { ok: false; refusal: Refusal } {
  if (raw !== undefined && (typeof raw !== 'number' || !Number.isFinite(raw))) {
    return { ok: false, refusal: refuse('invalid_parameter', "'speed' must be a number.", 'speed') }
  }
  const speed = raw ?? 1
  const rule = model.speed
  switch (rule.mode) {
    case 'ignored':
      return { ok: true, speed: 1 }
    case 'fixed':
      return speed === 1
        ? { ok: true, speed: 1 }
        : {
            ok: false,
            refusal: refuse(
              'invalid_parameter',
              `Model '${model.id}' does not support 'speed'; send 1.0 or omit it.`,
              'speed',
            ),
          }
    case 'clamp':
      return { ok: true, speed: Math.min(rule.max, Math.max(rule.min, speed)) }
    case 'range':
      return speed >= rule.min && speed <= rule.max
        ? { ok: true, speed }
        : {
            ok: false,
            refusal: refuse(
              'invalid_parameter',
              `'speed' must be between ${rule.min} and ${rule.max}; got ${speed}.`,
              'speed',
            ),
          }
  }
}

export function parseSpeechRequest(
  body: unknown,
  account: SeededAccount,
): { ok: true; job: SpeechJob } | { ok: false; refusal: Refusal } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return {
      ok: false,
      refusal: refuse('invalid_parameter', 'The request body must be a JSON object.', null),
    }
  }
  const b = body as Record<string, unknown>

  if (typeof b.model !== 'string' || b.model === '') {
    return { ok: false, refusal: refuse('missing_parameter', "'model' is required.", 'model') }
  }
  const model = findTtsModel(b.model)
  if (!model) return { ok: false, refusal: refuse('model_not_found', unknownModelMessage(b.model), 'model') }
  if (account.modelAllowlist && !account.modelAllowlist.includes(model.id)) {
    return {
      ok: false,
      refusal: {
        status: 403,
        code: 'model_not_allowed',
        type: 'permission_error',
        message: `This API key may not use '${model.id}'. Allowed models: ${account.modelAllowlist.join(', ')}.`,
        param: 'model',
      },
    }
  }

  if (typeof b.input !== 'string' || b.input.trim() === '') {
    return {
      ok: false,
      refusal: refuse('missing_parameter', "'input' is required and must be non-empty text.", 'input'),
    }
  }

  const rawFormat = b.response_format ?? 'mp3'
  if (typeof rawFormat !== 'string' || !(ALL_FORMATS as readonly string[]).includes(rawFormat)) {
    return {
      ok: false,
      refusal: refuse(
        'unsupported_format',
        `'response_format' must be one of ${model.formats.join(', ')}.`,
        'response_format',
      ),
    }
  }
  const format = rawFormat as AudioFormat
  if (!model.formats.includes(format)) {
    return {
      ok: false,
      refusal: refuse(
        'unsupported_format',
        `Model '${model.id}' does not produce '${format}'. Supported formats: ${model.formats.join(', ')}.`,
        'response_format',
      ),
    }
  }

  const speed = applySpeed(model, b.speed)
  if (!speed.ok) return speed

  if (b.voice !== undefined && typeof b.voice !== 'string') {
    return { ok: false, refusal: refuse('invalid_parameter', "'voice' must be a string.", 'voice') }
  }
  const input = b.input.normalize('NFC')
  const voice = resolveVoice(model, b.voice === '' ? undefined : b.voice, input)
  if (!voice.ok) return { ok: false, refusal: refuse('invalid_voice', voice.message, 'voice') }

  const chars = countBilledChars(input)
  if (chars > model.maxInputChars) {
    return {
      ok: false,
      refusal: refuse(
        'input_too_long',
        `Input is ${chars} characters; model '${model.id}' accepts at most ${model.maxInputChars} characters per request.`,
        'input',
      ),
    }
  }

  if (UNENCODABLE_FORMATS.includes(format)) {
    return {
      ok: false,
      refusal: {
        status: 501,
        code: 'format_not_available',
        type: 'api_error',
        message: `The demo service cannot encode '${format}'. The real service can; use ${model.formats.filter((f) => !UNENCODABLE_FORMATS.includes(f)).join(', ')} here.`,
        param: 'response_format',
      },
    }
  }

  const identity = JSON.stringify([model.id, b.voice ?? null, b.input, format, b.speed ?? 1])
  return { ok: true, job: { model, input, chars, voice, format, speed: speed.speed, identity } }
}

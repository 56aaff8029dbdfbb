// Turns what the user picked into a request the speech endpoint accepts, by the model's rules
// (tts-rules.ts): every problem named with the real limit, and the quiet changes the service would make
// (speed clamped or dropped, an alias, a fallback voice) said as notes. Nothing invalid is ever sent.
import type { ReaderNote } from '../../../preload/contract'
import { billableChars } from './text-count'
import {
  CLASSIC_LETTERS,
  CLASSIC_PATTERN,
  isFormat,
  LANGUAGE_CODE,
  LOCALE_PREFIX,
  SPEED_DEFAULT,
  V3_DEPRECATED_ALIAS,
  type TtsFormat,
  type TtsRules,
} from './tts-rules'

export type ProblemCode =
  | 'model_not_open'
  | 'empty_input'
  | 'input_too_long'
  | 'unsupported_format'
  | 'invalid_speed'
  | 'speed_out_of_range'
  | 'speed_not_supported'
  | 'voice_required'
  | 'invalid_voice'

export interface RuleProblem {
  code: ProblemCode
  field: 'model' | 'input' | 'format' | 'speed' | 'voice'
  message: string
  /** The figures and names the message states, for saying it in another language. */
  params: Record<string, string | number>
}

/** What the service will do differently from what was asked, without refusing. */
export type RuleNote = ReaderNote

/** The body of POST /v1/audio/speech, exactly as it is to be sent. */
export interface SpeechRequestBody {
  model: string
  input: string
  voice?: string
  response_format: TtsFormat
  speed?: number
}

export interface RequestChoice {
  text: string
  format?: string
  speed?: number
  voice?: string
}

export type CheckResult =
  { ok: true; request: SpeechRequestBody; notes: RuleNote[] } | { ok: false; problems: RuleProblem[] }

type Outcome<T> = { ok: true; value: T; note?: RuleNote } | { ok: false; problem: RuleProblem }

const refuse = (
  field: RuleProblem['field'],
  code: ProblemCode,
  message: string,
  params: RuleProblem['params'] = {},
): Outcome<never> => ({
  ok: false,
  problem: { code, field, message, params },
})

function checkFormat(r: TtsRules, format: string): Outcome<TtsFormat> {
  if (isFormat(format) && r.formats.includes(format)) return { ok: true, value: format }
  return refuse(
    'format',
    'unsupported_format',
    `${r.modelId} produces only ${r.formats.join(', ')}; not '${format}'.`,
    { model: r.modelId, formats: r.formats.join(', '), format },
  )
}

function checkSpeed(r: TtsRules, speed: number | undefined): Outcome<number | undefined> {
  if (speed === undefined) return { ok: true, value: undefined }
  if (!Number.isFinite(speed))
    return refuse('speed', 'invalid_speed', 'Speed must be a number.', { speed: String(speed) })
  const s = r.speed
  switch (s.mode) {
    case 'range':
      if (speed >= s.min && speed <= s.max) return { ok: true, value: speed }
      return refuse(
        'speed',
        'speed_out_of_range',
        `${r.modelId} accepts speed ${s.min} to ${s.max}; not ${speed}.`,
        { model: r.modelId, min: s.min, max: s.max, speed },
      )
    case 'clamp': {
      const to = Math.min(s.max, Math.max(s.min, speed))
      return {
        ok: true,
        value: to,
        ...(to !== speed ? { note: { code: 'speed_clamped', from: speed, to } } : {}),
      }
    }
    case 'ignored':
      return {
        ok: true,
        value: undefined,
        ...(speed !== SPEED_DEFAULT ? { note: { code: 'speed_dropped', from: speed } } : {}),
      }
    case 'fixed':
      if (speed === SPEED_DEFAULT) return { ok: true, value: undefined }
      return refuse(
        'speed',
        'speed_not_supported',
        `${r.modelId} does not support speed; only ${SPEED_DEFAULT} is accepted.`,
        { model: r.modelId, speed },
      )
  }
}

/** `rule` and `voices` say what a valid voice looks like, for the UI's words: its own `valid` text is main's. */
function invalidVoice(
  r: TtsRules,
  voice: string,
  valid: string,
  rule: 'language_code' | 'list' | 'pattern',
  voices: readonly string[] | null = null,
): Outcome<never> {
  return refuse('voice', 'invalid_voice', `'${voice}' is not a voice of ${r.modelId}. ${valid}`, {
    model: r.modelId,
    voice,
    rule,
    voices: voices?.join(', ') ?? '',
  })
}

/** A name the service maps to another voice: accepted, and said. */
function aliasOutcome(aliases: Readonly<Record<string, string>>, voice: string): Outcome<string> | null {
  const target = aliases[voice]
  if (target === undefined) return null
  return { ok: true, value: voice, note: { code: 'voice_alias', alias: voice, target, deprecated: false } }
}

function checkVoice(r: TtsRules, voice: string | undefined): Outcome<string | undefined> {
  const v = r.voice
  if (voice === undefined || voice === '') {
    if (r.voiceRequired)
      return refuse('voice', 'voice_required', `${r.modelId} needs a voice.`, { model: r.modelId })
    const defaultVoice = v.kind === 'list' ? v.defaultVoice : null
    return { ok: true, value: undefined, note: { code: 'voice_default', voice: defaultVoice } }
  }
  switch (v.kind) {
    case 'language_code': {
      const code = voice.toLowerCase()
      if (v.codes === null ? LANGUAGE_CODE.test(code) : v.codes.includes(code))
        return { ok: true, value: code }
      const valid = v.codes === null ? 'such as vi or en' : `one of ${v.codes.join(', ')}`
      return invalidVoice(
        r,
        voice,
        `The voice is a two-letter ISO 639-1 language code, ${valid}.`,
        'language_code',
        v.codes,
      )
    }
    case 'list': {
      const target = v.aliases[voice]
      if (target !== undefined) {
        const deprecated = r.group === 'v3' && voice === V3_DEPRECATED_ALIAS
        return { ok: true, value: voice, note: { code: 'voice_alias', alias: voice, target, deprecated } }
      }
      if (v.voices === null) return { ok: true, value: voice, note: { code: 'voice_unchecked', voice } }
      if (v.voices.includes(voice)) return { ok: true, value: voice }
      return invalidVoice(r, voice, `Valid voices: ${v.voices.join(', ')}.`, 'list', v.voices)
    }
    case 'fallback': {
      const alias = aliasOutcome(v.aliases, voice)
      if (alias) return alias
      const name = LOCALE_PREFIX.exec(voice)?.[1] ?? voice
      if (v.voices.includes(name)) return { ok: true, value: voice }
      return {
        ok: true,
        value: voice,
        note: { code: 'voice_fallback', requested: voice, fallback: v.fallback },
      }
    }
    case 'pattern': {
      const alias = aliasOutcome(v.aliases, voice)
      if (alias) return alias
      const [, locale = '', tier = '', letter = ''] = CLASSIC_PATTERN.exec(voice) ?? []
      const letters = CLASSIC_LETTERS[locale]
      if (locale !== '' && (!letters || letters[tier]?.includes(letter))) return { ok: true, value: voice }
      return invalidVoice(
        r,
        voice,
        'Voices are named <locale>-<Tier>-<Letter>, such as vi-VN-Standard-A.',
        'pattern',
      )
    }
  }
}

function checkInput(r: TtsRules, text: string): RuleProblem | null {
  if (text.trim() === '')
    return { code: 'empty_input', field: 'input', message: 'There is no text to read.', params: {} }
  const chars = billableChars(text)
  if (r.maxInputChars === null || chars <= r.maxInputChars) return null
  const about = r.maxInputApproximate ? 'about ' : ''
  return {
    code: 'input_too_long',
    field: 'input',
    message: `The text is ${chars} characters; ${r.modelId} accepts ${about}${r.maxInputChars} per request.`,
    params: { model: r.modelId, chars, limit: r.maxInputChars },
  }
}

/**
 * The exact body to send for what the user chose, or every reason the service would refuse it. Speed
 * is clamped or left out as the model's rule says; nothing the service would refuse is ever returned.
 */
export function checkRequest(r: TtsRules, choice: RequestChoice): CheckResult {
  const problems: RuleProblem[] = []
  const notes: RuleNote[] = []
  if (r.closed !== null) {
    problems.push({
      code: 'model_not_open',
      field: 'model',
      message: `${r.modelId}: ${r.closed.message}`,
      params: { ...r.closed.params, model: r.modelId, reason: r.closed.code },
    })
  }
  const input = checkInput(r, choice.text)
  if (input) problems.push(input)
  const format = checkFormat(r, choice.format ?? 'mp3')
  const speed = checkSpeed(r, choice.speed)
  const voice = checkVoice(r, choice.voice)
  for (const o of [format, speed, voice]) {
    if (!o.ok) problems.push(o.problem)
    else if (o.note) notes.push(o.note)
  }
  if (!format.ok || !speed.ok || !voice.ok || problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    request: {
      model: r.modelId,
      input: choice.text,
      ...(voice.value !== undefined ? { voice: voice.value } : {}),
      response_format: format.value,
      ...(speed.value !== undefined ? { speed: speed.value } : {}),
    },
    notes,
  }
}

/**
 * Why a control's value cannot be used with this model, for greying it out; null when it can. A speed
 * the model would clamp or ignore counts as unusable too, since it would not be honoured.
 */
export function disabledReason(
  r: TtsRules,
  field: 'format' | 'speed' | 'voice',
  value: string | number,
): string | null {
  if (field === 'format') {
    const o = checkFormat(r, String(value))
    return o.ok ? null : o.problem.message
  }
  if (field === 'voice') {
    const o = checkVoice(r, String(value))
    return o.ok ? null : o.problem.message
  }
  const speed = Number(value)
  const o = checkSpeed(r, speed)
  if (!o.ok) return o.problem.message
  if (o.note?.code === 'speed_clamped') {
    const { min, max } = r.speed as { min: number; max: number }
    return `${r.modelId} uses speed ${min} to ${max}; ${speed} would be read at ${o.note.to}.`
  }
  if (o.note?.code === 'speed_dropped') return `${r.modelId} ignores speed.`
  return null
}

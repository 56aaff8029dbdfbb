// The settings' shape, defaults and validation. Each field falls back to its default on its own,
// so one bad value in the file never costs the user the others.
import { z } from 'zod'
import { WELCOME_STEPS, type Settings, type SettingsPatch, type WelcomeState } from '../../preload/contract'

export const DEFAULT_SETTINGS: Settings = {
  baseUrl: null,
  language: 'system',
  theme: 'system',
  hotkeys: { talk: 'CommandOrControl+Shift+Space', readSelection: 'CommandOrControl+Shift+R' },
  realtime: {
    model: null,
    voice: null,
    instructions: '',
    mode: 'push-to-talk',
    modalities: ['audio'],
    transport: 'auto',
    maxDurationSec: null,
    maxSpendVnd: null,
    dailyBudgetVnd: null,
    tools: true,
    toolActions: false,
  },
  tts: { model: null, voice: null, format: 'mp3', speed: 1 },
  lowBalanceThresholdVnd: 50_000,
  refreshIntervalSec: 60,
  launchAtLogin: false,
  audio: {
    inputDeviceLabel: null,
    outputDeviceLabel: null,
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: true,
    soundCues: true,
  },
  // A fresh profile opens on the welcome; see salvageSettings for a file from before it existed.
  welcome: { status: 'pending', done: [] },
}

/** What a settings file written before the welcome existed gets: that user has already set Loa up. */
export const WELCOME_FOR_EARLIER_USERS: WelcomeState = { status: 'finished', done: [] }

const httpUrl = z
  .string()
  .max(2048)
  .refine((s) => {
    try {
      const u = new URL(s)
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.username === '' && u.password === ''
    } catch {
      return false
    }
  }, 'must be an http(s) URL without credentials')

// An Electron accelerator: modifiers and one key joined by '+'.
const accelerator = z
  .string()
  .min(1)
  .max(64)
  .regex(/^([A-Za-z0-9]+\+)*[A-Za-z0-9`~!@#$%^&*()\-_=[\]\\;',./{}|:"<>?]+$/, 'not a key combination')

const shortText = (max: number) => z.string().max(max)

/** A session shorter than a minute is not a conversation; Model L's 24 h is the spec's longest. */
export const MIN_SESSION_SEC = 60
export const MAX_SESSION_SEC = 86_400

/** A billion dong: far above any conversation, and a bound on what a settings file may hold. */
export const MAX_SPEND_VND = 1_000_000_000

export const settingsSchema = z.object({
  baseUrl: httpUrl.nullable(),
  language: z.enum(['system', 'vi', 'en']),
  theme: z.enum(['system', 'light', 'dark']),
  hotkeys: z.object({ talk: accelerator, readSelection: accelerator }),
  realtime: z.object({
    model: shortText(200).nullable(),
    voice: shortText(200).nullable(),
    instructions: shortText(20_000),
    mode: z.enum(['push-to-talk', 'hands-free']),
    modalities: z
      .array(z.enum(['audio', 'text']))
      .min(1)
      .max(2)
      .refine((m) => new Set(m).size === m.length, 'each modality once'),
    transport: z.enum(['auto', 'websocket', 'webrtc']),
    maxDurationSec: z.number().int().min(MIN_SESSION_SEC).max(MAX_SESSION_SEC).nullable(),
    maxSpendVnd: z.number().int().min(0).max(MAX_SPEND_VND).nullable(),
    dailyBudgetVnd: z.number().int().min(1).max(MAX_SPEND_VND).nullable(),
    tools: z.boolean(),
    toolActions: z.boolean(),
  }),
  tts: z.object({
    model: shortText(200).nullable(),
    voice: shortText(200).nullable(),
    format: z.enum(['mp3', 'wav', 'pcm', 'opus', 'aac', 'flac', 'ogg']),
    speed: z.number().min(0.25).max(4),
  }),
  lowBalanceThresholdVnd: z.number().int().min(0).max(1_000_000_000),
  refreshIntervalSec: z.number().int().min(15).max(3600),
  launchAtLogin: z.boolean(),
  audio: z.object({
    inputDeviceLabel: shortText(500).nullable(),
    outputDeviceLabel: shortText(500).nullable(),
    echoCancellation: z.boolean(),
    noiseSuppression: z.boolean(),
    autoGainControl: z.boolean(),
    soundCues: z.boolean(),
  }),
  welcome: z.object({
    status: z.enum(['pending', 'finished', 'skipped']),
    done: z
      .array(z.enum(WELCOME_STEPS))
      .max(WELCOME_STEPS.length)
      .refine((d) => new Set(d).size === d.length, 'each step once'),
  }),
}) satisfies z.ZodType<Settings>

const shape = settingsSchema.shape

/** A nested object may change in part; given whole, it reads as the stored settings read it. */
function nestedPatch<S extends z.ZodObject>(schema: S) {
  return z.union([schema.partial().strict(), schema]).optional()
}

/**
 * A change to the settings (`settings:update`), checked field by field with the stored settings' own
 * schemas wherever the request crosses in: the IPC router and the settings service both use it.
 */
export const settingsPatchSchema = z
  .object({
    // Its type only: the service applies the endpoint rule (main/api/endpoint-rule.ts) first, whose
    // reasons the window can name ("must start with https://"), then this field's stored schema.
    baseUrl: z.string().max(2048).nullable().optional(),
    language: shape.language.optional(),
    theme: shape.theme.optional(),
    hotkeys: nestedPatch(shape.hotkeys),
    realtime: nestedPatch(shape.realtime),
    tts: nestedPatch(shape.tts),
    lowBalanceThresholdVnd: shape.lowBalanceThresholdVnd.optional(),
    refreshIntervalSec: shape.refreshIntervalSec.optional(),
    launchAtLogin: shape.launchAtLogin.optional(),
    audio: nestedPatch(shape.audio),
    welcome: nestedPatch(shape.welcome),
  })
  .strict() satisfies z.ZodType<SettingsPatch>

export type SalvageResult = { settings: Settings; invalidFields: string[] }

/**
 * Keeps every valid field of `raw` (nested objects field by field) and defaults the rest.
 * `invalidFields` names what was replaced, for the notice and the backup decision.
 */
export function salvageSettings(raw: unknown): SalvageResult {
  const invalidFields: string[] = []
  const source = isRecord(raw) ? raw : {}
  if (!isRecord(raw)) invalidFields.push('(whole file)')
  const out: Record<string, unknown> = {}
  for (const [key, fieldSchema] of Object.entries(settingsSchema.shape)) {
    const fallback = DEFAULT_SETTINGS[key as keyof Settings]
    const value = source[key]
    if (value === undefined) {
      // A file that exists but has no welcome was written before the welcome: its user is not sent through it.
      out[key] =
        key === 'welcome' && isRecord(raw) && Object.keys(raw).length > 0
          ? structuredClone(WELCOME_FOR_EARLIER_USERS)
          : structuredClone(fallback)
      continue
    }
    const whole = (fieldSchema as z.ZodType).safeParse(value)
    if (whole.success) {
      out[key] = whole.data
      continue
    }
    if (fieldSchema instanceof z.ZodObject && isRecord(value) && isRecord(fallback)) {
      const nested: Record<string, unknown> = {}
      for (const [sub, subSchema] of Object.entries(fieldSchema.shape)) {
        const parsed = (subSchema as z.ZodType).safeParse(value[sub])
        if (parsed.success) nested[sub] = parsed.data
        else {
          nested[sub] = fallback[sub]
          if (value[sub] !== undefined) invalidFields.push(`${key}.${sub}`)
        }
      }
      out[key] = nested
    } else {
      out[key] = structuredClone(fallback)
      invalidFields.push(key)
    }
  }
  return { settings: out as unknown as Settings, invalidFields }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

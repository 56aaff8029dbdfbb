// GET /v1/models/tts, GET /v1/audio/voices, GET /v1/models, and the voice previews their `preview_url`s
// point at (real audio the demo synthesizes on first request).
import type { SeededAccount } from '../accounts/directory'
import { EMBEDDING_MODELS } from '../catalog/embedding-models'
import { IMAGE_MODELS } from '../catalog/image-models'
import { TEXT_MODELS } from '../catalog/text-models'
import { VIDEO_MODELS } from '../catalog/video-models'
import { encodeMp3 } from '../encode/mp3'
import { sendBytes, sendEnvelope, sendError, sendJson } from '../http/respond'
import type { RouteCall, Router } from '../http/router'
import type { DemoServiceContext } from '../service-context'
import { findTtsModel, isFreeModel, isMultiVendor, TTS_MODELS, type TtsModelDef } from './models'
import { limitsFor } from './rate-limits'
import { OUTPUT_SAMPLE_RATE_HZ, voicePitch } from './speak'
import { CLASSIC_ALIASES } from './voices/classic'
import { V3_ALIASES, V3_VOICES } from './voices/eleven-v3'
import { FREE_LANGUAGES } from './voices/free-languages'
import { GEMINI_ALIASES, GEMINI_FALLBACK_VOICE } from './voices/gemini'
import { languageOf, type VoiceInfo } from './voices/voice'

const VOICE_LIST_MAX_AGE_SEC = 3600
/** Models in `/v1/models` carry a creation time; the demo's catalog dates from this moment. */
const CATALOG_CREATED_SEC = 1_767_225_600

function aliasesOf(m: TtsModelDef): Record<string, string> {
  if (m.group === 'G') return { ...GEMINI_ALIASES }
  if (m.group === 'classic') return { ...CLASSIC_ALIASES }
  if (m.group === 'v3') return { ...V3_ALIASES }
  return {}
}

function ttsModelView(m: TtsModelDef, account: SeededAccount) {
  const limits = limitsFor(account.plan, isFreeModel(m))
  return {
    id: m.id,
    object: 'model',
    group: m.group,
    vendor: m.vendor,
    name: m.name,
    description: m.description,
    free: isFreeModel(m),
    price_vnd_per_1m_chars: m.priceVndPer1M,
    free_chars_per_month: m.freeCharsPerMonth ?? null,
    max_input_chars: m.maxInputChars,
    formats: [...m.formats],
    default_format: 'mp3',
    speed: { ...m.speed, default: 1 },
    voice: {
      required: m.voiceRequired,
      rule: m.voiceRule,
      count: m.voiceRule === 'language_code' ? FREE_LANGUAGES.length : m.voices.length,
      default: m.defaultVoice ?? null,
      fallback: m.group === 'G' ? GEMINI_FALLBACK_VOICE : null,
      aliases: aliasesOf(m),
    },
    english_only: m.englishOnly,
    allowed_for_key: !account.modelAllowlist || account.modelAllowlist.includes(m.id),
    rate_limits: { rpm: limits.rpm, rpd: limits.rpd },
  }
}

export function mountTtsCatalogRoutes(router: Router, ctx: DemoServiceContext): void {
  const previews = new Map<string, Promise<Buffer>>()

  function withAccount(handler: (account: SeededAccount, call: RouteCall) => void | Promise<void>) {
    return async (call: RouteCall) => {
      const auth = ctx.authenticate(call.req)
      if (!auth.ok) return sendEnvelope(call.res, auth.status, auth.body)
      await handler(auth.account as SeededAccount, call)
    }
  }

  const previewUrl = (voiceId: string) =>
    `${ctx.baseUrl()}/previews/voices/${encodeURIComponent(voiceId)}.mp3`

  function v3VoiceRecord(v: VoiceInfo) {
    return {
      voice_id: v.id,
      name: v.name,
      category: v.locale === 'vi-VN' ? 'professional' : 'premade',
      labels: {
        gender: v.gender,
        accent: v.accent ?? (v.locale === 'en-GB' ? 'british' : 'american'),
        language: languageOf(v.locale),
        use_case: v.useCase ?? 'general',
      },
      preview_url: previewUrl(v.id),
    }
  }

  router.get(
    '/v1/models/tts',
    withAccount((account, call) =>
      sendJson(call.res, 200, {
        object: 'list',
        currency: 'VND',
        price_unit: 'per_1M_characters',
        character_counting: 'unicode_code_points_after_nfc',
        output_sample_rate_hz: OUTPUT_SAMPLE_RATE_HZ,
        data: TTS_MODELS.map((m) => ttsModelView(m, account)),
      }),
    ),
  )

  router.get(
    '/v1/audio/voices',
    withAccount((_account, call) => {
      const headers = { 'Cache-Control': `private, max-age=${VOICE_LIST_MAX_AGE_SEC}` }
      const model = findTtsModel(call.url.searchParams.get('model') ?? '')
      if (model && isMultiVendor(model)) {
        return sendJson(
          call.res,
          200,
          {
            model: model.id,
            default_voice: model.defaultVoice,
            voices: model.voices.map((v) => ({ voice_id: v.id, language: v.locale })),
          },
          headers,
        )
      }
      sendJson(
        call.res,
        200,
        { provider: 'elevenlabs', aliases: { ...V3_ALIASES }, voices: V3_VOICES.map(v3VoiceRecord) },
        headers,
      )
    }),
  )

  router.get(
    '/v1/models',
    withAccount((_account, call) => {
      const ids: [string, string][] = [
        ...[...TEXT_MODELS, ...IMAGE_MODELS, ...VIDEO_MODELS, ...EMBEDDING_MODELS].map(
          (m): [string, string] => [m.model_id, m.provider],
        ),
        ...TTS_MODELS.map((m): [string, string] => [m.id, m.vendor]),
      ]
      sendJson(call.res, 200, {
        object: 'list',
        data: ids.map(([id, owner]) => ({
          id,
          object: 'model',
          created: CATALOG_CREATED_SEC,
          owned_by: owner,
        })),
      })
    }),
  )

  // Previews are public sample files, as a CDN would serve them: no key needed.
  router.get('/previews/voices/:file', async (call) => {
    const file = call.params.file ?? ''
    const voiceId = file.replace(/\.mp3$/, '')
    const v = V3_VOICES.find((x) => x.id === voiceId)
    if (!file.endsWith('.mp3') || !v) {
      return sendError(call.res, 404, 'not_found', 'not_found_error', `No preview for '${file}'.`)
    }
    let bytes = previews.get(v.id)
    if (!bytes) {
      bytes = renderPreview(ctx, v)
      previews.set(v.id, bytes)
      bytes.catch(() => previews.delete(v.id))
    }
    sendBytes(call.res, 200, 'audio/mpeg', await bytes, { 'Cache-Control': 'public, max-age=86400' })
  })
}

async function renderPreview(ctx: DemoServiceContext, v: VoiceInfo): Promise<Buffer> {
  const vietnamese = v.locale === 'vi-VN'
  const text = vietnamese
    ? `Xin chào, tôi là ${v.name}. Đây là giọng đọc mẫu của tôi.`
    : `Hello, I'm ${v.name}. This is a sample of my voice.`
  const pcm = await ctx.speech.synthesize(text, {
    lang: vietnamese ? 'vi' : 'en',
    sampleRateHz: OUTPUT_SAMPLE_RATE_HZ,
    gender: v.gender,
    ...(v.accent ? { accent: v.accent } : {}),
    pitch: voicePitch(v),
  })
  return encodeMp3(pcm, OUTPUT_SAMPLE_RATE_HZ)
}

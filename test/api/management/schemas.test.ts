// Response schemas: valid bodies parse with their variations tagged and unknown fields kept; a wrong type
// becomes one GatewayError of kind `protocol` naming the field.
import { describe, expect, it } from 'vitest'
import { GatewayError } from '../../../main/api/gateway-error'
import { managementRequests as req } from '../../../main/api/management/requests'
import { modelKindOf } from '../../../main/api/management/schemas/catalog'
import {
  catalogBody,
  embeddingModel,
  ENDPOINT_FIXTURES,
  imageModelsBody,
  meBody,
  quotaBody,
  textModel,
  usageBody,
  videoByInputType,
  videoFlat,
  videoModelsBody,
} from './support/fixtures'

const clone = <T>(v: T): T => structuredClone(v)

function protocolError(run: () => unknown): GatewayError {
  try {
    run()
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError)
    expect((err as GatewayError).kind).toBe('protocol')
    return err as GatewayError
  }
  throw new Error('expected a protocol error')
}

describe('management response schemas', () => {
  it.each(ENDPOINT_FIXTURES)('parses a valid $name body', ({ request, body }) => {
    expect(() => request.parse(clone(body))).not.toThrow()
  })

  it('keeps fields the spec does not list and plan/keySource values it does not show', () => {
    const me = req.me().parse(clone(meBody))
    expect(me.plan).toBe('ENTERPRISE_PLUS')
    expect(me.avatarUrl).toBe('https://example.invalid/a.png')
    expect(me.balance.pendingVND).toBe(0)
    const usage = req.usage(2).parse(clone(usageBody))
    expect(usage.data.map((r) => r.keySource)).toEqual(['POOL_B', 'PRIMARY'])
  })

  it('reads an account without planExpiresAt as a plan with no end, not as a broken answer', () => {
    const { planExpiresAt: _dropped, ...withoutExpiry } = clone(meBody) as Record<string, unknown>
    expect(req.me().parse(withoutExpiry).planExpiresAt).toBeNull()
  })

  it('reads a usage record from before 2026-08-16 (no completedAt) as completedAt null', () => {
    const usage = req.usage(2).parse(clone(usageBody))
    expect(usage.data[0]?.completedAt).toBe('2026-09-01T10:20:00.000Z')
    expect(usage.data[1]?.completedAt).toBeNull()
  })

  it('accepts an empty emails list and keeps a third pool', () => {
    const quota = req.quota().parse({ ...clone(quotaBody), pool_c: { anything: 1 } })
    expect(quota.pool_b.emails).toEqual([])
    expect(quota.pool_c).toEqual({ anything: 1 })
  })

  it('tags each model summary with a kind, whatever the video type is called', () => {
    const catalog = req.models().parse(clone(catalogBody))
    expect(catalog.data.map((m) => m.kind)).toEqual(['text', 'image', 'video', 'embedding', 'other'])
    expect(modelKindOf('TEXT_EMBEDDING')).toBe('embedding')
    expect(modelKindOf('video')).toBe('video')
  })

  it('reads null prices and rate limits as null, and absent nullable ones as null too', () => {
    const body = clone(textModel)
    delete (body.pricing as Partial<typeof body.pricing>).reasoning
    const [model] = req.textModels().parse({ data: [body], total: 1 }).data
    expect(model?.pricing.cache_write).toBeNull()
    expect(model?.pricing.reasoning).toBeNull()
    expect(model?.rate_limits).toMatchObject({ rpm: 500, rpd: null, tpm: 2_000_000, tpd: null })
  })

  it('tags image price entries as quality_size or resolution', () => {
    const images = req.imageModels().parse(clone(imageModelsBody))
    expect(images.data[0]?.pricing.generation.map((e) => e.shape)).toEqual(['quality_size', 'quality_size'])
    expect(images.data[0]?.pricing.editing?.[0]?.shape).toBe('quality_size')
    expect(images.data[1]?.pricing.generation.map((e) => e.shape)).toEqual(['resolution', 'resolution'])
    expect(images.data[1]?.pricing.editing).toBeUndefined()
    const entry = images.data[1]?.pricing.generation[0]
    expect(entry?.shape === 'resolution' && entry.resolution).toBe('1K')
  })

  it('tags the three video pricing shapes', () => {
    const videos = req.videoModels().parse(clone(videoModelsBody))
    expect(videos.data.map((v) => v.pricing.shape)).toEqual(['per_resolution', 'by_input_type', 'flat'])
    expect(videos.total).toBeUndefined()
    const byInput = videos.data[1]?.pricing
    if (byInput?.shape !== 'by_input_type') throw new Error('expected by_input_type')
    expect(Object.keys(byInput.per_resolution[0]?.by_input_type ?? {})).toEqual(['text', 'remix', 'omni'])
    const flat = videos.data[2]?.pricing
    if (flat?.shape !== 'flat') throw new Error('expected flat')
    expect(flat.flat.costPerSecondUSD).toBe(0.28)
  })

  it('reads /models/:model_id as a tagged detail, finding video models by their fields', () => {
    expect(req.model('x').parse(clone(textModel))).toMatchObject({ kind: 'text' })
    expect(req.model('x').parse(clone(videoFlat))).toMatchObject({ kind: 'video' })
    expect(req.model('x').parse(clone(embeddingModel))).toMatchObject({ kind: 'embedding' })
    const other = req
      .model('x')
      .parse({ model_id: 'whisper-1', name: 'Whisper', provider: 'openai', type: 'AUDIO' })
    expect(other).toEqual({
      kind: 'other',
      model: { model_id: 'whisper-1', name: 'Whisper', provider: 'openai', type: 'AUDIO' },
    })
  })

  it('names the field of a wrong type: balance.totalVND', () => {
    const body = clone(meBody) as Record<string, unknown>
    ;(body.balance as Record<string, unknown>).totalVND = '1250000'
    const err = protocolError(() => req.me().parse(body))
    expect(err.field).toBe('balance.totalVND')
    expect(err.message).toContain('/v1/management/me')
    expect(err.message).toContain('balance.totalVND')
  })

  it('names the field inside arrays and unions: the closest union branch tells what is wrong', () => {
    const images = clone(imageModelsBody)
    ;(images.data[1]!.pricing.generation[1] as Record<string, unknown>).priceUSD = 'cheap'
    expect(protocolError(() => req.imageModels().parse(images)).field).toBe(
      'data[1].pricing.generation[1].priceUSD',
    )

    const video = clone(videoByInputType)
    ;(video.pricing.per_resolution[0]!.by_input_type.remix as Record<string, unknown>).costPerSecondUSD = null
    expect(protocolError(() => req.model('sora-2-pro').parse(video)).field).toBe(
      'pricing.per_resolution[0].by_input_type.remix.costPerSecondUSD',
    )
  })

  it('refuses timestamps and days that are not dates', () => {
    const usage = clone(usageBody)
    usage.data[0]!.date = 'yesterday'
    expect(protocolError(() => req.usage(2).parse(usage)).field).toBe('data[0].date')
    expect(protocolError(() => req.usageDaily(1).parse({ data: [{ date: '1/9/2026' }] })).field).toBe(
      'data[0].date',
    )
  })

  it('refuses a body that is not an object', () => {
    for (const body of [null, 42, 'ok', [], true]) {
      expect(protocolError(() => req.usageStats().parse(body)).field).toBe('(body)')
    }
    expect(protocolError(() => req.model('x').parse([])).field).toBe('(body)')
  })
})

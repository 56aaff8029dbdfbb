// The realtime model list and the session history as the Voice view gets them: which models can be used
// (realtime-api.md `realtime_model_not_configured`: "model has no complete price table"), read under both
// demo variants and from hand-made lists, and a history total that never counts an unknown cost as 0.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VoiceModel } from '../../preload/contract'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../main/demo/server'
import type { RealtimeSessionInfo } from '../../main/realtime'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { modelToOpen, sessionLengthSec, toVoiceHistory, toVoiceModels } from '../../main/voice/voice-catalog'

const UNPRICED = 'openai/gpt-4o-realtime-preview'

describe.each<NonNullable<DemoServerOptions['variant']>>(['default', 'alt'])(
  'the model list of the %s demo variant',
  (variant) => {
    let demo: DemoServer
    beforeAll(async () => {
      demo = await startDemoServer({ port: 0, seed: 1, variant })
    })
    afterAll(async () => {
      await demo.close()
    })

    it('marks the model without a complete price table unavailable, and only that one', async () => {
      const api = new SessionsApi({ baseUrl: demo.baseUrl, key: demo.keys.ordinary })
      const { models } = toVoiceModels(await api.models())
      expect(models.map((m) => [m.id, m.unavailable])).toEqual([
        ['google/gemini-live-2.5-flash', null],
        ['openai/gpt-realtime', null],
        ['openai/gpt-realtime-mini', null],
        [UNPRICED, 'no_price_table'],
      ])
      expect(modelToOpen(models, UNPRICED)).toBe('google/gemini-live-2.5-flash')
    })
  },
)

describe('a model list of another shape', () => {
  const read = async (entries: Record<string, unknown>[]) => {
    const api = new SessionsApi({ baseUrl: 'http://x', key: 'k' }, async () => ({ data: entries }))
    return toVoiceModels(await api.models()).models.map((m) => m.unavailable)
  }

  it.each([
    ['configured: false', { configured: false }],
    ['is_configured: false', { is_configured: false }],
    ['isConfigured: false', { isConfigured: false }],
    ['available: false', { available: false }],
    ['enabled: false', { enabled: false, configured: true }],
    ['a price table without the audio-out price', { pricing: { audio_in: 100, text_in: 10 } }],
    ['a null price table', { prices: null }],
  ])('reads %s as no complete price table', async (_name, fields) => {
    expect(await read([{ id: 'm', ...fields }])).toEqual(['no_price_table'])
  })

  it('takes a model with both audio prices, or one the list gives no prices for, as usable', async () => {
    expect(
      await read([
        { id: 'a', prices: { input: { audio: 1 }, output: { audio: 2 } } },
        { id: 'b' },
        { id: 'c', configured: true },
      ]),
    ).toEqual([null, null, null])
  })
})

describe('the model a conversation opens', () => {
  const model = (id: string, unavailable: VoiceModel['unavailable'] = null) =>
    ({ id, unavailable }) as VoiceModel
  const models = [model('x', 'no_price_table'), model('a'), model('b')]

  it('is the saved one when usable, else the first usable; an unlisted saved model is tried as it is', () => {
    expect(modelToOpen(models, 'b')).toBe('b')
    expect(modelToOpen(models, 'x')).toBe('a')
    expect(modelToOpen(models, null)).toBe('a')
    expect(modelToOpen(models, 'elsewhere')).toBe('elsewhere')
    expect(modelToOpen([model('x', 'no_price_table')], null)).toBeNull()
  })
})

describe('the session length asked for', () => {
  const model = (protocol: string | null, maxSessionSec: number | null) =>
    ({ id: 'm', protocol, maxSessionSec }) as VoiceModel

  it('is the setting cut to the listed maximum, else to the spec’s for the family (24 h live, 60 min R)', () => {
    expect(sessionLengthSec(null, model('live', 86_400))).toBeNull()
    expect(sessionLengthSec(900, model('model-r', 3_600))).toBe(900)
    expect(sessionLengthSec(86_400, model('model-r', 2_700))).toBe(2_700)
    expect(sessionLengthSec(86_400, model('live', null))).toBe(86_400)
    expect(sessionLengthSec(86_400, model('model-r', null))).toBe(3_600)
    // A model the list does not describe gets the maximum every model accepts.
    expect(sessionLengthSec(28_800, undefined)).toBe(3_600)
  })
})

describe('the history total', () => {
  const session = (id: string, totalVnd: number | null, chargedVnd: number | null = null) =>
    ({
      id,
      model: 'm',
      billing: { totalVnd, chargedVnd },
      usage: { durationSec: 10 },
      endReason: null,
      createdAt: null,
    }) as unknown as RealtimeSessionInfo

  it('is the sum when every cost is known', () => {
    const h = toVoiceHistory({ sessions: [session('a', 1000), session('b', null, 250)], hasMore: false })
    expect(h).toMatchObject({ totalVnd: 1250, knownTotalVnd: 1250, totalDurationSec: 20 })
  })

  it('is unknown, with the known part as a floor, when a session’s cost could not be read', () => {
    const h = toVoiceHistory({ sessions: [session('a', 1000), session('b', null)], hasMore: false })
    expect(h).toMatchObject({ totalVnd: null, knownTotalVnd: 1000 })
  })
})

// GET /v1/models/tts, /v1/audio/voices (with and without ?model=), /v1/models, and voice previews.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { parseMp3 } from './audio-checks'
import { call, startServer } from './helpers'

interface TtsModel {
  id: string
  group: string
  max_input_chars: number
  price_vnd_per_1m_chars: number
  formats: string[]
  speed: { mode: string; min?: number; max?: number }
  voice: {
    required: boolean
    count: number
    default: string | null
    fallback: string | null
    aliases: Record<string, string>
  }
  rate_limits: { rpm: number; rpd: number | null }
  free: boolean
}

describe('TTS catalog', () => {
  let server: DemoServer
  let models: TtsModel[]
  const byGroup = (g: string) => models.filter((m) => m.group === g)

  beforeAll(async () => {
    server = await startServer({ seed: 4 })
    models = (await call(server, '/v1/models/tts', { key: server.keys.ordinary })).json.data
  })
  afterAll(() => server.close())

  it('lists every group of the spec with its model count', () => {
    const counts = Object.fromEntries(
      ['free', 'A', 'G', 'classic', 'v3', 'M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7', 'M8', 'M9'].map((g) => [
        g,
        byGroup(g).length,
      ]),
    )
    expect(counts).toEqual({
      free: 1,
      A: 3,
      G: 3,
      classic: 1,
      v3: 1,
      M1: 2,
      M2: 2,
      M3: 1,
      M4: 1,
      M5: 1,
      M6: 1,
      M7: 1,
      M8: 1,
      M9: 6,
    })
    const multiVendor = models.filter((m) => m.group.startsWith('M'))
    expect(multiVendor).toHaveLength(16)
    expect(models.length).toBeGreaterThan(20)
  })

  it('gives per-model limits, prices in VND per 1M characters, formats and rules as the spec states', () => {
    for (const m of models) expect(m.id).toMatch(/^[a-z0-9-]+\/[a-zA-Z0-9._-]+$/)
    expect(byGroup('free')[0]).toMatchObject({ free: true, price_vnd_per_1m_chars: 0, formats: ['mp3'] })
    for (const m of byGroup('A'))
      expect(m).toMatchObject({
        max_input_chars: 4096,
        formats: ['mp3', 'opus', 'aac', 'flac', 'wav'],
        speed: { mode: 'range', min: 0.25, max: 4 },
      })
    for (const m of byGroup('G'))
      expect(m).toMatchObject({
        formats: ['mp3', 'wav', 'ogg'],
        speed: { mode: 'ignored' },
        voice: { count: 30, fallback: 'Kore' },
      })
    const classic = byGroup('classic')[0]!
    expect(classic.id).toBe('google/standard')
    expect(classic.voice.count).toBe(9)
    const paid = models.filter((m) => !m.free)
    expect(
      Math.min(...paid.filter((m) => !m.group.startsWith('M')).map((m) => m.price_vnd_per_1m_chars)),
    ).toBe(classic.price_vnd_per_1m_chars)
    expect(byGroup('v3')[0]).toMatchObject({
      id: 'elevenlabs/eleven_v3',
      formats: ['mp3', 'opus', 'pcm'],
      speed: { mode: 'clamp', min: 0.7, max: 1.2 },
      voice: { count: 33 },
    })
    for (const m of byGroup('M9')) {
      expect(m.id).toMatch(/^elevenlabs\/eleven-[a-z0-9.-]+$/)
      expect(m.formats).toEqual(['mp3', 'opus', 'pcm'])
      expect(m.voice.count).toBe(21)
    }
    for (const m of models.filter((x) => x.group.startsWith('M') && x.group !== 'M9'))
      expect(m.formats).toEqual(['mp3', 'pcm'])
    for (const m of models.filter((x) => x.group.startsWith('M'))) expect(m.voice.required).toBe(false)
    const counts: Record<string, number> = { M1: 97, M2: 4, M3: 90, M4: 36, M5: 5, M6: 7, M7: 7, M8: 54 }
    for (const [g, n] of Object.entries(counts))
      for (const m of byGroup(g)) expect(m.voice.count, m.id).toBe(n)
    const m8 = byGroup('M8')[0]!
    expect(m8.price_vnd_per_1m_chars).toBe(Math.min(...paid.map((m) => m.price_vnd_per_1m_chars)))
    expect(
      new Set(models.filter((x) => x.group.startsWith('M')).map((m) => m.max_input_chars)).size,
    ).toBeGreaterThan(3)
  })

  it('states the rate limits of the caller plan', async () => {
    const free = (await call(server, '/v1/models/tts', { key: server.keys.free })).json.data as TtsModel[]
    const ultra = (await call(server, '/v1/models/tts', { key: server.keys.ultra })).json.data as TtsModel[]
    expect(free.find((m) => m.free)!.rate_limits).toEqual({ rpm: 10, rpd: 250 })
    expect(free.find((m) => !m.free)!.rate_limits).toEqual({ rpm: 500, rpd: null })
    expect(ultra.find((m) => m.free)!.rate_limits).toEqual({ rpm: 60, rpd: 5000 })
    expect(ultra.find((m) => !m.free)!.rate_limits).toEqual({ rpm: 5000, rpd: null })
  })

  it('/v1/audio/voices without a model returns the V3 list: 12 Vietnamese and 21 English voices with aliases', async () => {
    const res = await call(server, '/v1/audio/voices', { key: server.keys.ordinary })
    expect(res.headers.get('cache-control')).toContain('max-age=3600')
    const { provider, aliases, voices } = res.json
    expect(typeof provider).toBe('string')
    expect(voices).toHaveLength(33)
    const vi = voices.filter((v: { labels: { language: string } }) => v.labels.language === 'vi')
    expect(vi).toHaveLength(12)
    expect(new Set(vi.map((v: { labels: { accent: string } }) => v.labels.accent))).toEqual(
      new Set(['northern', 'central', 'southern', 'standard']),
    )
    for (const v of voices) {
      expect(v.voice_id).toMatch(/^[0-9A-Za-z]{20}$/)
      expect(Object.keys(v).sort()).toEqual(['category', 'labels', 'name', 'preview_url', 'voice_id'])
      expect(Object.keys(v.labels).sort()).toEqual(['accent', 'gender', 'language', 'use_case'])
      expect(v.preview_url.startsWith(server.baseUrl)).toBe(true)
    }
    const ids = new Set(voices.map((v: { voice_id: string }) => v.voice_id))
    for (const alias of [
      'ash',
      'ballad',
      'coral',
      'echo',
      'fable',
      'nova',
      'onyx',
      'sage',
      'shimmer',
      'verse',
    ]) {
      expect(ids.has(aliases[alias]), alias).toBe(true)
    }
  })

  it('/v1/audio/voices?model= gives a multi-vendor model its own list, and any other model the V3 list', async () => {
    const m1 = (
      await call(server, '/v1/audio/voices?model=minimax/speech-02-hd', { key: server.keys.ordinary })
    ).json
    expect(m1.model).toBe('minimax/speech-02-hd')
    expect(m1.voices).toHaveLength(97)
    expect(m1.voices.filter((v: { language: string }) => v.language === 'vi-VN')).toHaveLength(2)
    expect(m1.voices.find((v: { voice_id: string }) => v.voice_id === m1.default_voice).language).toBe(
      'vi-VN',
    )
    for (const v of m1.voices) expect(Object.keys(v).sort()).toEqual(['language', 'voice_id'])
    const m3 = (
      await call(server, `/v1/audio/voices?model=${encodeURIComponent('azure/dragon-hd-latest')}`, {
        key: server.keys.ordinary,
      })
    ).json
    expect(m3.voices.some((v: { voice_id: string }) => v.voice_id.includes(':'))).toBe(true)
    const other = (await call(server, '/v1/audio/voices?model=openai/tts-1', { key: server.keys.ordinary }))
      .json
    expect(other.voices).toHaveLength(33)
    expect(other.model).toBeUndefined()
  })

  it('serves each preview_url as real MP3 audio without a key', async () => {
    const { voices } = (await call(server, '/v1/audio/voices', { key: server.keys.ordinary })).json
    const vi = voices.find((v: { labels: { language: string } }) => v.labels.language === 'vi')
    const res = await fetch(vi.preview_url, { headers: { 'User-Agent': 'preview-test' } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('audio/mpeg')
    const mp3 = parseMp3(Buffer.from(await res.arrayBuffer()))
    expect(mp3.durationSec).toBeGreaterThan(1)
    expect(
      (await fetch(`${server.baseUrl}/previews/voices/nope.mp3`, { headers: { 'User-Agent': 'x' } })).status,
    ).toBe(404)
  })

  it('/v1/models lists catalog and TTS models in the OpenAI list shape', async () => {
    const { json } = await call(server, '/v1/models', { key: server.keys.ordinary })
    expect(json.object).toBe('list')
    const ids = json.data.map((m: { id: string }) => m.id)
    expect(ids).toContain('gpt-4.1')
    expect(ids).toContain('elevenlabs/eleven_v3')
    for (const m of json.data) expect(Object.keys(m).sort()).toEqual(['created', 'id', 'object', 'owned_by'])
    expect((await call(server, '/v1/models')).status).toBe(401)
  })
})

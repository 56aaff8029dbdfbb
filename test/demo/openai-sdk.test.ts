// The official OpenAI SDK, with only its base URL changed, generates speech through the demo.
import OpenAI from 'openai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { parseMp3, parseWav, voicedFraction } from './audio-checks'
import { accountState, startServer } from './helpers'

describe('OpenAI SDK against the demo', () => {
  let server: DemoServer
  let client: OpenAI

  beforeAll(async () => {
    server = await startServer({ seed: 91 })
    client = new OpenAI({ apiKey: server.keys.ordinary, baseURL: `${server.baseUrl}/v1`, maxRetries: 0 })
  })
  afterAll(() => server.close())

  it('audio.speech.create returns real MP3 speech and charges the wallet once', async () => {
    const before = await accountState(server, 'ordinary')
    const response = await client.audio.speech.create({
      model: 'openai/tts-1',
      voice: 'alloy',
      input: 'Hello from the Loa demo service.',
    })
    expect(response.headers.get('content-type')).toBe('audio/mpeg')
    const mp3 = parseMp3(Buffer.from(await response.arrayBuffer()))
    expect(mp3.durationSec).toBeGreaterThan(1)
    const after = await accountState(server, 'ordinary')
    expect(after.usageRecords).toBe(before.usageRecords + 1)
    expect(after.wallet.totalVND).toBeLessThan(before.wallet.totalVND)
  })

  it('passes response_format and speed through, and surfaces the demo errors as SDK errors', async () => {
    const wav = await client.audio.speech.create({
      model: 'openai/gpt-4o-mini-tts',
      voice: 'coral',
      input: 'Xin chào.',
      response_format: 'wav',
      speed: 1.25,
    })
    const info = parseWav(Buffer.from(await wav.arrayBuffer()))
    expect(voicedFraction(info.samples, info.sampleRateHz)).toBeGreaterThan(0.2)
    const err = await client.audio.speech
      .create({ model: 'openai/tts-1', voice: 'coral', input: 'x'.repeat(5000) })
      .then(
        () => undefined,
        (e: unknown) => e,
      )
    expect(err).toBeInstanceOf(OpenAI.BadRequestError)
    expect((err as InstanceType<typeof OpenAI.BadRequestError>).code).toBe('input_too_long')
    const auth = new OpenAI({ apiKey: 'sk-demo-wrong', baseURL: `${server.baseUrl}/v1`, maxRetries: 0 })
    await expect(
      auth.audio.speech.create({ model: 'openai/tts-1', voice: 'nova', input: 'x' }),
    ).rejects.toBeInstanceOf(OpenAI.AuthenticationError)
  })

  it('lists models through models.list()', async () => {
    const ids: string[] = []
    for await (const m of client.models.list()) ids.push(m.id)
    expect(ids).toContain('openai/tts-1')
  })
})

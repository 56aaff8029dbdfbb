// The realtime API inside the full demo server: seeded accounts, the real ledger and the real speech
// synthesizer. A turn is answered with synthesized speech, and its bill shows in the management usage.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import { call, concat, createSession, fromBase64, sine, TestSocket, toBase64 } from './client'

const TIME_SCALE = 30
let server: DemoServer
beforeAll(async () => {
  server = await startDemoServer({ timeScale: TIME_SCALE, seed: 7 })
})
afterAll(async () => {
  await server.close()
})

describe('realtime through startDemoServer', () => {
  it('answers a Model-R turn with real speech and bills it to the wallet and the usage history', async () => {
    const key = server.keys.ordinary
    const models = await call(server.baseUrl, 'GET', '/v1/realtime/models', { key })
    expect(models.json.plan).toBe('ADVANCED_PLUS')

    const s = await createSession(server.baseUrl, key, {
      model: 'openai/gpt-realtime-mini',
      transport: 'websocket',
      turn_detection: null,
      instructions: 'Answer in English.',
    })
    const socket = await TestSocket.open(s.connection.url, s.connection.token)
    socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(1.2)) })
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const done = await socket.waitFor((m) => m.type === 'response.done', 1, 30_000)
    expect(done.response.status).toBe('completed')

    const transcript = (await socket.type('response.output_audio_transcript.done')).transcript
    expect(transcript).toBe('I heard 1.2 seconds of speech. This is turn 1.')
    const pcm = concat(
      ...socket.messages
        .filter((m) => m.type === 'response.output_audio.delta')
        .map((m) => fromBase64(m.delta)),
    )
    // Spoken English runs at roughly 10-20 characters a second.
    const seconds = pcm.length / 24_000
    expect(seconds).toBeGreaterThan(transcript.length / 25)
    expect(seconds).toBeLessThan(transcript.length / 5)
    const rms = Math.sqrt(pcm.reduce((sum, v) => sum + v * v, 0) / pcm.length)
    expect(rms).toBeGreaterThan(300)

    const balanceBefore = (await call(server.baseUrl, 'GET', '/v1/management/me', { key })).json
    const ended = (await call(server.baseUrl, 'DELETE', `/v1/realtime/sessions/${s.id}`, { key })).json
    expect(ended.billing.total_vnd).toBeGreaterThan(0)
    expect(ended.billing.charged_vnd).toBe(ended.billing.total_vnd)

    const usage = (await call(server.baseUrl, 'GET', '/v1/management/usage?limit=5', { key })).json
    const records = usage.data.filter((r: { model: string }) => r.model === 'openai/gpt-realtime-mini')
    const billedVnd = records.reduce((n: number, r: { costVND: number }) => n + r.costVND, 0)
    expect(billedVnd).toBe(ended.billing.total_vnd)
    const balanceAfter = (await call(server.baseUrl, 'GET', '/v1/management/me', { key })).json
    const total = (b: { balance: { realVND: number; bonusVND: number } }) =>
      b.balance.realVND + b.balance.bonusVND
    expect(total(balanceBefore) - total(balanceAfter)).toBe(ended.billing.total_vnd)
  })
})

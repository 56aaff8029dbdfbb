// The live-type protocol end to end: manual activity turns, automatic activity detection,
// interruption, text turns, video gating and usage metadata.
import { afterEach, describe, expect, it } from 'vitest'
import {
  concat,
  createSession,
  fromBase64,
  sendPaced,
  silence,
  sine,
  TestSocket,
  toBase64,
  type Json,
} from './client'
import { startHarness, type Harness, type HarnessOptions } from './harness'

const TIME_SCALE = 2
const MS_PER_CHAR = 60
const L = 'google/gemini-live-2.5-flash'
let h: Harness
afterEach(async () => {
  await h.close()
})

async function open(body: Record<string, unknown>, opts: HarnessOptions = {}) {
  h = await startHarness({ timeScale: TIME_SCALE, msPerChar: MS_PER_CHAR, ...opts })
  const s = await createSession(h.baseUrl, 'key-basic', { model: L, ...body })
  const socket = await TestSocket.open(s.connection.url, s.connection.token)
  await socket.waitFor((m) => 'setupComplete' in m)
  return { s, socket }
}

const audio = (socket: TestSocket, pcm: Int16Array) =>
  socket.send({ realtimeInput: { audio: { mimeType: 'audio/pcm;rate=16000', data: toBase64(pcm) } } })
const content = (key: string) => (m: Record<string, Json>) => m.serverContent?.[key] !== undefined

describe('manual activity (turn_detection: null)', () => {
  it('answers activityStart/audio/activityEnd with audio, both transcriptions, then generationComplete and turnComplete', async () => {
    const { socket } = await open({ turn_detection: null })
    socket.send({ setup: { model: 'ignored' } })
    socket.send({ realtimeInput: { activityStart: {} } })
    audio(socket, sine(1.0))
    socket.send({ realtimeInput: { activityEnd: {} } })
    const complete = await socket.waitFor(content('turnComplete'))
    await socket.waitFor(content('inputTranscription'))

    expect(socket.messages.every((m) => m.type === undefined)).toBe(true)
    expect((await socket.waitFor(content('inputTranscription'))).serverContent.inputTranscription).toEqual({
      text: '(1.0 s of speech heard)',
      finished: true,
    })
    const reply = h.speechCalls[0]?.text ?? ''
    const outText = socket.messages
      .filter(content('outputTranscription'))
      .map((m) => m.serverContent.outputTranscription.text)
    expect(outText.join('')).toBe(reply)

    const parts = socket.messages.filter(content('modelTurn')).flatMap((m) => m.serverContent.modelTurn.parts)
    expect(parts.every((p: Json) => p.inlineData.mimeType === 'audio/pcm;rate=24000')).toBe(true)
    const samples = parts.reduce((n: number, p: Json) => n + fromBase64(p.inlineData.data).length, 0)
    expect(samples).toBe(Math.round((reply.length * MS_PER_CHAR * 24_000) / 1000))

    const order = socket
      .types()
      .filter(
        (t) =>
          t === 'sc:generationComplete' || t === 'sc:turnComplete+usageMetadata' || t === 'sc:turnComplete',
      )
    expect(order).toEqual(['sc:generationComplete', 'sc:turnComplete'])
    expect(socket.messages.findIndex(content('generationComplete'))).toBeGreaterThan(
      socket.messages.findLastIndex(content('modelTurn')),
    )
    const outTokens = Math.ceil((samples / 24_000) * 32)
    expect(complete.usageMetadata).toEqual({
      promptTokenCount: 32,
      responseTokenCount: outTokens + Math.ceil(reply.length / 4),
      totalTokenCount: 32 + outTokens + Math.ceil(reply.length / 4),
      promptTokensDetails: [{ modality: 'AUDIO', tokenCount: 32 }],
      responseTokensDetails: [
        { modality: 'AUDIO', tokenCount: outTokens },
        { modality: 'TEXT', tokenCount: Math.ceil(reply.length / 4) },
      ],
    })
    socket.ws.close()
  })

  it('is interrupted by activityStart while the model speaks: interrupted, then turnComplete, no generationComplete', async () => {
    const { socket } = await open({ turn_detection: null }, { msPerChar: 200 })
    socket.send({ realtimeInput: { activityStart: {} } })
    audio(socket, sine(0.5))
    socket.send({ realtimeInput: { activityEnd: {} } })
    await socket.waitFor(content('modelTurn'))
    socket.send({ realtimeInput: { activityStart: {} } })
    await socket.waitFor(content('interrupted'))
    await socket.waitFor(content('turnComplete'))
    const interruptedAt = socket.messages.findIndex(content('interrupted'))
    expect(socket.messages.findIndex(content('turnComplete'))).toBe(interruptedAt + 1)
    expect(socket.messages.some(content('generationComplete'))).toBe(false)
    // The next turn works, and the model counts it as the second.
    audio(socket, sine(0.5))
    socket.send({ realtimeInput: { activityEnd: {} } })
    await socket.waitFor(content('generationComplete'))
    expect(h.speechCalls[1]?.text).toContain('lượt thứ 2')
    socket.ws.close()
  })

  it('answers a text turn sent as clientContent', async () => {
    const { socket } = await open({ turn_detection: null, instructions: 'Reply in English.' })
    socket.send({
      client_content: { turns: [{ role: 'user', parts: [{ text: 'xin chào' }] }], turn_complete: true },
    })
    socket.send({
      clientContent: { turns: [{ role: 'user', parts: [{ text: 'xin chào' }] }], turnComplete: true },
    })
    await socket.waitFor(content('generationComplete'))
    // Both spellings are accepted; the second message interrupts the first answer.
    expect(h.speechCalls[0]).toEqual({ text: 'You wrote: xin chào. This is turn 1.', lang: 'en' })
    expect(h.speechCalls[1]?.text).toBe('You wrote: xin chào. This is turn 2.')
    socket.ws.close()
  })
})

describe('automatic activity detection (default)', () => {
  it('answers when loud audio is followed by silence', async () => {
    const { socket } = await open({})
    await sendPaced((c) => audio(socket, c), concat(silence(0.3), sine(0.8), silence(0.8)), TIME_SCALE)
    await socket.waitFor(content('generationComplete'))
    expect((await socket.waitFor(content('inputTranscription'))).serverContent.inputTranscription.text).toBe(
      '(0.8 s of speech heard)',
    )
    socket.ws.close()
  })

  it('ends a turn at audioStreamEnd without waiting for silence', async () => {
    const { socket } = await open({})
    audio(socket, sine(0.6))
    socket.send({ realtimeInput: { audioStreamEnd: true } })
    // The sine has no trailing silence: only audioStreamEnd can end this turn.
    const done = await socket.waitFor(content('generationComplete'))
    expect(done.serverContent?.generationComplete).toBe(true)
    socket.ws.close()
  })

  it('closes with 4400 on activity signals, which need turn_detection: null', async () => {
    const { socket } = await open({})
    socket.send({ realtimeInput: { activityStart: {} } })
    expect((await socket.closed).code).toBe(4400)
  })
})

describe('video', () => {
  it('is refused on the socket unless the session enabled it, and billed as video tokens when it did', async () => {
    const { socket } = await open({ turn_detection: null })
    socket.send({ realtimeInput: { video: { mimeType: 'image/jpeg', data: 'AAAA' } } })
    expect((await socket.closed).code).toBe(4400)
    await h.close()

    const withVideo = await open({ turn_detection: null, input: { video: true } })
    withVideo.socket.send({ realtimeInput: { video: { mimeType: 'image/jpeg', data: 'AAAA' } } })
    withVideo.socket.send({ realtimeInput: { activityStart: {} } })
    audio(withVideo.socket, sine(0.5))
    withVideo.socket.send({ realtimeInput: { activityEnd: {} } })
    const done = await withVideo.socket.waitFor(content('turnComplete'))
    expect(done.usageMetadata.promptTokensDetails).toContainEqual({ modality: 'VIDEO', tokenCount: 258 })
    withVideo.socket.ws.close()
  })
})

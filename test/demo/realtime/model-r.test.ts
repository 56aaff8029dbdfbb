// The Model-R-style protocol end to end: manual turns, server VAD, barge-in (cancel, truncate,
// VAD interruption), protocol errors, text modality, and the beta event names.
import { afterEach, describe, expect, it } from 'vitest'
import { concat, createSession, fromBase64, sendPaced, silence, sine, TestSocket, toBase64 } from './client'
import { startHarness, type Harness, type HarnessOptions } from './harness'

const TIME_SCALE = 2
const MS_PER_CHAR = 60
let h: Harness
afterEach(async () => {
  await h.close()
})

async function open(
  body: Record<string, unknown>,
  opts: HarnessOptions = {},
  socketHeaders?: Record<string, string>,
) {
  h = await startHarness({ timeScale: TIME_SCALE, msPerChar: MS_PER_CHAR, ...opts })
  const s = await createSession(h.baseUrl, 'key-basic', {
    model: 'openai/gpt-realtime',
    transport: 'websocket',
    ...body,
  })
  const socket = await TestSocket.open(s.connection.url, s.connection.token, { headers: socketHeaders })
  await socket.type('session.created')
  return { s, socket }
}

const append = (socket: TestSocket, pcm: Int16Array) =>
  socket.send({ type: 'input_audio_buffer.append', audio: toBase64(pcm) })

/** Model-R events without the deltas, in arrival order. */
const skeleton = (socket: TestSocket) =>
  socket.messages.filter((m) => m.type && !m.type.endsWith('.delta')).map((m) => m.type as string)

describe('manual turns (turn_detection: null)', () => {
  it('answers a committed turn with transcripts and 24 kHz audio deltas in protocol order', async () => {
    const { socket } = await open({ turn_detection: null })
    append(socket, sine(1.5))
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const done = await socket.type('response.done')
    await socket.type('conversation.item.input_audio_transcription.completed')

    const seq = skeleton(socket).filter((t) => t !== 'conversation.item.input_audio_transcription.completed')
    expect(seq).toEqual([
      'session.created',
      'input_audio_buffer.committed',
      'conversation.item.added',
      'conversation.item.done',
      'response.created',
      'response.output_item.added',
      'conversation.item.added',
      'response.content_part.added',
      'response.output_audio.done',
      'response.output_audio_transcript.done',
      'response.content_part.done',
      'response.output_item.done',
      'conversation.item.done',
      'response.done',
    ])
    const committed = await socket.type('input_audio_buffer.committed')
    const userTranscript = await socket.type('conversation.item.input_audio_transcription.completed')
    expect(userTranscript).toMatchObject({
      item_id: committed.item_id,
      content_index: 0,
      transcript: '(1.5 s of speech heard)',
    })

    const reply = h.speechCalls[0]?.text ?? ''
    expect(reply).toBe('Tôi đã nghe 1,5 giây bạn nói. Đây là lượt thứ 1.')
    const transcript = socket.messages
      .filter((m) => m.type === 'response.output_audio_transcript.delta')
      .map((m) => m.delta)
      .join('')
    expect(transcript).toBe(reply)
    expect((await socket.type('response.output_audio_transcript.done')).transcript).toBe(reply)

    const deltas = socket.messages.filter((m) => m.type === 'response.output_audio.delta')
    expect(deltas.length).toBeGreaterThan(3)
    const samples = deltas.reduce((n, m) => n + fromBase64(m.delta).length, 0)
    expect(samples).toBe(Math.round((reply.length * MS_PER_CHAR * 24_000) / 1000))
    // The speech was a 330 Hz tone made at 24 kHz: played at 24 kHz it must still be 330 Hz.
    const pcm = concat(...deltas.map((m) => fromBase64(m.delta)))
    let crossings = 0
    for (let i = 1; i < pcm.length; i++) if ((pcm[i - 1] ?? 0) < 0 !== (pcm[i] ?? 0) < 0) crossings++
    expect(crossings / 2 / (pcm.length / 24_000)).toBeCloseTo(330, -1)

    expect(done.response).toMatchObject({
      status: 'completed',
      object: 'realtime.response',
      output_modalities: ['audio'],
    })
    expect(done.response.output[0]).toMatchObject({ type: 'message', role: 'assistant', status: 'completed' })
    expect(done.response.output[0].content[0]).toEqual({ type: 'output_audio', transcript: reply })
    const audioOutTokens = Math.ceil((samples / 24_000) * 20)
    expect(done.response.usage).toMatchObject({
      input_token_details: { audio_tokens: 15, cached_tokens: 0 },
      output_token_details: { audio_tokens: audioOutTokens, text_tokens: Math.ceil(reply.length / 4) },
    })
    for (const m of socket.messages.filter((x) => x.type)) expect(m.event_id).toMatch(/^event_/)
    socket.ws.close()
  })

  it('keeps the conversation across turns: the second reply bills the first turn as cached context', async () => {
    const { socket } = await open({ turn_detection: null })
    append(socket, sine(0.5))
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const first = await socket.type('response.done')
    append(socket, sine(0.5))
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const second = await socket.type('response.done', 2)
    expect(h.speechCalls[1]?.text).toContain('lượt thứ 2')
    // Context = the first user turn (0.5 s at 10 tokens/s) + the first reply's audio re-read as input (10 tokens/s).
    const firstReplySec = ((h.speechCalls[0]?.text.length ?? 0) * MS_PER_CHAR) / 1000
    expect(first.response.usage.input_token_details.cached_tokens).toBe(0)
    expect(second.response.usage.input_token_details.cached_tokens).toBe(5 + Math.ceil(firstReplySec * 10))
    expect(second.response.usage.input_token_details.audio_tokens).toBe(5)
    socket.ws.close()
  })

  it('reports protocol errors as error events and stays open', async () => {
    const { socket } = await open({ turn_detection: null })
    socket.send({ type: 'input_audio_buffer.commit', event_id: 'c1' })
    expect((await socket.type('error')).error).toMatchObject({
      code: 'input_audio_buffer_commit_empty',
      event_id: 'c1',
    })
    socket.send({ type: 'response.cancel', event_id: 'x1' })
    expect((await socket.type('error', 2)).error).toMatchObject({
      code: 'response_cancel_not_active',
      event_id: 'x1',
    })
    socket.send({ type: 'response.create' })
    socket.send({ type: 'response.create', event_id: 'r2' })
    expect((await socket.type('error', 3)).error).toMatchObject({
      code: 'conversation_already_has_active_response',
      event_id: 'r2',
    })
    await socket.type('response.done')
    append(socket, sine(0.3))
    socket.send({ type: 'input_audio_buffer.clear' })
    await socket.type('input_audio_buffer.cleared')
    socket.send({ type: 'input_audio_buffer.commit' })
    expect((await socket.type('error', 4)).error.code).toBe('input_audio_buffer_commit_empty')
    expect(socket.ws.readyState).toBe(socket.ws.OPEN)
    socket.ws.close()
  })
})

describe('barge-in', () => {
  it('cancels a response and truncates the item to what was played, refusing a point beyond the audio', async () => {
    const { s, socket } = await open({ turn_detection: null })
    append(socket, sine(0.5))
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const firstDelta = await socket.type('response.output_audio.delta')
    socket.send({ type: 'response.cancel' })
    const done = await socket.type('response.done')
    expect(done.response.status).toBe('cancelled')
    expect(done.response.status_details).toEqual({ type: 'cancelled', reason: 'client_cancelled' })
    const itemDone = await socket.type('response.output_item.done')
    expect(itemDone.item.status).toBe('incomplete')
    await socket.type('response.output_audio.done')

    const sent = socket.messages
      .filter((m) => m.type === 'response.output_audio.delta')
      .reduce((n, m) => n + fromBase64(m.delta).length, 0)
    const reply = h.speechCalls[0]?.text ?? ''
    expect(sent).toBeLessThan(Math.round((reply.length * MS_PER_CHAR * 24_000) / 1000))
    const sentMs = Math.floor((sent / 24_000) * 1000)

    const truncate = (audioEndMs: number, eventId: string) =>
      socket.send({
        type: 'conversation.item.truncate',
        item_id: firstDelta.item_id,
        content_index: 0,
        audio_end_ms: audioEndMs,
        event_id: eventId,
      })
    truncate(sentMs + 500, 't1')
    expect((await socket.type('error')).error).toMatchObject({
      code: 'invalid_value',
      param: 'audio_end_ms',
      event_id: 't1',
    })
    truncate(300, 't2')
    expect(await socket.type('conversation.item.truncated')).toMatchObject({
      item_id: firstDelta.item_id,
      content_index: 0,
      audio_end_ms: 300,
    })
    socket.send({
      type: 'conversation.item.truncate',
      item_id: 'item_nope',
      content_index: 0,
      audio_end_ms: 0,
    })
    expect((await socket.type('error', 2)).error.param).toBe('item_id')
    const debug = h.mount.getSessionDebug(s.id)
    const assistant = debug?.items.find((i) => i.id === firstDelta.item_id)
    expect(assistant?.text?.length).toBeLessThan(reply.length)
    socket.ws.close()
  })
})

describe('truncate', () => {
  it('trims the playing item to what was played without cancelling the response', async () => {
    const { s, socket } = await open({ turn_detection: null })
    append(socket, sine(0.5))
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const firstDelta = await socket.type('response.output_audio.delta')
    socket.send({
      type: 'conversation.item.truncate',
      item_id: firstDelta.item_id,
      content_index: 0,
      audio_end_ms: 150,
    })
    expect(await socket.type('conversation.item.truncated')).toMatchObject({
      item_id: firstDelta.item_id,
      audio_end_ms: 150,
    })

    // The answer goes on to the end: no cancellation, all of its audio still sent.
    const done = await socket.type('response.done')
    expect(done.response.status).toBe('completed')
    expect((await socket.type('response.output_item.done')).item.status).toBe('completed')
    const sent = socket.messages
      .filter((m) => m.type === 'response.output_audio.delta')
      .reduce((n, m) => n + fromBase64(m.delta).length, 0)
    const reply = h.speechCalls[0]?.text ?? ''
    expect(sent).toBe(Math.round((reply.length * MS_PER_CHAR * 24_000) / 1000))

    // The conversation keeps what was played, and the transcript's share of it.
    const item = h.mount.getSessionDebug(s.id)?.items.find((i) => i.id === firstDelta.item_id)
    expect(item?.audioMs).toBe(150)
    expect(item?.text?.length).toBeLessThan(reply.length)
    socket.ws.close()
  })
})

describe('server VAD', () => {
  it('finds a turn in loud-then-quiet audio, commits it and answers without being asked', async () => {
    const { socket } = await open({})
    const signal = concat(silence(0.5), sine(1.0), silence(1.0))
    await sendPaced((c) => append(socket, c), signal, TIME_SCALE)
    const started = await socket.type('input_audio_buffer.speech_started')
    const stopped = await socket.type('input_audio_buffer.speech_stopped')
    expect(started.audio_start_ms).toBe(200) // 500 ms of silence, less the 300 ms prefix padding
    expect(stopped.audio_end_ms).toBeGreaterThanOrEqual(2_000)
    expect(stopped.audio_end_ms).toBeLessThanOrEqual(2_100)
    const committed = await socket.type('input_audio_buffer.committed')
    expect(committed.item_id).toBe(started.item_id)
    const done = await socket.type('response.done')
    expect(done.response.status).toBe('completed')
    const transcript = await socket.type('conversation.item.input_audio_transcription.completed')
    expect(transcript.transcript).toBe('(1.0 s of speech heard)')
    const debug = h.mount.getSessionDebug(socket.messages[0]?.session.id)
    // The committed turn runs from the padded start to where silence was confirmed.
    expect(debug?.audio.committedTurns[0]?.samples).toBe(
      ((stopped.audio_end_ms - started.audio_start_ms) * 16_000) / 1000,
    )
    socket.ws.close()
  })

  it('interrupts the model when the user speaks over it (reason turn_detected)', async () => {
    const { socket } = await open({}, { msPerChar: 200 })
    await sendPaced((c) => append(socket, c), concat(sine(0.6), silence(0.8)), TIME_SCALE)
    await socket.type('response.output_audio.delta')
    await sendPaced((c) => append(socket, c), sine(0.3), TIME_SCALE)
    await socket.type('input_audio_buffer.speech_started', 2)
    const done = await socket.type('response.done')
    expect(done.response.status_details).toEqual({ type: 'cancelled', reason: 'turn_detected' })
    socket.ws.close()
  })
})

describe('other inputs and outputs', () => {
  it('answers a typed message, in text when audio output is off', async () => {
    const { socket } = await open({
      turn_detection: null,
      modalities: ['text'],
      instructions: 'Answer in English.',
    })
    socket.send({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello there' }] },
    })
    const added = await socket.type('conversation.item.added')
    expect(added.item.content).toEqual([{ type: 'input_text', text: 'hello there' }])
    socket.send({ type: 'response.create' })
    const done = await socket.type('response.done')
    const text = socket.messages
      .filter((m) => m.type === 'response.output_text.delta')
      .map((m) => m.delta)
      .join('')
    expect(text).toBe('You wrote: hello there. This is turn 1.')
    expect((await socket.type('response.output_text.done')).text).toBe(text)
    expect(socket.messages.some((m) => m.type === 'response.output_audio.delta')).toBe(false)
    expect(done.response.usage.output_token_details.audio_tokens).toBe(0)
    socket.ws.close()
  })

  it('changes turn detection with session.update', async () => {
    const { socket } = await open({})
    socket.send({
      type: 'session.update',
      session: { type: 'realtime', audio: { input: { turn_detection: null } } },
    })
    const updated = await socket.type('session.updated')
    expect(updated.session.audio.input.turn_detection).toBeNull()
    socket.send({
      type: 'session.update',
      session: { audio: { input: { turn_detection: { threshold: 7 } } } },
    })
    expect((await socket.type('error')).error.code).toBe('invalid_value')
    socket.ws.close()
  })
})

describe('beta event names', () => {
  async function betaTurn(socket: TestSocket) {
    append(socket, sine(0.5))
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    await socket.type('response.done')
    return skeleton(socket)
  }

  it('are sent to a client that asks with OpenAI-Beta: realtime=v1', async () => {
    const { socket } = await open({ turn_detection: null }, {}, { 'OpenAI-Beta': 'realtime=v1' })
    const seq = await betaTurn(socket)
    expect(seq).toContain('conversation.item.created')
    expect(seq).toContain('response.audio.done')
    expect(seq).toContain('response.audio_transcript.done')
    expect(seq).not.toContain('conversation.item.added')
    expect(seq).not.toContain('conversation.item.done')
    expect(socket.messages.some((m) => m.type === 'response.audio.delta')).toBe(true)
    expect(socket.messages.some((m) => m.type === 'response.output_audio.delta')).toBe(false)
    const done = await socket.type('response.done')
    expect(done.response.output[0].content[0].type).toBe('audio')
    expect(socket.messages[0]?.session).toMatchObject({ input_audio_format: 'pcm16', modalities: ['audio'] })
    socket.ws.close()
  })

  it('are sent to a browser-style client that offers the openai-beta.realtime-v1 subprotocol', async () => {
    h = await startHarness({ timeScale: TIME_SCALE, msPerChar: MS_PER_CHAR })
    const s = await createSession(h.baseUrl, 'key-basic', {
      model: 'openai/gpt-realtime',
      transport: 'websocket',
      turn_detection: null,
    })
    const socket = await TestSocket.open(s.connection.url, s.connection.token, {
      tokenVia: 'protocol',
      protocols: ['openai-beta.realtime-v1'],
    })
    expect(socket.ws.protocol).toBe('openai-beta.realtime-v1')
    await socket.type('session.created')
    expect(await betaTurn(socket)).toContain('conversation.item.created')
    socket.ws.close()
  })

  it('are sent to everyone when the service is started with eventNames: beta', async () => {
    const { socket } = await open({ turn_detection: null }, { realtime: { eventNames: 'beta' } })
    expect(await betaTurn(socket)).toContain('response.audio_transcript.done')
    socket.ws.close()
  })
})

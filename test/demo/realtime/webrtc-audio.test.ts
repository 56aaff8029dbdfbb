// Turns over WebRTC with a real client (werift in Node): the user's speech goes up the audio track as Opus
// RTP, model events go both ways on the data channel, and the answer comes down the track as real speech
// paced in real time (realtime-api.md "WebRTC connection"; realtime-protocols.md §2.3, §2.4, §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SpeechSynth } from '../../../main/demo/context'
import { SEND_LEAD_MS } from '../../../main/demo/realtime/webrtc/rtp-audio-out'
import { createSpeechSynth } from '../../../main/demo/speech/synth'
import { rms, voicedFraction } from '../audio-checks'
import { createSession, sleep, type Json } from './client'
import { startHarness, type Harness } from './harness'
import { connectWeriftClient, type ReceivedRtp, type WeriftClient } from './support/werift-client'

const synth = createSpeechSynth()
/** The model talks fast: its answers play in real time, and shorter answers keep the tests short. */
const quickSpeech: SpeechSynth = {
  synthesize: (text, opts) => synth.synthesize(text, { ...opts, speed: 1.6 }),
}
const FRAME_16K = 320
/** Packets still in flight when the data channel reports something about the track. */
const SETTLE_MS = 150

let h: Harness
/** eSpeak saying a short sentence, at the 16 kHz the model takes. */
let userSpeech: Int16Array
beforeAll(async () => {
  h = await startHarness({ speech: quickSpeech })
  userSpeech = await synth.synthesize('Hello there, how are you?', { lang: 'en', sampleRateHz: 16_000 })
})
afterAll(async () => {
  await h.close()
})

async function open(model = 'openai/gpt-realtime-mini'): Promise<{ s: Json; client: WeriftClient }> {
  const s = await createSession(h.baseUrl, 'key-basic', {
    model,
    transport: 'webrtc',
    turn_detection: null,
    instructions: 'Answer in English.',
  })
  const client = await connectWeriftClient({
    sdpUrl: s.connection.sdp_url,
    token: s.connection.token,
    dataChannel: s.connection.data_channel,
  })
  return { s, client }
}

/** Every packet follows the one before; `spurts` lists where a new talkspurt (marker bit) begins. */
function expectContinuous(rtp: ReceivedRtp[], spurts: number[]): void {
  expect(rtp.flatMap((p, i) => (p.marker ? [i] : []))).toEqual(spurts)
  for (let i = 1; i < rtp.length; i++) {
    const [a, b] = [rtp[i - 1] as ReceivedRtp, rtp[i] as ReceivedRtp]
    expect(b.sequenceNumber).toBe((a.sequenceNumber + 1) & 0xffff)
    const step = (b.timestamp - a.timestamp) >>> 0
    // Within a talkspurt one 20 ms frame at 48 kHz; across silence the RTP clock kept running.
    if (spurts.includes(i)) expect(step).toBeGreaterThanOrEqual(960)
    else expect(step).toBe(960)
  }
}

const text = (t: string) => ({
  type: 'conversation.item.create',
  item: { type: 'message', role: 'user', content: [{ type: 'input_text', text: t }] },
})

describe('Model-R over WebRTC', () => {
  it('takes a spoken turn from the track and answers with speech on the track', async () => {
    const { s, client } = await open()
    await client.type('session.created')
    await client.sendPcm16k(userSpeech)
    client.sendJson({ type: 'input_audio_buffer.commit' })
    client.sendJson({ type: 'response.create' })
    const done = await client.type('response.done')
    const stopped = await client.type('output_audio_buffer.stopped')
    await sleep(SETTLE_MS)

    // The whole utterance arrived (Opus frames of 20 ms) and became the user's turn.
    const sentSamples = Math.ceil(userSpeech.length / FRAME_16K) * FRAME_16K
    const debug = h.mount.getSessionDebug(s.id)
    expect(debug?.audio.receivedSamples).toBe(sentSamples)
    expect(debug?.audio.committedTurns).toEqual([{ itemId: expect.any(String), samples: sentSamples }])
    const heard = await client.type('conversation.item.input_audio_transcription.completed')
    const heardSec = Number(/\(([\d.]+) s of speech heard\)/.exec(heard.transcript)?.[1])
    expect(heardSec).toBeGreaterThan((0.5 * userSpeech.length) / 16_000)
    expect(heardSec).toBeLessThanOrEqual(sentSamples / 16_000)

    // Model events as JSON text on the data channel, but no audio and no service event there.
    expect(client.messages.filter((m) => m.binary !== undefined)).toEqual([])
    const types: string[] = client.messages.map((m) => m.type)
    expect(types).toEqual(expect.arrayContaining(['input_audio_buffer.committed', 'response.created']))
    expect(types).not.toContain('response.output_audio.delta')
    expect(client.messages.filter((m) => m.svc !== undefined)).toEqual([])
    expect(done.response.status).toBe('completed')
    const started = await client.type('output_audio_buffer.started')
    expect(started.response_id).toBe(done.response.id)
    expect(stopped.response_id).toBe(done.response.id)
    // The model finishes before the client has heard it all: playback is what `stopped` reports.
    expect(types.indexOf('output_audio_buffer.started')).toBeLessThan(types.indexOf('response.done'))
    expect(types.indexOf('response.done')).toBeLessThan(types.indexOf('output_audio_buffer.stopped'))

    // The answer on the track is speech, as long as the model says it sent, and played in real time.
    const transcript = (await client.type('response.output_audio_transcript.done')).transcript as string
    const answer = debug?.items.find((i) => i.role === 'assistant')
    expect(answer?.text).toBe(transcript)
    const answerMs = answer?.audioMs ?? 0
    expect(debug?.rtp?.sentMs).toBe(answerMs)
    // Model R-mini bills 20 audio tokens a second of output, rounded up.
    const audioTokens = done.response.usage.output_token_details.audio_tokens
    expect(Math.abs(audioTokens - answerMs / 50)).toBeLessThanOrEqual(1)
    const pcm = client.receivedPcm48k()
    const heardMs = pcm.length / 48
    expect(heardMs).toBeGreaterThanOrEqual(answerMs)
    expect(heardMs).toBeLessThan(answerMs + 20)
    expect(heardMs / 1000).toBeGreaterThan(transcript.length / 40)
    expect(heardMs / 1000).toBeLessThan(transcript.length / 8)
    expect(rms(pcm)).toBeGreaterThan(300)
    expect(voicedFraction(pcm, 48_000)).toBeGreaterThan(0.3)
    const rtp = client.rtp
    const spanMs = (rtp.at(-1)?.atMs ?? 0) - (rtp[0]?.atMs ?? 0)
    expect(spanMs).toBeGreaterThan(answerMs - SEND_LEAD_MS - 150)
    const pt = Number(/a=rtpmap:(\d+) OPUS/i.exec(client.answerSdp)?.[1])
    expect(new Set(rtp.map((p) => p.payloadType))).toEqual(new Set([pt]))
    expectContinuous(rtp, [0])
    await client.close()
  })

  it('keeps the last packets of a turn whose commit overtook them', async () => {
    const { s, client } = await open()
    await client.type('session.created')
    // Push-to-talk released while the last two frames are still to go out.
    const sending = client.sendPcm16k(userSpeech)
    await sleep((userSpeech.length / 16_000) * 1000 - 40)
    client.sendJson({ type: 'input_audio_buffer.commit' })
    await sending
    await client.type('input_audio_buffer.committed')
    const sentSamples = Math.ceil(userSpeech.length / FRAME_16K) * FRAME_16K
    expect(h.mount.getSessionDebug(s.id)?.audio.committedTurns).toEqual([
      { itemId: expect.any(String), samples: sentSamples },
    ])
    await client.close()
  })

  it('stops the audio at once on barge-in and truncates the answer to what was sent', async () => {
    const { s, client } = await open()
    await client.type('session.created')
    client.sendJson(text('Tell me something long'))
    client.sendJson({ type: 'response.create' })
    const started = await client.type('output_audio_buffer.started')
    while (client.receivedPcm48k().length < 500 * 48) await sleep(10)

    client.sendJson({ type: 'response.cancel' })
    client.sendJson({ type: 'output_audio_buffer.clear' })
    const clearedAt = performance.now()
    const cleared = await client.type('output_audio_buffer.cleared')
    const truncated = await client.type('conversation.item.truncated')
    const done = await client.type('response.done')
    await sleep(SETTLE_MS)

    expect(cleared.response_id).toBe(started.response_id)
    expect(done.response).toMatchObject({ id: started.response_id, status: 'cancelled' })
    expect(client.messages.some((m) => m.type === 'output_audio_buffer.stopped')).toBe(false)
    // Nothing left the service after the clear reached it.
    const lastAt = client.rtp.at(-1)?.atMs ?? 0
    expect(lastAt - clearedAt).toBeLessThan(100)
    // The item keeps exactly what was sent, which is what the client heard (less the last frame's padding).
    const answer = h.mount.getSessionDebug(s.id)?.items.find((i) => i.role === 'assistant')
    expect(truncated).toMatchObject({ item_id: answer?.id, content_index: 0 })
    expect(answer?.audioMs).toBe(truncated.audio_end_ms)
    const heardMs = client.receivedPcm48k().length / 48
    expect(heardMs).toBeGreaterThanOrEqual(truncated.audio_end_ms)
    expect(heardMs).toBeLessThan(truncated.audio_end_ms + 20)
    expect(truncated.audio_end_ms).toBeGreaterThanOrEqual(500)

    // The next answer continues the same RTP stream after a new talkspurt marker.
    const before = client.rtp.length
    client.sendJson(text('Shorter, please'))
    client.sendJson({ type: 'response.create' })
    await client.type('output_audio_buffer.stopped')
    await sleep(SETTLE_MS)
    expectContinuous(client.rtp, [0, before])
    await client.close()
  })
})

describe('live type over WebRTC', () => {
  it('takes an activity turn from the track and answers on the track, with no Model-R buffer events', async () => {
    const { s, client } = await open('google/gemini-live-2.5-flash')
    await client.waitFor((m) => m.setupComplete !== undefined)
    client.sendJson({ realtimeInput: { activityStart: {} } })
    await client.sendPcm16k(userSpeech)
    client.sendJson({ realtimeInput: { activityEnd: {} } })
    await client.waitFor((m) => m.serverContent?.turnComplete === true)
    await sleep(SETTLE_MS)

    const debug = h.mount.getSessionDebug(s.id)
    const sentSamples = Math.ceil(userSpeech.length / FRAME_16K) * FRAME_16K
    expect(debug?.audio.committedTurns).toEqual([{ itemId: expect.any(String), samples: sentSamples }])
    expect(client.messages.some((m) => m.serverContent?.inputTranscription)).toBe(true)
    expect(client.messages.some((m) => m.serverContent?.outputTranscription)).toBe(true)
    expect(client.messages.some((m) => m.serverContent?.modelTurn)).toBe(false)
    expect(client.messages.some((m) => typeof m.type === 'string')).toBe(false)
    expect(client.messages.some((m) => m.svc !== undefined)).toBe(false)
    // turnComplete marks the end of generation; the track keeps playing, so wait for the rest of it.
    const answerMs = debug?.items.find((i) => i.role === 'assistant')?.audioMs ?? 0
    while ((h.mount.getSessionDebug(s.id)?.rtp?.sentMs ?? 0) < answerMs) await sleep(20)
    await sleep(SETTLE_MS)
    const pcm = client.receivedPcm48k()
    expect(pcm.length / 48).toBeGreaterThanOrEqual(answerMs)
    expect(voicedFraction(pcm, 48_000)).toBeGreaterThan(0.3)
    await client.close()
  })
})

// The demo's video input: Model-R image items on a session with and without video, and the JPEG header
// it reads a frame's size from. The frame is a 640×360 JPEG that Chromium's canvas encoded.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { jpegSize } from '../../../main/demo/realtime/video-frames'
import { createSession, sine, TestSocket, toBase64 } from './client'
import { startHarness, type Harness } from './harness'

const JPEG = readFileSync(new URL('../../fixtures/video/frame-640x360.jpg', import.meta.url))
const image = {
  type: 'message',
  role: 'user',
  content: [{ type: 'input_image', image_url: `data:image/jpeg;base64,${JPEG.toString('base64')}` }],
}

let h: Harness
afterEach(async () => {
  await h.close()
})

async function open(model: string, video: boolean) {
  h = await startHarness({ timeScale: 4, msPerChar: 20 })
  const s = await createSession(h.baseUrl, 'key-basic', {
    model,
    transport: 'websocket',
    turn_detection: null,
    instructions: 'Answer in English.',
    input: { audio: true, video, text: true },
  })
  const socket = await TestSocket.open(s.connection.url, s.connection.token)
  await socket.type('session.created')
  return { s, socket }
}

describe('Model-R image items', () => {
  it('counts the frames of a video session and says so in the next answer', async () => {
    const { s, socket } = await open('openai/gpt-realtime-mini', true)
    for (let i = 0; i < 2; i++) socket.send({ type: 'conversation.item.create', item: image })
    socket.send({ type: 'input_audio_buffer.append', audio: toBase64(sine(0.5)) })
    socket.send({ type: 'input_audio_buffer.commit' })
    socket.send({ type: 'response.create' })
    const done = await socket.type('response.done')
    const transcript = done.response.output[0].content[0].transcript as string
    const kb = Math.round((2 * JPEG.length) / 1024)
    expect(transcript).toMatch(new RegExp(`^I saw 2 frames, 640×360 JPEG, ${kb} KB\\. I heard`))
    expect(h.mount.getSessionDebug(s.id)).toMatchObject({ video: true, videoFrames: 2 })
    expect(done.response.usage.input_token_details.video_tokens).toBe(2 * 258)
    socket.ws.close()
  })

  it('refuses a frame on a session created without video, and stays open', async () => {
    const { socket } = await open('openai/gpt-realtime-mini', false)
    socket.send({ type: 'conversation.item.create', event_id: 'f1', item: image })
    const error = await socket.type('error')
    expect(error.error).toMatchObject({ code: 'realtime_video_not_allowed', event_id: 'f1' })
    socket.ws.close()
  })
})

describe('the JPEG header', () => {
  it("reads a frame's size, and nothing from bytes that are no JPEG", () => {
    expect(jpegSize(JPEG)).toEqual({ width: 640, height: 360 })
    expect(jpegSize(Buffer.from('AAAA', 'base64'))).toBeNull()
    expect(jpegSize(JPEG.subarray(0, 20))).toBeNull()
  })
})

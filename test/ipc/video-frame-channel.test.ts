// The page's frames at the IPC door: a JPEG in base64 within the size one data-channel message carries,
// at most 1024 px a side, and the sharing request's sources; anything else never reaches the voice service.
import { readFileSync } from 'node:fs'
import { describe, expect, it, vi } from 'vitest'
import { createRouter } from '../../main/ipc/router'
import { MAX_VIDEO_FRAME_BYTES } from '../../preload/contract'
import { handlers } from './support/handlers'

const ctx = { surface: 'main' as const }
const JPEG = readFileSync(new URL('../fixtures/video/frame-640x360.jpg', import.meta.url)).toString('base64')
const frame = { jpegBase64: JPEG, width: 640, height: 360 }

describe('the video channels', () => {
  it('lets a real frame and the three sources through', async () => {
    const videoFrame = vi.fn(() => ({ sent: true }))
    const share = vi.fn()
    const router = createRouter(handlers({ 'voice:videoFrame': videoFrame, 'voice:share': share }))
    expect(await router.dispatch('voice:videoFrame', frame, ctx)).toEqual({ ok: true, value: { sent: true } })
    for (const source of ['screen', 'window', 'camera', null])
      expect((await router.dispatch('voice:share', { source }, ctx)).ok).toBe(true)
    expect(share).toHaveBeenCalledTimes(4)
  })

  it('refuses a frame over the size cap, one that is not base64, or larger than 1024 px', async () => {
    const videoFrame = vi.fn()
    const router = createRouter(handlers({ 'voice:videoFrame': videoFrame, 'voice:share': vi.fn() }))
    const tooBig = Buffer.alloc(MAX_VIDEO_FRAME_BYTES + 3).toString('base64')
    const cases: [string, unknown, string][] = [
      ['voice:videoFrame', { ...frame, jpegBase64: tooBig }, 'jpegBase64'],
      ['voice:videoFrame', { ...frame, jpegBase64: 'data:image/jpeg;base64,AAAA' }, 'jpegBase64'],
      ['voice:videoFrame', { ...frame, width: 1920 }, 'width'],
      ['voice:videoFrame', { ...frame, height: 0 }, 'height'],
      ['voice:share', { source: 'microphone' }, 'source'],
    ]
    for (const [channel, payload, field] of cases) {
      const r = await router.dispatch(channel, payload, ctx)
      expect(r, `${channel} ${field}`).toMatchObject({ ok: false, error: { kind: 'invalid_input', field } })
    }
    // Exactly at the cap still passes.
    const atCap = Buffer.alloc(MAX_VIDEO_FRAME_BYTES).toString('base64')
    expect((await router.dispatch('voice:videoFrame', { ...frame, jpegBase64: atCap }, ctx)).ok).toBe(true)
    expect(videoFrame).toHaveBeenCalledTimes(1)
  })
})

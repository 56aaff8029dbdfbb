// Re-download of generated audio by job id: owner only, retention per plan (410 after), and files over
// the size threshold not stored (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoServer } from '../../main/demo/server'
import { accountState, advanceClock, call, control, envelope, startServer } from './helpers'

describe('speech downloads', () => {
  let server: DemoServer
  const speak = (key: string, body: object) => call(server, '/v1/audio/speech', { key, body })
  const download = (key: string, jobId: string) => call(server, `/v1/audio/speech/${jobId}/download`, { key })

  beforeAll(async () => {
    server = await startServer({ seed: 61 })
  })
  afterAll(() => server.close())

  it('the owner downloads the same bytes for free; anyone else gets 404', async () => {
    const res = await speak(server.keys.ordinary, {
      model: 'openai/tts-1',
      voice: 'nova',
      input: 'Tải lại.',
      response_format: 'wav',
    })
    const jobId = res.headers.get('x-job-id')!
    expect(jobId).toMatch(/^tts_[0-9A-Za-z]{24}$/)
    expect(res.headers.get('x-audio-stored')).toBe('true')
    const before = await accountState(server, 'ordinary')
    const again = await download(server.keys.ordinary, jobId)
    expect(again.status).toBe(200)
    expect(again.headers.get('content-type')).toBe('audio/wav')
    expect(Buffer.compare(again.bytes, res.bytes)).toBe(0)
    expect((await accountState(server, 'ordinary')).wallet).toEqual(before.wallet)
    const stranger = await download(server.keys.basic, jobId)
    expect(stranger.status).toBe(404)
    expect(envelope(stranger).code).toBe('not_found')
    expect((await download(server.keys.ordinary, 'tts_doesnotexist')).status).toBe(404)
    expect((await call(server, `/v1/audio/speech/${jobId}/download`)).status).toBe(401)
  })

  it('keeps audio 72 h on paid plans and 24 h on FREE, then answers 410 audio_expired', async () => {
    const paid = (
      await speak(server.keys.basic, { model: 'openai/tts-1', voice: 'nova', input: 'Ba ngày.' })
    ).headers.get('x-job-id')!
    const free = (
      await speak(server.keys.free, { model: 'google/translate-tts', voice: 'vi', input: 'Một ngày.' })
    ).headers.get('x-job-id')!
    await advanceClock(server, 23 * 3600_000)
    expect((await download(server.keys.free, free)).status).toBe(200)
    await advanceClock(server, 2 * 3600_000)
    const gone = await download(server.keys.free, free)
    expect(gone.status).toBe(410)
    expect(envelope(gone).code).toBe('audio_expired')
    expect((await download(server.keys.basic, paid)).status).toBe(200)
    await advanceClock(server, 48 * 3600_000)
    expect((await download(server.keys.basic, paid)).status).toBe(410)
  })

  it('does not store a file over the size threshold: the job id exists, download is 404', async () => {
    await control(server, 'behaviour', { audioStoreMaxBytes: 1000 })
    try {
      const res = await speak(server.keys.ordinary, {
        model: 'openai/tts-1',
        voice: 'nova',
        input: 'Tệp quá lớn để lưu.',
        response_format: 'wav',
      })
      expect(res.status).toBe(200)
      expect(res.bytes.length).toBeGreaterThan(1000)
      expect(res.headers.get('x-audio-stored')).toBe('false')
      const dl = await download(server.keys.ordinary, res.headers.get('x-job-id')!)
      expect(dl.status).toBe(404)
      expect(envelope(dl).message).toContain('not stored')
    } finally {
      await control(server, 'behaviour', { audioStoreMaxBytes: 50 * 1024 * 1024 })
    }
  })
})

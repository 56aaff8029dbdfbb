// Sharing a screen with the model, main's side, against the real demo service: sharing opens a new
// session with video on (2 minutes at most), the frames go on the session's link (a WebSocket for the
// live type, the WebRTC data channel for Model R-mini, through a real werift peer), the demo's answer
// says how many frames it saw and their size, and stopping (or the 2 minutes running out) goes back to
// audio only. A model that takes no video is refused, by the models list or by the service itself.
// The frame is a 640×360 JPEG that Chromium's canvas encoded (toDataURL('image/jpeg', 0.7)).
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/realtime'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'
import { sleep, speakInto, type VoiceRig } from './support/voice-rig'
import type { WeriftPage } from './support/werift-page'

const MODEL_L = 'google/gemini-live-2.5-flash'
const MODEL_R = 'openai/gpt-realtime'
const MODEL_R_MINI = 'openai/gpt-realtime-mini'
const MIC_RATE_HZ = 48_000
const JPEG = readFileSync(new URL('../fixtures/video/frame-640x360.jpg', import.meta.url))
const FRAME = { jpegBase64: JPEG.toString('base64'), width: 640, height: 360 }

const rigs = voiceRigsClosedAfterEach()

const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)
const answers = (r: VoiceRig) => r.voice.snapshot().lines.filter((l) => l.role === 'assistant' && l.final)

/** The demo's words for `frames` of the fixture, e.g. "I saw 3 frames, 640×360 JPEG, 21 KB." */
const seen = (frames: number) =>
  `I saw ${frames} frames, 640×360 JPEG, ${Math.round((frames * JPEG.length) / 1024)} KB.`

/** Half a second of speech into main, as the page's worklet would, with the key held. */
async function say(r: VoiceRig, p?: WeriftPage): Promise<void> {
  r.voice.press()
  if (p) await r.until(() => p.current() !== null && p.micOn, 15_000, 'the microphone on the track')
  await Promise.all([
    speakInto(r.page, toneVoice(MIC_RATE_HZ / 2, MIC_RATE_HZ), MIC_RATE_HZ),
    p?.speak(Int16Array.from(toneVoice(8_000, 16_000), (s) => Math.round(s * 32_767))),
  ])
  r.voice.release()
}

/** The answer has played out: the next press is a new turn, not a barge-in. */
const played = (r: VoiceRig) => r.until(() => last(r)?.state === 'ready', 30_000, 'the answer to play out')

/** Shares, sends `frames` frames, takes one turn; returns the video session's id and the answer. */
async function shareAndAsk(
  r: VoiceRig,
  frames: number,
  p?: WeriftPage,
): Promise<{ id: string; text: string }> {
  await r.voice.share('screen')
  const status = last(r)
  expect(status?.sharing).toEqual({ source: 'screen', live: true })
  expect(status?.warning).toMatchObject({ kind: 'video', reason: 'started' })
  const id = status?.session?.id as string
  for (let i = 0; i < frames; i++) expect(r.voice.videoFrame(FRAME)).toEqual({ sent: true })
  const before = answers(r).length
  await say(r, p)
  await r.until(() => answers(r).length > before, 30_000, 'the answer')
  await played(r)
  return { id, text: answers(r).at(-1)?.text ?? '' }
}

describe('sharing a screen with the model', () => {
  // Both demo variants: the models list says which models take video in two different shapes.
  it.each(['default', 'alt'] as const)(
    'live type over a WebSocket: the frames reach the service and its answer counts them (%s variant)',
    async (variant) => {
      const r = await rigs.start({ model: MODEL_L }, 'ordinary', undefined, variant)
      const models = (await r.voice.models()).models
      expect(models.find((m) => m.id === MODEL_L)?.acceptsVideo).toBe(true)
      expect(models.find((m) => m.id === MODEL_R)?.acceptsVideo).toBe(false)

      const { id, text } = await shareAndAsk(r, 3)
      expect(text).toContain(seen(3))
      const debug = r.realtime.getSessionDebug(id)
      expect(debug).toMatchObject({ video: true, videoFrames: 3, maxDurationSec: 120 })
      const status = last(r)
      expect(status?.session?.transport).toBe('websocket')
      // The 2-minute cap as the countdown's end, and the money in view.
      const leftMs = (status?.session?.endsAtMs ?? 0) - Date.now()
      expect(leftMs).toBeGreaterThan(100_000)
      expect(leftMs).toBeLessThanOrEqual(120_000)
      expect(status?.cost?.estimatedVndPerMin).toBeGreaterThan(0)

      // Frames wait for the answer they belong to: the next one counts only those sent since.
      for (let i = 0; i < 2; i++) r.voice.videoFrame(FRAME)
      await say(r)
      await r.until(() => answers(r).length === 2, 30_000, 'the second answer')
      await played(r)
      expect(answers(r)[1]?.text).toContain(seen(2))

      await r.voice.share(null)
      expect(last(r)?.sharing).toBeNull()
      expect(last(r)?.warning).toMatchObject({ kind: 'video', reason: 'stopped' })
      expect(r.realtime.getSessionDebug(id)?.status).toBe('ended')
      expect(r.voice.videoFrame(FRAME)).toEqual({ sent: false })

      // Back to audio only: the next press opens a session without video, and the captions stay.
      await say(r)
      await r.until(() => answers(r).length === 3, 30_000, 'the audio-only answer')
      const next = last(r)?.session?.id as string
      expect(next).not.toBe(id)
      expect(r.realtime.getSessionDebug(next)).toMatchObject({ video: false, videoFrames: 0 })
      expect(answers(r)[2]?.text).not.toContain('I saw')
    },
    60_000,
  )

  it('Model R-mini over WebRTC: the frames go as image items on the data channel', async () => {
    const r = await rigs.start({ model: MODEL_R_MINI, transport: 'auto' })
    const p = rigs.page(r)
    const { id, text } = await shareAndAsk(r, 3, p)
    expect(last(r)?.session?.transport).toBe('webrtc')
    expect(text).toContain(seen(3))
    expect(r.realtime.getSessionDebug(id)).toMatchObject({ video: true, videoFrames: 3 })
    // Each frame left main as one data-channel message, whole.
    const sent = p.commands.filter((c) => c.op === 'send' && c.text.includes('input_image'))
    expect(sent).toHaveLength(3)
    for (const c of sent) expect(c.op === 'send' && c.text.length).toBeLessThan(65_536)
    // Nothing main told the page carried a token.
    expect(JSON.stringify(p.commands)).not.toMatch(/tok_|secret|Bearer/i)
  })

  it('goes back to audio only when the service ends the video session at its 2 minutes', async () => {
    const r = await rigs.start({ model: MODEL_L })
    const { id } = await shareAndAsk(r, 1)
    expect(r.realtime.terminateSession(id, 'max_duration_reached')).toBe(true)
    await r.until(() => last(r)?.sharing === null, 10_000, 'sharing to stop')
    await r.until(() => last(r)?.warning?.reason === 'elapsed', 10_000, 'the elapsed warning')
    expect(r.voice.videoFrame(FRAME)).toEqual({ sent: false })
    // No video session stays open in its place (one the engine's renewal began is deleted unused).
    let open = await r.voice.activeSessions()
    for (let i = 0; i < 50 && open.length > 0; i++)
      open = await sleep(100).then(() => r.voice.activeSessions())
    expect(open).toEqual([])
  })

  it('stops cleanly when sharing is stopped while its session is still opening', async () => {
    const r = await rigs.start({ model: MODEL_L })
    await r.voice.models()
    const starting = r.voice.share('camera')
    await r.until(() => last(r)?.sharing?.live === false, 10_000, 'the video session to be opening')
    await r.voice.share(null)
    await starting
    expect(last(r)?.sharing).toBeNull()
    expect(r.voice.videoFrame(FRAME)).toEqual({ sent: false })
    let open = await r.voice.activeSessions()
    for (let i = 0; i < 50 && open.length > 0; i++)
      open = await sleep(100).then(() => r.voice.activeSessions())
    expect(open).toEqual([])
  })

  it('refuses a model the models list says takes no video, before any session is made', async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'websocket' })
    await expect(r.voice.share('camera')).rejects.toMatchObject({ code: 'realtime_video_not_allowed' })
    expect(last(r)?.sharing ?? null).toBeNull()
    expect((await r.voice.history(10)).sessions).toEqual([])
  })

  it("handles the service's realtime_video_not_allowed when the list does not say", async () => {
    // The models list with its video field taken out: Loa tries, and the service refuses.
    const silent = (endpoint: ConstructorParameters<typeof SessionsApi>[0]) => {
      const api = new SessionsApi(endpoint)
      return {
        list: api.list.bind(api),
        delete: api.delete.bind(api),
        models: async () => {
          const list = await api.models()
          return { ...list, models: list.models.map((m) => ({ ...m, acceptsVideo: null })) }
        },
      }
    }
    const r = await rigs.start({ model: MODEL_R, transport: 'websocket' }, 'ordinary', undefined, undefined, {
      api: silent,
    })
    await expect(r.voice.share('window')).rejects.toMatchObject({ code: 'realtime_video_not_allowed' })
    expect(last(r)?.sharing).toBeNull()
    // An audio-only conversation still works afterwards.
    await say(r)
    await r.until(() => answers(r).length === 1, 30_000, 'an audio-only answer')
    expect(r.realtime.getSessionDebug(last(r)?.session?.id as string)?.video).toBe(false)
  })
})

// The SDP exchange failing against the demo service's WebRTC endpoint (realtime-api.md "Endpoints"), with
// a real werift peer in the page's place: a 5xx to the offer is met with one new session; a 409 "already
// connected" (the answer to an earlier offer lost on the way) with POST /reconnect and a new offer on the
// same session. Either way the press's turn is answered.
import { afterEach, describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, startVoiceRig, type VoiceRig } from './support/voice-rig'
import { weriftPage, type WeriftPage } from './support/werift-page'

const MODEL_R = 'openai/gpt-realtime'
const MIC_RATE_HZ = 48_000

let rig: VoiceRig | null = null
let page: WeriftPage | null = null

afterEach(async () => {
  await page?.close()
  page = null
  await rig?.close()
  rig = null
})

const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)

/** A press while the link is being made: the words go as audio events once it opens. */
async function talkThroughTheFailure(r: VoiceRig, p: WeriftPage): Promise<void> {
  r.voice.press()
  await speakInto(r.page, toneVoice(MIC_RATE_HZ * 0.6, MIC_RATE_HZ), MIC_RATE_HZ)
  await r.until(() => p.current() !== null, 20_000, 'a WebRTC link')
  r.voice.release()
  await r.until(
    () => r.voice.snapshot().lines.some((l) => l.role === 'assistant' && l.final),
    30_000,
    'the answer',
  )
}

async function sessions(r: VoiceRig) {
  const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
  return (await api.list(10)).sessions
}

describe('the SDP exchange failing', () => {
  it('a 5xx to the offer: one new session, and the turn is answered on it', async () => {
    const r = (rig = await startVoiceRig({ model: MODEL_R, transport: 'webrtc' }))
    const p = (page = weriftPage(r.events, r.voice.rtc))
    r.demo.faults.failSdp = { count: 1, status: 503 }
    await talkThroughTheFailure(r, p)
    const [live, refused] = await sessions(r)
    expect(refused?.status).toBe('cancelled')
    expect(live?.id).toBe(last(r)?.session?.id)
    expect(r.realtime.getSessionDebug(live!.id)?.audio.committedTurns).toHaveLength(1)
    expect(last(r)?.problem).toBeNull()
    expect(p.commands.filter((c) => c.op === 'open')).toHaveLength(2)
  })

  it('a second 5xx in a row stops with a clear problem', async () => {
    const r = (rig = await startVoiceRig({ model: MODEL_R, transport: 'webrtc' }))
    page = weriftPage(r.events, r.voice.rtc)
    r.demo.faults.failSdp = { count: 2, status: 500 }
    r.voice.press()
    await r.until(() => last(r)?.problem?.fatal === true, 20_000, 'the failure')
    r.voice.release()
    expect(last(r)?.problem).toMatchObject({ kind: 'server', code: 'realtime_channel_failed' })
    expect((await sessions(r)).map((s) => s.status)).toEqual(['cancelled', 'cancelled'])
  })

  it('a 409 to the first offer: reconnect for a new token and offer again on the same session', async () => {
    const r = (rig = await startVoiceRig({ model: MODEL_R, transport: 'webrtc' }))
    const p = (page = weriftPage(r.events, r.voice.rtc))
    r.demo.faults.sdpConflict = { count: 1 }
    await talkThroughTheFailure(r, p)
    const all = await sessions(r)
    expect(all).toHaveLength(1)
    expect(all[0]?.id).toBe(last(r)?.session?.id)
    expect(r.realtime.getSessionDebug(all[0]!.id)?.audio.committedTurns).toHaveLength(1)
    expect(p.commands.filter((c) => c.op === 'open')).toHaveLength(2)
    // No problem was shown on the way, not even for a moment.
    expect(r.of('voice:status').filter((s) => s.problem !== null)).toEqual([])
  })
})

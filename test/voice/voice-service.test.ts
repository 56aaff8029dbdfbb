// The voice service as the app runs it, over real sockets against the demo service, with an in-memory
// page on the audio port.
import { afterEach, describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { OUTPUT_RATE_HZ, sleep, speakInto, startVoiceRig, type VoiceRig } from './support/voice-rig'

const MIC_RATE_HZ = 44_100
let rig: VoiceRig | null = null

afterEach(async () => {
  await rig?.close()
  rig = null
})

const lastStatus = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)

describe.each([
  ['model-r', 'openai/gpt-realtime'],
  ['live', 'google/gemini-live-2.5-flash'],
])('the voice service on %s', (protocol, model) => {
  it('streams a turn from the page, plays the answer back to it and keeps the conversation', async () => {
    const r = (rig = await startVoiceRig({ model }))
    r.voice.press()
    const speech = toneVoice(MIC_RATE_HZ, MIC_RATE_HZ)
    await speakInto(r.page, speech, MIC_RATE_HZ)
    r.voice.release()
    await r.until(() => r.page.received.some((m) => m.type === 'playback'), 15_000, 'playback')
    await r.until(() => lastStatus(r)?.state === 'ready', 20_000, 'the answer to end')

    const sessionId = lastStatus(r)?.session?.id as string
    const debug = r.realtime.getSessionDebug(sessionId)
    // One second at 44.1 kHz reached the service as about one second at 16 kHz.
    expect(debug?.audio.receivedSamples).toBeGreaterThan(15_000)
    expect(debug?.audio.receivedSamples).toBeLessThan(17_000)

    const playback = r.page.received.filter((m) => m.type === 'playback')
    expect(playback.every((m) => m.rateHz === OUTPUT_RATE_HZ)).toBe(true)
    const lines = r.voice.snapshot().lines
    expect(lines.map((l) => l.role)).toEqual(['user', 'assistant'])
    expect(lines[1]?.text.length).toBeGreaterThan(0)
    expect(r.of('voice:line').length).toBeGreaterThanOrEqual(2)
    expect(r.activity).toContain('listening')
    expect(r.activity).toContain('speaking')
    expect(r.activity.at(-1)).toBeNull()

    const summary = await r.voice.end()
    expect(summary?.turns).toBe(1)
    expect(summary?.sessions[0]?.id).toBe(sessionId)
    expect(lastStatus(r)).toMatchObject({ state: 'ended', micWanted: false })
    expect(r.of('voice:summary')).toHaveLength(1)
  })

  it('barges in: a press while the answer plays flushes the page and truncates at what was played', async () => {
    const r = (rig = await startVoiceRig({ model, instructions: 'Answer at length.' }))
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 2, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(() => lastStatus(r)?.state === 'speaking', 15_000, 'speaking')
    const answer = () => r.voice.snapshot().lines.find((l) => l.role === 'assistant')
    await r.until(() => r.page.playedMs(answer()?.itemId ?? '') > 400, 10_000, 'audio')
    const flushesBefore = r.page.received.filter((m) => m.type === 'flush').length
    r.voice.press()
    const heardMs = r.page.playedMs(answer()?.itemId as string)
    expect(r.page.received.filter((m) => m.type === 'flush').length).toBe(flushesBefore + 1)
    expect(lastStatus(r)?.state).toBe('listening')
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 4, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(
      () => r.voice.snapshot().lines.some((l) => l.role === 'assistant' && l.cancelled),
      10_000,
      'the cut answer',
    )
    const sessionId = lastStatus(r)?.session?.id as string
    const items = r.realtime.getSessionDebug(sessionId)?.items ?? []
    if (protocol === 'model-r') {
      const item = items.find((i) => i.id === answer()?.itemId)
      // The service kept of the answer what had been played (within one report), not what it had sent.
      expect(Math.abs((item?.audioMs ?? -1) - heardMs)).toBeLessThanOrEqual(25)
    } else {
      // Live-type has no truncate (its item ids are the client's own): the interruption tells the service.
      const first = items.find((i) => i.role === 'assistant')
      expect(first?.audioMs ?? 0).toBeGreaterThanOrEqual(heardMs)
    }
  })
})

describe('the voice service', () => {
  it('opens a session on the plan’s first model when none is chosen, and lists models and history', async () => {
    const r = (rig = await startVoiceRig({ model: null }))
    const models = await r.voice.models()
    expect(models.models.length).toBeGreaterThan(0)
    expect(models.models.every((m) => m.estimatedVndPerMin === null || m.estimatedVndPerMin > 0)).toBe(true)
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 2, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(
      () => lastStatus(r)?.session !== null && lastStatus(r)?.session !== undefined,
      10_000,
      'a session',
    )
    expect(lastStatus(r)?.session?.model).toBe(models.models[0]?.id)
    const summary = await r.voice.end()
    const history = await r.voice.history(10)
    expect(history.sessions.map((s) => s.id)).toContain(summary?.sessions[0]?.id)
    expect(history.totalVnd).toBeGreaterThanOrEqual(0)
  })

  it('opens a usable model when the saved one has no complete price table, and a new conversation starts clean', async () => {
    const r = (rig = await startVoiceRig({ model: 'openai/gpt-4o-realtime-preview' }))
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 2, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(() => lastStatus(r)?.state === 'ready', 20_000, 'the answer to end')
    expect(lastStatus(r)?.session?.model).toBe('google/gemini-live-2.5-flash')
    await r.voice.end()
    expect(lastStatus(r)?.cost?.totalVnd).toBeGreaterThan(0)
    expect(r.voice.snapshot().lines.length).toBeGreaterThan(0)

    // The press that opens the next conversation already shows none of the last one's figures or lines.
    r.voice.press()
    expect(lastStatus(r)).toMatchObject({ pressed: true, cost: null, warning: null, problem: null })
    expect(r.voice.snapshot().lines).toEqual([])
  })

  it('tells the user when the service cuts the session, and the next press starts a new one', async () => {
    const r = (rig = await startVoiceRig({ model: 'openai/gpt-realtime-mini' }))
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 4, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(() => !!lastStatus(r)?.session, 10_000, 'a session')
    const first = lastStatus(r)?.session?.id as string
    // A cut Loa does not renew by itself (voice-renewal.test.ts has those it does).
    expect(r.realtime.terminateSession(first, 'max_spend_reached')).toBe(true)
    await r.until(() => lastStatus(r)?.problem?.kind === 'terminated', 10_000, 'the cut')
    expect(lastStatus(r)?.problem?.code).toBe('max_spend_reached')
    expect(r.notifications.at(-1)?.body).toMatch(/spending cap/)
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 4, MIC_RATE_HZ), MIC_RATE_HZ)
    r.voice.release()
    await r.until(
      () => !!lastStatus(r)?.session && lastStatus(r)?.session?.id !== first,
      10_000,
      'a new session',
    )
    expect(lastStatus(r)?.problem).toBeNull()
  })

  it('in hands-free mode one press opens the microphone and the next closes it', async () => {
    const r = (rig = await startVoiceRig({ model: 'openai/gpt-realtime-mini', mode: 'hands-free' }))
    r.voice.press()
    r.voice.release()
    expect(lastStatus(r)?.pressed).toBe(true)
    await r.until(() => !!lastStatus(r)?.session, 10_000, 'a session')
    expect(lastStatus(r)?.micWanted).toBe(true)
    r.voice.press()
    expect(lastStatus(r)?.pressed).toBe(false)
  })

  it.each([
    ['openai/gpt-realtime-mini', 86_400, 3_600],
    ['google/gemini-live-2.5-flash', 86_400, 86_400],
    ['google/gemini-live-2.5-flash', 7_200, 7_200],
    ['openai/gpt-realtime-mini', null, 1_800],
  ])(
    'opens a session on %s with the session length setting %s cut to the model, %s s, and shows when it ends',
    async (model, setting, expectedSec) => {
      const r = (rig = await startVoiceRig({ model, maxDurationSec: setting }))
      const before = Date.now()
      r.voice.press()
      await speakInto(r.page, toneVoice(MIC_RATE_HZ / 4, MIC_RATE_HZ), MIC_RATE_HZ)
      r.voice.release()
      await r.until(() => !!lastStatus(r)?.session, 10_000, 'a session')
      const session = lastStatus(r)?.session
      expect(r.realtime.getSessionDebug(session?.id as string)?.maxDurationSec).toBe(expectedSec)
      const endsAtMs = session?.endsAtMs ?? 0
      expect(endsAtMs).toBeGreaterThanOrEqual(before + expectedSec * 1000)
      expect(endsAtMs).toBeLessThanOrEqual(Date.now() + expectedSec * 1000)
    },
  )

  it('names instructions the service refuses as too long, so the window can say which setting to shorten', async () => {
    const r = (rig = await startVoiceRig({
      model: 'openai/gpt-realtime-mini',
      instructions: 'x'.repeat(16_385),
    }))
    r.voice.press()
    await r.until(() => lastStatus(r)?.problem?.fatal === true, 10_000, 'the refusal')
    r.voice.release()
    expect(lastStatus(r)?.problem).toMatchObject({ code: 'instructions_too_long', fatal: true })
    expect(lastStatus(r)?.state).toBe('failed')
  })

  it('says why when no session can be opened, and keeps the press from sticking', async () => {
    const r = (rig = await startVoiceRig({ model: 'no/such-model' }))
    r.voice.press()
    await r.until(() => lastStatus(r)?.problem?.fatal === true, 10_000, 'the failure')
    r.voice.release()
    await sleep(50)
    expect(lastStatus(r)?.state).toBe('failed')
    expect(lastStatus(r)?.pressed).toBe(false)
    expect(r.voice.snapshot().lines).toEqual([])
  })
})

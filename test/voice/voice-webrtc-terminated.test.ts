// A WebRTC session the demo service cuts (realtime-api.md "Events", session.terminated), with a real werift
// peer in the page's place. The cut closes the peer and is said on the SSE stream, and the two reach Loa in
// either order: the lost channel is held until the stream has spoken, so the cut is renewed by its reason as
// over a WebSocket (the user told the model no longer remembers, the captions kept), not resumed as a drop.
// Both orders are made certain here: the page loses its channel before the cut, or tells main of the loss
// only after the cut was read. Both demo variants (each frames the SSE stream its own way).
import { describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { CHANNEL_LOSS_GRACE_MS } from '../../main/realtime/transports/rtc-transport'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, type VoiceRig } from './support/voice-rig'
import type { WeriftPage } from './support/werift-page'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'

const MODEL_R = 'openai/gpt-realtime'
const MIC_RATE_HZ = 48_000
const rigs = voiceRigsClosedAfterEach()

const last = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)
const sessionId = (r: VoiceRig): string | undefined => last(r)?.session?.id
const answers = (r: VoiceRig) => r.voice.snapshot().lines.filter((l) => l.role === 'assistant' && l.final)
const everReconnecting = (r: VoiceRig): boolean =>
  r.of('voice:status').some((s) => s.state === 'reconnecting')

/** A turn spoken while the link opens (its words go as events), answered. */
async function answeredTurn(r: VoiceRig, p: WeriftPage): Promise<void> {
  r.voice.press()
  await speakInto(r.page, toneVoice(MIC_RATE_HZ * 0.6, MIC_RATE_HZ), MIC_RATE_HZ)
  await r.until(() => p.current() !== null, 20_000, 'a WebRTC link')
  r.voice.release()
  await r.until(() => answers(r).length === 1 && last(r)?.state === 'ready', 30_000, 'the answer')
}

/** A session open and ready, with nothing said on it. */
async function readySession(r: VoiceRig, p: WeriftPage): Promise<string> {
  r.voice.press()
  await r.until(() => p.current() !== null, 20_000, 'a WebRTC link')
  r.voice.release()
  await r.until(() => last(r)?.state === 'ready' && sessionId(r) !== undefined, 10_000, 'a ready session')
  return sessionId(r) as string
}

/** Polled: what the werift peers do is not one of main's events. */
async function until(ok: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!ok()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

async function renewedAfter(r: VoiceRig, cutId: string): Promise<string> {
  await r.until(
    () => last(r)?.state === 'ready' && sessionId(r) !== undefined && sessionId(r) !== cutId,
    20_000,
    'a new session in place of the cut one',
  )
  return sessionId(r) as string
}

/** The service's sessions, newest first (their status words differ between the variants). */
async function sessionIds(r: VoiceRig): Promise<string[]> {
  const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
  return (await api.list(10)).sessions.map((s) => s.id)
}

function expectToldOfRenewal(r: VoiceRig): void {
  expect(last(r)?.problem).toBeNull()
  expect(last(r)?.warning).toMatchObject({ kind: 'renewed', reason: 'maintenance' })
  expect(r.notifications).toHaveLength(1)
  expect(r.notifications[0]?.title).toBe('Voice chat was reconnected')
  expect(r.notifications[0]?.body).toMatch(/no longer remembers the earlier turns/)
}

describe.each(['default', 'alt'] as const)('a WebRTC session cut by the service, %s variant', (variant) => {
  const start = () => rigs.start({ model: MODEL_R, transport: 'webrtc' }, 'ordinary', undefined, variant)

  it('for maintenance after an answered turn: renewed at once, the user told, the captions kept', async () => {
    const r = await start()
    const p = rigs.page(r)
    await answeredTurn(r, p)
    const cut = sessionId(r) as string
    const before = r.voice.snapshot().lines.map((l) => l.text)
    r.realtime.terminateSession(cut, 'maintenance')
    const fresh = await renewedAfter(r, cut)
    expectToldOfRenewal(r)
    expect(r.voice.snapshot().lines.map((l) => l.text)).toEqual(before)
    // Held, not resumed: the lost channel was never taken for a network drop.
    expect(everReconnecting(r)).toBe(false)
    expect(p.losses).toHaveLength(1)
    expect(await sessionIds(r)).toEqual([fresh, cut])
  }, 60_000)

  it('the channel lost before the cut is said on the SSE stream: held, then renewed', async () => {
    const r = await start()
    const p = rigs.page(r)
    const cut = await readySession(r, p)
    await p.drop()
    await until(() => p.losses.length === 1, 'the page to report its lost channel')
    r.realtime.terminateSession(cut, 'maintenance')
    const fresh = await renewedAfter(r, cut)
    expectToldOfRenewal(r)
    expect(everReconnecting(r)).toBe(false)
    expect(await sessionIds(r)).toEqual([fresh, cut])
  }, 60_000)

  it('the cut read on the SSE stream before the page notices its channel closed: renewed', async () => {
    const r = await start()
    const p = rigs.page(r)
    const cut = await readySession(r, p)
    p.holdLosses()
    r.realtime.terminateSession(cut, 'maintenance')
    const fresh = await renewedAfter(r, cut)
    // Main renewed with the page's word still held; told now, it changes nothing.
    await until(() => p.losses.length === 1, 'the old channel to close')
    p.tellLosses()
    expectToldOfRenewal(r)
    expect(everReconnecting(r)).toBe(false)
    expect(await sessionIds(r)).toEqual([fresh, cut])
  }, 60_000)

  it('the cut said on the SSE stream long after the channel closed: read from the session, renewed by its reason', async () => {
    const r = await start()
    const p = rigs.page(r)
    const cut = await readySession(r, p)
    // The event comes well past the wait for it, so the lost channel is first taken for a drop.
    r.demo.faults.lateEndEvent = { count: 1, delayMs: CHANNEL_LOSS_GRACE_MS * 3 }
    r.realtime.terminateSession(cut, 'maintenance')
    const fresh = await renewedAfter(r, cut)
    // The resume found the session gone, and asked the service how it ended.
    expect(everReconnecting(r)).toBe(true)
    expectToldOfRenewal(r)
    expect(await sessionIds(r)).toEqual([fresh, cut])
  }, 60_000)

  it('because the wallet is empty: not renewed, the user told to top up', async () => {
    const r = await start()
    const p = rigs.page(r)
    const cut = await readySession(r, p)
    r.realtime.terminateSession(cut, 'insufficient_balance')
    await r.until(() => last(r)?.problem?.kind === 'terminated', 20_000, 'the cut')
    await r.until(() => last(r)?.state === 'idle', 5_000, 'idle')
    expect(last(r)?.problem).toMatchObject({ code: 'insufficient_balance', renewal: 'refused' })
    expect(r.notifications.at(-1)?.body).toMatch(/Top up the wallet/)
    expect(everReconnecting(r)).toBe(false)
    expect(await sessionIds(r)).toEqual([cut])
  }, 60_000)

  it('a second cut within a minute of the renewal stops: no third session', async () => {
    const r = await start()
    const p = rigs.page(r)
    const first = await readySession(r, p)
    r.realtime.terminateSession(first, 'maintenance')
    const second = await renewedAfter(r, first)
    r.realtime.terminateSession(second, 'maintenance')
    await r.until(() => last(r)?.problem?.kind === 'terminated', 20_000, 'the second cut')
    await r.until(() => last(r)?.state === 'idle', 5_000, 'idle')
    expect(last(r)?.problem).toMatchObject({ renewal: 'repeated' })
    expect(await sessionIds(r)).toEqual([second, first])
  }, 60_000)
})

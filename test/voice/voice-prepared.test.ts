// A session made ready before the first press, against the real demo service: created while a press is
// likely, never connected (so never billed) until the press, which then opens it without a create of its
// own; replaced when the settings change; nothing made at all while neither the Voice view nor the talk
// hotkey asks for it. Over WebRTC the page's peer and offer are made ahead too (a werift peer here).
import { describe, expect, it } from 'vitest'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { sleep, speakInto, type VoiceRig } from './support/voice-rig'
import { voiceRigsClosedAfterEach } from './support/closed-after-each'

const MODEL_R = 'openai/gpt-realtime'
const MIC_RATE_HZ = 48_000

const rigs = voiceRigsClosedAfterEach()

/** Every session the demo created for the account, newest first: one per create request it took. */
async function demoSessions(r: VoiceRig): Promise<{ id: string; status: string }[]> {
  const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
  return (await api.list(100)).sessions.map((s) => ({ id: s.id, status: s.status }))
}

function walletVnd(r: VoiceRig): number {
  const ctx = r.demo.context
  const record = ctx.directory.keys.find((k) => k.name === 'ordinary')
  const account = ctx.accounts.find((a) => a.id === record?.accountId)
  if (!account) throw new Error('no ordinary account')
  return ctx.ledger.balanceVND(account)
}

/** Polls: the service emits nothing when it makes a session ready over a WebSocket. */
async function poll(pred: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!pred()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await sleep(10)
  }
}

async function preparedId(r: VoiceRig, not: string | null = null): Promise<string> {
  const id = () => r.voice.prepared.session?.id ?? null
  await poll(() => id() !== null && id() !== not, 'a session made ready')
  return id() as string
}

const statusOf = (r: VoiceRig, id: string) => r.realtime.getSessionDebug(id)?.status

/** One push-to-talk turn of `ms` on the page's microphone, until the answer is over. */
async function talk(r: VoiceRig, ms: number): Promise<void> {
  r.voice.press()
  await speakInto(r.page, toneVoice((MIC_RATE_HZ * ms) / 1000, MIC_RATE_HZ), MIC_RATE_HZ)
  r.voice.release()
  await r.until(() => r.of('voice:status').at(-1)?.state === 'ready', 30_000, 'the answer to end')
}

describe('a session made ready before the first press', () => {
  it('is created but not connected, so nothing bills, until the press opens it with no create', async () => {
    const r = await rigs.start()
    const before = walletVnd(r)
    r.voice.setViewShown(true)
    const id = await preparedId(r)

    expect(r.realtime.getSessionDebug(id)).toMatchObject({ status: 'created', connected: false })
    expect(await demoSessions(r)).toEqual([{ id, status: 'created' }])
    expect(walletVnd(r)).toBe(before)

    await talk(r, 600)
    const status = r.of('voice:status').at(-1)
    expect(status?.session?.id).toBe(id)
    expect(r.realtime.getSessionDebug(id)?.status).toBe('active')
    // The press made no create request of its own: the demo still holds the one session.
    expect((await demoSessions(r)).map((s) => s.id)).toEqual([id])
  })

  it('over WebRTC, the page made its peer and offer ahead, and the press takes them', async () => {
    const r = await rigs.start({ model: MODEL_R, transport: 'webrtc' })
    const p = rigs.page(r)
    r.voice.setViewShown(true)
    const id = await preparedId(r)
    expect(p.commands.map((c) => c.op)).toEqual(['prepare'])
    expect(r.realtime.getSessionDebug(id)).toMatchObject({ status: 'created', connected: false })

    r.voice.press()
    await r.until(() => p.current() !== null, 15_000, 'the WebRTC link')
    r.voice.release()
    expect(p.preparedUsed).toBe(1)
    expect(r.of('voice:status').at(-1)?.session?.id).toBe(id)
    expect((await demoSessions(r)).map((s) => s.id)).toEqual([id])
  })

  it('is replaced when the settings change, the old one cancelled uncharged', async () => {
    const r = await rigs.start()
    const before = walletVnd(r)
    r.voice.setViewShown(true)
    const first = await preparedId(r)
    r.settings.realtime.instructions = 'Answer in Vietnamese.'
    await r.voice.settingsChanged()
    const second = await preparedId(r, first)

    expect(second).not.toBe(first)
    await poll(() => statusOf(r, first) === 'cancelled', 'the old one gone')
    expect(walletVnd(r)).toBe(before)
  })

  it('is not made while the Voice view is closed and the hotkey is off, and goes when they close', async () => {
    const r = await rigs.start()
    r.voice.setViewShown(false)
    r.voice.setHotkeyArmed(false)
    await r.voice.settingsChanged()
    expect(await demoSessions(r)).toEqual([])

    r.voice.setViewShown(true)
    const id = await preparedId(r)
    r.voice.setViewShown(false)
    await poll(() => statusOf(r, id) === 'cancelled', 'it to be deleted')
    expect(r.voice.prepared.session).toBeNull()
  })

  it('is kept while the hotkey is armed only for a while after the last use', async () => {
    const r = await rigs.start({}, 'ordinary', undefined, undefined, { prepareLingerMs: 300 })
    r.voice.setHotkeyArmed(true)
    const id = await preparedId(r)
    await poll(() => statusOf(r, id) === 'cancelled', 'the linger to end')
    expect(r.voice.prepared.session).toBeNull()
  })
})

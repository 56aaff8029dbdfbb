// The plan's limit of sessions at once, against the real demo service: the refusal, the account's open
// sessions as the Voice view lists them, ending the oldest, and the next press opening a session.
import { afterEach, describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/realtime'
import { startVoiceRig, type VoiceRig } from './support/voice-rig'

const MODEL = 'openai/gpt-realtime-mini'
let rig: VoiceRig | null = null

afterEach(async () => {
  await rig?.close()
  rig = null
})

const lastStatus = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)

describe("the plan's limit of sessions at once", () => {
  it('lists the open sessions, ends the chosen one, and the next press gets a session', async () => {
    // FREE allows 3 at once (realtime-api.md "Limits"); other apps on the account hold all three.
    const r = (rig = await startVoiceRig({ model: MODEL }, 'free'))
    const other = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.free })
    const held: string[] = []
    for (let i = 0; i < 3; i++) held.push((await other.create({ model: MODEL, turnDetection: 'manual' })).id)

    r.voice.press()
    await r.until(() => lastStatus(r)?.problem != null, 15_000, 'the refusal')
    r.voice.release()
    expect(lastStatus(r)?.problem).toMatchObject({ code: 'realtime_session_limit', fatal: true })

    const open = await r.voice.activeSessions()
    expect(open.map((s) => s.id)).toEqual(held)
    for (const s of open) {
      expect(s.model).toBe(MODEL)
      expect(s.endReason).toBeNull()
      expect(Date.parse(s.startedAt ?? '')).not.toBeNaN()
    }

    const ended = await r.voice.endSession(held[0] as string)
    expect(ended.id).toBe(held[0])
    expect(ended.endReason).not.toBeNull()
    expect((await r.voice.activeSessions()).map((s) => s.id)).toEqual(held.slice(1))
    // The history still lists the ended one; only the open ones are offered for ending.
    expect((await r.voice.history(20)).sessions.map((s) => s.id)).toContain(held[0])

    r.voice.press()
    await r.until(() => lastStatus(r)?.session != null, 15_000, 'a session to open')
    expect(lastStatus(r)?.problem).toBeNull()
    const now = await r.voice.activeSessions()
    expect(now).toHaveLength(3)
    expect(now.map((s) => s.id)).toContain(lastStatus(r)?.session?.id)
    r.voice.release()
  })
})

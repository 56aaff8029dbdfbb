// The voice service when the demo service cuts the session (realtime-api.md "Events", session.terminated):
// a cut for maintenance is renewed, the user told (on the desktop and in the status) that the model no
// longer remembers the earlier turns, the captions kept; a cut for an empty wallet is not renewed and
// says to top up; a cut for the key says to check it in Settings.
import { afterEach, describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, startVoiceRig, type VoiceRig } from './support/voice-rig'

const MIC_RATE_HZ = 48_000
const MODEL_R = 'openai/gpt-realtime'
let rig: VoiceRig | null = null

afterEach(async () => {
  await rig?.close()
  rig = null
})

const lastStatus = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)
const answers = (r: VoiceRig) => r.voice.snapshot().lines.filter((l) => l.role === 'assistant' && l.final)

async function turn(r: VoiceRig): Promise<void> {
  r.voice.press()
  await speakInto(r.page, toneVoice(MIC_RATE_HZ * 0.6, MIC_RATE_HZ), MIC_RATE_HZ)
  r.voice.release()
}

describe('a session the service cuts', () => {
  it('for maintenance: renewed, the turn answered, the earlier captions kept, the user told', async () => {
    const r = (rig = await startVoiceRig({ model: MODEL_R }))
    await turn(r)
    await r.until(() => answers(r).length === 1 && lastStatus(r)?.state === 'ready', 20_000, 'answer 1')
    const first = lastStatus(r)?.session?.id
    const before = r.voice.snapshot().lines.map((l) => l.text)

    r.demo.faults.terminateOnCommit = { count: 1, reason: 'maintenance' }
    await turn(r)
    await r.until(() => answers(r).length === 2, 30_000, 'the second answer, from the new session')
    const status = lastStatus(r)
    expect(status?.session?.id).not.toBe(first)
    expect(status?.problem).toBeNull()
    expect(status?.warning).toMatchObject({ kind: 'renewed', reason: 'maintenance' })
    // The first turn's captions are still there, first.
    const lines = r.voice.snapshot().lines
    expect(lines.slice(0, before.length).map((l) => l.text)).toEqual(before)
    expect(lines.filter((l) => l.role === 'user')).toHaveLength(2)
    expect(r.notifications).toHaveLength(1)
    expect(r.notifications[0]?.title).toBe('Voice chat was reconnected')
    expect(r.notifications[0]?.body).toMatch(/maintenance/)
    expect(r.notifications[0]?.body).toMatch(/no longer remembers the earlier turns/)
  })

  it('because the wallet is empty: not renewed, and the user is told to top up', async () => {
    const r = (rig = await startVoiceRig({ model: MODEL_R }))
    r.demo.faults.terminateOnCommit = { count: 1, reason: 'wallet_empty' }
    await turn(r)
    await r.until(() => lastStatus(r)?.problem?.kind === 'terminated', 20_000, 'the cut')
    await r.until(() => lastStatus(r)?.state === 'idle', 5_000, 'idle')
    expect(lastStatus(r)?.problem).toMatchObject({
      kind: 'terminated',
      code: 'insufficient_balance',
      renewal: 'refused',
    })
    expect(r.notifications[0]?.body).toMatch(/Top up the wallet/)
    const api = new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary })
    expect((await api.list(10)).sessions.map((s) => s.status)).toEqual(['terminated'])
  })

  it('because the key was suspended: not renewed, and the user is sent to Settings', async () => {
    const r = (rig = await startVoiceRig({ model: MODEL_R }))
    r.demo.faults.terminateOnCommit = { count: 1, reason: 'api_key_suspended' }
    await turn(r)
    await r.until(() => lastStatus(r)?.problem?.kind === 'terminated', 20_000, 'the cut')
    expect(lastStatus(r)?.problem).toMatchObject({ code: 'key_revoked', renewal: 'refused' })
    expect(r.notifications[0]?.body).toMatch(/Check the API key in Settings/)
  })
})

// A voice session open when main crashes is ended on the service by the crash handler, against the real
// demo service: the service shows it ended by the client at that moment, not left to bill until its
// 3-minute idle end (realtime-api.md "Session lifecycle").
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { VoiceStatus } from '../../preload/contract'
import { CrashStore } from '../../main/crash/crash-record'
import { handleMainCrash } from '../../main/crash/main-crash'
import { createLog } from '../../main/logging/log'
import { createSessionEngine, SessionsApi, type SessionEngine } from '../../main/realtime'
import { voice as toneVoice } from '../realtime/support/demo-engine'
import { speakInto, startVoiceRig, type VoiceRig } from '../voice/support/voice-rig'
import type { VoiceServiceDeps } from '../../main/voice/voice-service'

const MIC_RATE_HZ = 16_000
let rig: VoiceRig | null = null
let dir = ''

afterEach(async () => {
  await rig?.close()
  rig = null
  await rm(dir, { recursive: true, force: true })
})

const lastStatus = (r: VoiceRig): VoiceStatus | undefined => r.of('voice:status').at(-1)

describe('a voice session open when main crashes', () => {
  it('is ended on the service by the crash handler and billed only up to then', async () => {
    const r = (rig = await startVoiceRig({ model: 'openai/gpt-realtime-mini' }))
    dir = await mkdtemp(join(tmpdir(), 'loa-voice-crash-'))
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 2, MIC_RATE_HZ), MIC_RATE_HZ)
    await r.until(() => lastStatus(r)?.session != null, 15_000, 'a session to open')
    const id = lastStatus(r)?.session?.id as string
    expect(r.realtime.getSessionDebug(id)).toMatchObject({ status: 'active', connected: true })
    expect(r.voice.sessionOpen).toBe(true)

    const log = createLog(() => {})
    const store = new CrashStore(join(dir, 'crash-report.json'), (t) => log.redact(t))
    const before = Date.now()
    const after = await handleMainCrash('exception', new Error('boom'), {
      log,
      store,
      appVersion: '9.9.9',
      voice: () => r.voice,
      uptimeMs: () => 0,
    })
    const handled = Date.now()
    expect(after).toBe('exit')

    expect(r.realtime.getSessionDebug(id)?.status).toBe('ended')
    const info = await new SessionsApi({ baseUrl: r.demo.baseUrl, key: r.demo.keys.ordinary }).get(id)
    expect(info.endReason).not.toBeNull()
    expect(info.endReason).not.toMatch(/idle/)
    // Ended while the handler ran: the service's clock stopped the bill then.
    const endedAt = Date.parse(info.endedAt ?? '')
    expect(endedAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000)
    expect(endedAt).toBeLessThanOrEqual(handled)
    expect(info.billing.totalVnd).not.toBeNull()
    expect(info.usage?.durationSec ?? Infinity).toBeLessThanOrEqual(
      (handled - Date.parse(info.createdAt ?? '')) / 1000,
    )
    expect((await store.read())[0]).toMatchObject({ kind: 'main', voiceSessionOpen: true })
    expect(r.voice.sessionOpen).toBe(false)
  })

  it('is waited on no longer than the timeout when its end does not answer', async () => {
    // The real engine, except that its end hangs while `hold` is set, as over a network that went away.
    let hold = true
    const createEngine: VoiceServiceDeps['createEngine'] = (endpoint, options, playback, prepared) => {
      const real = createSessionEngine(endpoint, options, { playback, prepared })
      return new Proxy(real, {
        get(target, name) {
          if (name === 'end' && hold) return () => new Promise(() => {})
          const value: unknown = Reflect.get(target, name, target)
          return typeof value === 'function' ? value.bind(target) : value
        },
      }) as SessionEngine
    }
    const r = (rig = await startVoiceRig({ model: 'openai/gpt-realtime-mini' }, 'ordinary', createEngine))
    dir = await mkdtemp(join(tmpdir(), 'loa-voice-crash-'))
    r.voice.press()
    await speakInto(r.page, toneVoice(MIC_RATE_HZ / 4, MIC_RATE_HZ), MIC_RATE_HZ)
    await r.until(() => lastStatus(r)?.session != null, 15_000, 'a session to open')
    const id = lastStatus(r)?.session?.id as string

    expect(await r.voice.endNow(200)).toBe('timeout')
    expect(r.realtime.getSessionDebug(id)?.status).toBe('active')
    // Once the end answers again, the next endNow ends the session on the service.
    hold = false
    expect(await r.voice.endNow(5_000)).toBe('ended')
    expect(r.realtime.getSessionDebug(id)?.status).toBe('ended')
  })
})

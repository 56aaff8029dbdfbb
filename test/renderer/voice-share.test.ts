// The Voice view's sharing panel in jsdom over a fake bridge: the price and the 2-minute cap before the
// click, a model the list says takes no video, main's refusal in words with what to do next, and the
// notice that the model starts fresh. The camera is the OS's: a fake stream stands in for it here (the
// real capture runs in the browser test).
import { flushSync } from 'svelte'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VoiceModels, VoiceStatus } from '../../preload/contract'
import { fitSize } from '../../renderer/lib/frame-encoder'
import { installFakeBridge } from './account-fake-bridge'
import { viewHost } from './view-host'
import { settingsWith, voiceModels, voiceSnapshot, voiceStatus } from './voice-fixtures'

const bridge = installFakeBridge()
const { default: Voice } = await import('../../renderer/views/Voice.svelte')
const { VoiceStore } = await import('../../renderer/stores/voice.svelte')
const { app } = await import('../../renderer/stores/app.svelte')

const host = viewHost({ ticks: 5 })
const $ = (testid: string) => host.target.querySelector<HTMLElement>(`[data-testid="${testid}"]`)
const text = (testid: string) => ($(testid)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ')

/** The fixture's Model R, said by the list to take video or not. */
function modelsWith(acceptsVideo: boolean | null): VoiceModels {
  return { ...voiceModels, models: voiceModels.models.map((m) => ({ ...m, acceptsVideo })) }
}

async function show(models: VoiceModels) {
  bridge.answer('voice:models', () => models)
  const store = new VoiceStore(null)
  host.show(Voice, { voice: store }, () => store.start())
  await host.settle()
  return store
}

beforeEach(() => {
  bridge.calls.length = 0
  bridge.answer('voice:snapshot', () => voiceSnapshot())
  bridge.answer('voice:history', () => ({ sessions: [], totalVnd: 0, knownTotalVnd: 0, totalDurationSec: 0 }))
  app.settings.set(settingsWith({ realtime: { model: 'openai/gpt-realtime' } }))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the sharing panel', () => {
  it('says what sharing costs and how long it lasts before the click', async () => {
    await show(modelsWith(true))
    expect(text('voice-share-status')).toMatch(/tối đa 2 phút.*Giá: ≈ 2\.709 ₫\/phút/)
    expect(($('voice-share-screen') as HTMLButtonElement).disabled).toBe(false)
  })

  it('turns sharing off for a model the list says takes no video, and says what to do', async () => {
    await show(modelsWith(false))
    for (const source of ['screen', 'window', 'camera'])
      expect(($(`voice-share-${source}`) as HTMLButtonElement).disabled).toBe(true)
    expect(text('voice-share-status')).toContain('chọn mô hình khác')
  })

  it("shows main's refusal with what to do next, and lets the camera go", async () => {
    const track = { stop: vi.fn(), addEventListener: vi.fn() }
    const stream = { getVideoTracks: () => [track], getTracks: () => [track] }
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: vi.fn(async () => stream) } })
    bridge.fail('voice:share', {
      kind: 'invalid_input',
      message: 'no video',
      code: 'realtime_video_not_allowed',
    } as never)
    await show(modelsWith(null))
    $('voice-share-camera')?.click()
    await host.settle()
    expect(bridge.calls.find((c) => c.channel === 'voice:share')?.request).toEqual({ source: 'camera' })
    expect(text('voice-share-error')).toContain('Mô hình này không nhận video.')
    expect(text('voice-share-error')).toContain('chọn một mô hình khác có nhận video')
    expect(track.stop).toHaveBeenCalled()
    expect($('voice-share')?.dataset.state).toBe('off')
  })

  it('tells the user the model starts fresh when the 2 minutes are up', async () => {
    await show(modelsWith(true))
    const elapsed: Partial<VoiceStatus> = {
      warning: {
        kind: 'video',
        reason: 'elapsed',
        balanceVnd: null,
        totalVnd: null,
        maxSpendVnd: null,
        usedPercent: null,
      },
    }
    bridge.emit('voice:status', voiceStatus(elapsed))
    flushSync()
    expect(text('voice-warning')).toContain('2 phút')
    expect(text('voice-warning')).toContain('bắt đầu lại từ đầu')
  })
})

describe('frame size', () => {
  it('brings the longest side to 1024 px and leaves smaller pictures alone', () => {
    expect(fitSize(1920, 1080)).toEqual([1024, 576])
    expect(fitSize(1080, 1920)).toEqual([576, 1024])
    expect(fitSize(640, 480)).toEqual([640, 480])
  })
})

// The app's voice service against the real demo service, with an in-memory page on the audio port: it
// feeds microphone frames like the capture worklet and plays what main sends like the playback worklet,
// reporting what it played.
import type { EventChannel, Events, Settings } from '../../../preload/contract'
import { AudioPorts } from '../../../main/audio-port/audio-ports'
import type { AudioPortEnd, AudioPortMessage } from '../../../main/audio-port/port'
import { mountRealtime, type RealtimeMount } from '../../../main/demo/realtime/index'
import { startDemoServer, type DemoServer, type DemoServerOptions } from '../../../main/demo/server'
import { EventHub } from '../../../main/ipc/event-hub'
import { DEFAULT_SETTINGS } from '../../../main/settings/settings-schema'
import { VoiceService, type VoiceActivity, type VoiceServiceDeps } from '../../../main/voice/voice-service'
import type { VoiceToolDeps } from '../../../main/voice/tools/tool'
import { pcm16Sample } from '../../../renderer/audio/pcm16'

export interface FakePage {
  /** Messages main sent the page. */
  received: AudioPortMessage[]
  /** Sends a message to main, as the page would. */
  send(message: unknown): void
  /** Whole ms of the item the page has played by now. */
  playedMs(itemId: string): number
  /** Whether a WebRTC link's track carries the microphone now (a werift page sets it); absent: none. */
  onTrack?: () => boolean
  close(): void
}

export interface VoiceRig {
  demo: DemoServer
  realtime: RealtimeMount
  voice: VoiceService
  ports: AudioPorts
  page: FakePage
  settings: Settings
  /** Where main's events go: a test's own page (a WebRTC one) listens here. */
  events: EventHub
  emitted: { channel: EventChannel; payload: unknown }[]
  notifications: { title: string; body: string }[]
  activity: VoiceActivity[]
  /** What the tray was told of the link, in order (true: interrupted). */
  trayLink: boolean[]
  of<C extends EventChannel>(channel: C): Events[C][]
  /** Resolves when `pred` holds, checked on every event. */
  until(pred: () => boolean, timeoutMs?: number, what?: string): Promise<void>
  close(): Promise<void>
}

export const OUTPUT_RATE_HZ = 48_000

export async function startVoiceRig(
  realtime: Partial<Settings['realtime']> = {},
  key: 'ordinary' | 'free' = 'ordinary',
  createEngine?: VoiceServiceDeps['createEngine'],
  /** The demo's answers to what the realtime spec leaves "not shown"; default as startDemoServer's. */
  variant?: DemoServerOptions['variant'],
  /** More of the service's dependencies (a clock, how long a ready session lingers, ...). */
  extra: Partial<VoiceServiceDeps> = {},
  /** What Loa's voice tools read, built once the demo is up; without it no tools are declared. */
  tools?: (demo: DemoServer) => VoiceToolDeps,
): Promise<VoiceRig> {
  let mount: RealtimeMount | undefined
  const demo = await startDemoServer({
    port: 0,
    seed: 1,
    mounts: [(ctx) => (mount = mountRealtime(ctx))],
    ...(variant ? { variant } : {}),
  })
  const settings: Settings = structuredClone(DEFAULT_SETTINGS)
  // The page here has no WebRTC: the WebSocket path unless a test asks otherwise.
  Object.assign(settings.realtime, { instructions: 'Answer in English.', transport: 'websocket' }, realtime)
  const events = new EventHub()
  const emitted: VoiceRig['emitted'] = []
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const w of [...waiters]) w()
  }
  events.addSink((channel, payload) => {
    emitted.push({ channel, payload })
    wake()
  })
  const ports = new AudioPorts()
  const page = fakePage(ports, wake)
  const notifications: VoiceRig['notifications'] = []
  const activity: VoiceActivity[] = []
  const trayLink: boolean[] = []
  const voice = new VoiceService({
    endpoint: () => ({ baseUrl: demo.baseUrl, key: demo.keys[key] }),
    settings: () => settings,
    events,
    audioPorts: ports,
    host: {
      notify: (title, body) => void notifications.push({ title, body }),
      setVoiceActivity: (a) => void activity.push(a),
      setVoiceLinkInterrupted: (interrupted) => void trayLink.push(interrupted),
    },
    language: () => 'en',
    balanceVnd: () => null,
    ...(createEngine ? { createEngine } : {}),
    ...(tools ? { tools: tools(demo) } : {}),
    ...extra,
  })
  page.send({ type: 'output', rateHz: OUTPUT_RATE_HZ })
  return {
    demo,
    realtime: mount as RealtimeMount,
    voice,
    ports,
    page,
    settings,
    events,
    emitted,
    notifications,
    activity,
    trayLink,
    of: <C extends EventChannel>(channel: C) =>
      emitted.filter((e) => e.channel === channel).map((e) => e.payload as Events[C]),
    until(pred, timeoutMs = 15_000, what = 'condition') {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!pred()) return
          waiters.delete(check)
          clearTimeout(timer)
          resolve()
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`timed out waiting for ${what}`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    },
    async close() {
      page.close()
      await voice.close()
      await demo.close()
    },
  }
}

function fakePage(ports: AudioPorts, wake: () => void): FakePage {
  let toMain: ((m: unknown) => void) | null = null
  const received: AudioPortMessage[] = []
  // Each item plays in real time from its first frame, like the worklet; reports go every 20 ms.
  const items = new Map<string, { startedAtMs: number; writtenMs: number; stoppedAtMs: number | null }>()
  const playedMs = (itemId: string): number => {
    const item = items.get(itemId)
    if (!item) return 0
    const until = item.stoppedAtMs ?? performance.now()
    return Math.floor(Math.min(item.writtenMs, until - item.startedAtMs))
  }
  const timer = setInterval(() => {
    for (const itemId of items.keys()) toMain?.({ type: 'played', itemId, ms: playedMs(itemId) })
  }, 20)
  const end: AudioPortEnd = {
    postMessage(message) {
      received.push(message)
      if (message.type === 'playback') {
        let item = items.get(message.itemId)
        if (!item) {
          item = { startedAtMs: performance.now(), writtenMs: 0, stoppedAtMs: null }
          items.set(message.itemId, item)
          queueMicrotask(() => toMain?.({ type: 'started', itemId: message.itemId }))
        }
        if (item.stoppedAtMs === null) item.writtenMs += (message.samples.length * 1000) / message.rateHz
      } else if (message.type === 'flush') {
        for (const [itemId, item] of items) {
          if (item.stoppedAtMs !== null) continue
          item.stoppedAtMs = performance.now()
          toMain?.({ type: 'played', itemId, ms: playedMs(itemId) })
        }
      }
      wake()
    },
    onMessage: (listener) => void (toMain = listener),
    onClose: () => {},
    close: () => clearInterval(timer),
  }
  ports.attach(end)
  return { received, send: (m) => toMain?.(m), playedMs, close: () => clearInterval(timer) }
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms))

/** Feeds `pcm` to main as the capture worklet would: 10 ms PCM16 frames at `rateHz`, paced by the wall clock. */
export async function speakInto(page: FakePage, pcm: Float32Array, rateHz: number): Promise<void> {
  const frame = rateHz / 100
  const started = performance.now()
  for (let at = 0, n = 0; at < pcm.length; at += frame, n++) {
    page.send({
      type: 'capture',
      rateHz,
      samples: Int16Array.from(pcm.subarray(at, at + frame), pcm16Sample),
      ...(page.onTrack?.() ? { onTrack: true } : {}),
    })
    const wait = started + (n + 1) * 10 - performance.now()
    if (wait > 0) await sleep(wait)
  }
}

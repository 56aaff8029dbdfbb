// A Chromium page on the Voice view whose microphone is a WAV file, over the harness and a demo service
// whose realtime part the test can inspect.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { readWav } from '../../../main/audio/wav'
import { mountRealtime, type RealtimeMount } from '../../../main/demo/realtime/index'
import { startDemoServer, type DemoServer } from '../../../main/demo/server'
import type { Settings, VoiceStatus } from '../../../preload/contract'
import { launchChromium } from './browser'
import { startTestHarness } from './harness'

export const SPEECH_TEXT = 'Hello there. Can you hear me well today?'
export const MIC_FILE_RATE_HZ = 48_000

export interface SpeechFile {
  path: string
  samples: Float32Array
  rateHz: number
  dir: string
}

/** Speech made by espeak-ng, at 48 kHz mono: what the fake microphone plays, in a loop. */
export function makeSpeech(): Promise<SpeechFile> {
  return mkdtemp(join(tmpdir(), 'loa-voice-')).then((dir) => {
    const raw = join(dir, 'raw.wav')
    const path = join(dir, 'speech.wav')
    execFileSync('espeak-ng', ['-v', 'en', '-w', raw, SPEECH_TEXT])
    execFileSync('sox', [raw, '-r', String(MIC_FILE_RATE_HZ), '-c', '1', '-b', '16', path])
    const wav = readWav(readFileSync(path))
    return { path, samples: wav.samples, rateHz: wav.sampleRateHz, dir }
  })
}

export interface VoicePage {
  browser: Browser
  page: Page
  demo: DemoServer
  realtime: RealtimeMount
  harness: Awaited<ReturnType<typeof startTestHarness>>
  close(): Promise<void>
}

/** Chromium's flags for a WAV microphone and playback without a click. */
export function fakeMicArgs(wavPath: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavPath}`,
    '--autoplay-policy=no-user-gesture-required',
  ]
}

export async function openVoicePage(
  speech: SpeechFile,
  realtime: Partial<Settings['realtime']>,
  audio: Partial<Settings['audio']> = {},
  /** The demo's clock against real time: above 1, its 60-second billing windows go by sooner. */
  timeScale = 1,
  /** More Chromium flags (for a screen to share, ...). */
  browserArgs: string[] = [],
  /** `beforeLoad` runs before the page is loaded; `early`: return as soon as the talk button shows. */
  load: { beforeLoad?: (page: Page) => Promise<void>; early?: boolean } = {},
): Promise<VoicePage> {
  let mount: RealtimeMount | undefined
  const demo = await startDemoServer({
    port: 0,
    seed: 1,
    timeScale,
    mounts: [(ctx) => (mount = mountRealtime(ctx))],
  })
  const harness = await startTestHarness({
    startDemo: async () => ({
      baseUrl: demo.baseUrl,
      key: demo.keys.ordinary as string,
      close: async () => {},
    }),
    osLocale: 'en-US',
  })
  // The WebSocket path unless a test asks for another transport.
  await harness.core.settings.update({
    realtime: { transport: 'websocket', ...realtime },
    audio: { soundCues: false, ...audio },
  })
  const browser = await launchChromium([...fakeMicArgs(speech.path), ...browserArgs])
  const page = await browser.newPage()
  await load.beforeLoad?.(page)
  await page.goto(harness.launchUrl('voice'))
  await page.getByTestId('talk-button').waitFor()
  // The button shows before the page has its audio running (an AudioContext, two worklets, then the audio
  // port), and until the port is open main knows no page to hold a WebRTC peer: a press then is refused
  // (webrtc_unavailable) or, on `auto`, goes over a WebSocket. On a loaded machine that start takes long
  // enough for the first press to land in it, so a test talks once the page is ready, as a person would.
  if (!load.early) await until(() => harness.core.audioPorts.openCount > 0, "the page's audio port")
  return {
    browser,
    page,
    demo,
    realtime: mount as RealtimeMount,
    harness,
    async close() {
      await browser.close()
      await harness.close()
      await demo.close()
    },
  }
}

export async function removeSpeech(speech: SpeechFile): Promise<void> {
  await rm(speech.dir, { recursive: true, force: true })
}

export const status = (p: VoicePage): VoiceStatus => p.harness.core.voice.snapshot().status

export async function until(
  pred: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 20_000,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

/** Puts the mouse down on the talk button; returns the release. */
export async function pressTalk(p: VoicePage): Promise<() => Promise<void>> {
  const box = await p.page.getByTestId('talk-button').boundingBox()
  if (!box) throw new Error('the talk button is not on screen')
  await p.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await p.page.mouse.down()
  return () => p.page.mouse.up()
}

/** Holds the talk button with the mouse for `ms`. */
export async function holdTalk(p: VoicePage, ms: number): Promise<void> {
  const release = await pressTalk(p)
  await p.page.waitForTimeout(ms)
  await release()
}

/**
 * A suite's speech file (made once, removed after the file) and its pages (each closed after its test).
 * Call at the top level of a test file.
 */
export function voicePages(): {
  speech(): SpeechFile
  open(
    ...args: Parameters<typeof openVoicePage> extends [SpeechFile, ...infer R] ? R : never
  ): Promise<VoicePage>
} {
  let speech: SpeechFile | null = null
  let open: VoicePage | null = null
  beforeAll(async () => {
    speech = await makeSpeech()
  })
  afterAll(async () => {
    if (speech) await removeSpeech(speech)
  })
  afterEach(async () => {
    await open?.close()
    open = null
  })
  const file = (): SpeechFile => {
    if (!speech) throw new Error('the speech file is made in beforeAll')
    return speech
  }
  return {
    speech: file,
    async open(...args) {
      open = await openVoicePage(file(), ...args)
      return open
    },
  }
}

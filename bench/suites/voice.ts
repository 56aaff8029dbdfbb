// The voice chat's renderer half in Debian's Chromium, over the browser harness and the demo service, with
// a WAV made by espeak-ng as the microphone. Measured in this run:
//   - talk-button press -> the first capture frame leaving the renderer (mic open, conversation live);
//     reference: a ScriptProcessorNode recorder (4096-sample buffers) on the same microphone
//   - first reply frame handed to the port in main -> the page's report that its first sample played;
//     reference: the same round trip with no player at all (a ping answered at once)
//   - the microphone on the audio port (PCM16): bytes per second of audio, and main's time receiving a
//     second of it; reference: the same samples as the Float32 frames the page used to send
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from 'playwright-core'
import { startDemoServer } from '../../main/demo/server'
import { startWebHarness, type WebHarness } from '../../main/web/harness'
import { captureSocketProbe, measureCaptureIpc } from '../capture-ipc'
import { goalFigure, percentile, significant } from '../goal'
import { buildRenderer, RENDERER_DIR, requireCommands, requireExecutable } from '../prerequisites'
import type { Figure, SuiteReport } from '../types'

const CHROMIUM = process.env.LOA_CHROMIUM ?? '/usr/bin/chromium'
const MODEL = 'openai/gpt-realtime-mini'
const PRESSES = 15
const REPLIES = 6
const REFERENCE_BUFFER_SAMPLES = 4096
/** Capture frames kept from the page for the port figures: 3 s of 10 ms frames. */
const CAPTURE_FRAMES_KEPT = 300
const RECEIVE_ROUNDS = 100

const GOALS = {
  pressToFrameMs: '<=25',
  replyToPlayedMs: '<=50',
  // PCM16 at 48 kHz is 96,000 B/s; each 10 ms frame adds its header. Float32 was twice the samples' bytes.
  // (Headless Chromium may run its context at 44.1 kHz: the rateHz label says which.)
  captureBytesPerAudioSecond: '<=110000',
  // A thousandth of one core for the microphone's way in.
  captureReceiveMsPerAudioSecond: '<=1',
} as const

/** Stamps every capture frame the page posts and every press, before the app's scripts run. */
const PAGE_PROBE = `
  window.__loaBench = { frames: [], presses: [], reference: [] }
  const post = MessagePort.prototype.postMessage
  MessagePort.prototype.postMessage = function (message, ...rest) {
    if (message && message.type === 'capture') window.__loaBench.frames.push(performance.now())
    return post.call(this, message, ...rest)
  }
  document.addEventListener('pointerdown', () => window.__loaBench.presses.push(performance.now()), true)
`

/** Chromium, the tools that make the microphone's WAV, and a renderer bundle built from the tree. */
export function prepare(): void {
  requireExecutable(CHROMIUM, 'sudo apt-get install -y chromium, or set LOA_CHROMIUM to a Chromium')
  requireCommands({ 'espeak-ng': 'espeak-ng', sox: 'sox' })
  buildRenderer()
}

export async function run(): Promise<SuiteReport> {
  const dir = await mkdtemp(join(tmpdir(), 'loa-bench-voice-'))
  const wav = join(dir, 'speech.wav')
  execFileSync('espeak-ng', [
    '-v',
    'en',
    '-w',
    join(dir, 'raw.wav'),
    'Testing one two three. How are you today?',
  ])
  execFileSync('sox', [join(dir, 'raw.wav'), '-r', '48000', '-c', '1', '-b', '16', wav])
  const demo = await startDemoServer({ port: 0, seed: 1 })
  // A user who has been through the first-run welcome: the main window opens on the Voice view.
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ welcome: { status: 'finished', done: [] } }))
  const harness = await startWebHarness({
    dataDir: dir,
    rendererDir: RENDERER_DIR,
    osLocale: 'en-US',
    startDemo: async () => ({
      baseUrl: demo.baseUrl,
      key: demo.keys.ordinary as string,
      close: async () => {},
    }),
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${wav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  })
  try {
    await harness.core.settings.update({
      realtime: { model: MODEL, transport: 'websocket' },
      audio: { soundCues: false },
    })
    const page = await browser.newPage()
    await page.addInitScript(PAGE_PROBE)
    await page.addInitScript(captureSocketProbe(CAPTURE_FRAMES_KEPT))
    await page.goto(harness.launchUrl('voice'))
    await page.getByTestId('talk-button').waitFor()
    await startReferenceRecorder(page)
    const press = await pressToFrame(page, harness)
    const reply = await replyToPlayed(page, harness)
    const port = await captureOnPort(page, harness)
    return {
      suite: 'voice',
      method: {
        page: 'Debian Chromium (headless) on the browser harness; the demo service in this process; microphone: an espeak-ng WAV through --use-file-for-fake-audio-capture.',
        pressToFrameMs: `p50 of ${PRESSES} presses of the talk button (mouse) while the conversation is live (firstPressMicClosedMs: the first press, which opens the microphone): the pointerdown event to the first capture frame the page posts on the audio port after it. Reference: a ScriptProcessorNode with ${REFERENCE_BUFFER_SAMPLES}-sample buffers on a second stream of the same microphone, its first onaudioprocess after the press.`,
        replyToPlayedMs: `p50 over ${REPLIES} answers: main hands the answer's first frame to the audio port -> the page reports its first sample played (includes the report's way back). Reference: a ping answered at once by main over the same port, i.e. the same path with no player.`,
        captureBytesPerAudioSecond: `the first ${CAPTURE_FRAMES_KEPT} capture frames the page's bridge sent on the harness's audio socket (header and framing included), per second of the audio they hold; sampleBytesPerSample: the samples' bytes AudioPorts counted in main over the whole run, per sample. Reference: the same samples as Float32 frames, encoded by the same codec.`,
        captureReceiveMsPerAudioSecond: `main's time to receive those frames, per second of audio, median of ${RECEIVE_ROUNDS} replays in this process, alternating with the reference's after both warmed up: the relay frame decoded, then AudioPorts (checks, PCM16 -> Float32 for the resampler) up to the consumer. Reference: the Float32 frames decoded and checked the way main took them before, handed on as they arrived.`,
      },
      results: [press, reply, ...port],
    }
  } finally {
    await browser.close()
    await harness.close()
    await demo.close()
    await rm(dir, { recursive: true, force: true })
  }
}

async function startReferenceRecorder(page: Page): Promise<void> {
  await page.evaluate(async (bufferSamples) => {
    const ctx = new AudioContext()
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    const node = ctx.createScriptProcessor(bufferSamples, 1, 1)
    const bench = (window as unknown as { __loaBench: { reference: number[] } }).__loaBench
    node.onaudioprocess = () => bench.reference.push(performance.now())
    ctx.createMediaStreamSource(stream).connect(node)
    node.connect(ctx.destination)
    ;(window as unknown as { __loaRef: unknown }).__loaRef = { ctx, stream, node }
  }, REFERENCE_BUFFER_SAMPLES)
}

async function hold(page: Page, ms: number): Promise<void> {
  const box = await page.getByTestId('talk-button').boundingBox()
  if (!box) throw new Error('no talk button')
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await page.mouse.down()
  await page.waitForTimeout(ms)
  await page.mouse.up()
}

async function pressToFrame(page: Page, harness: WebHarness): Promise<Figure> {
  // The first press opens the microphone and the session; the measured presses find both open.
  await hold(page, 300)
  await until(() => harness.core.voice.snapshot().status.session !== null)
  await page.waitForTimeout(500)
  for (let i = 0; i < PRESSES; i++) {
    await hold(page, 150)
    await page.waitForTimeout(250 + (i % 5) * 17)
  }
  const stamps = await page.evaluate(
    () =>
      (window as unknown as { __loaBench: { frames: number[]; presses: number[]; reference: number[] } })
        .__loaBench,
  )
  const measured = stamps.presses.slice(-PRESSES)
  const after = (times: number[], t: number) => (times.find((x) => x >= t) ?? NaN) - t
  const ours = measured.map((t) => after(stamps.frames, t))
  const reference = measured.map((t) => after(stamps.reference, t))
  await harness.core.voice.end()
  return figure(
    'pressToFrameMs',
    percentile(ours, 50),
    { scriptProcessor4096: percentile(reference, 50) },
    {
      p99: significant(percentile(ours, 99)),
      // The conversation's first press opens the microphone: what getUserMedia and the worklet cost.
      firstPressMicClosedMs: significant(after(stamps.frames, stamps.presses[0] as number)),
    },
  )
}

async function replyToPlayed(page: Page, harness: WebHarness): Promise<Figure> {
  const voice = harness.core.voice
  const ours: number[] = []
  const seen = new Set<string>()
  for (let i = 0; i < REPLIES; i++) {
    await hold(page, 700)
    await until(
      () => voice.snapshot().lines.some((l) => l.role === 'assistant' && !seen.has(l.itemId)),
      20_000,
    )
    const line = voice.snapshot().lines.find((l) => l.role === 'assistant' && !seen.has(l.itemId))
    const itemId = line?.itemId as string
    seen.add(itemId)
    await until(() => voice.playback.timings(itemId)?.startedAtMs != null, 10_000)
    const t = voice.playback.timings(itemId)
    ours.push((t?.startedAtMs as number) - (t?.firstWrittenAtMs as number))
    await until(() => voice.snapshot().status.state === 'ready', 30_000)
  }
  await voice.end()
  const pings = await page.evaluate(async (n) => {
    const times: number[] = []
    const port = await new Promise<MessagePort>((resolve) => {
      window.addEventListener(
        'message',
        (e) => e.data === 'loa:audio-port' && resolve(e.ports[0] as MessagePort),
      )
      void (window as unknown as { loa: { audio: { openPort(): Promise<unknown> } } }).loa.audio.openPort()
    })
    for (let i = 0; i < n; i++) {
      const t0 = performance.now()
      await new Promise<void>((resolve) => {
        port.onmessage = (e) => e.data?.type === 'pong' && e.data.id === i && resolve()
        port.postMessage({ type: 'ping', id: i })
      })
      times.push(performance.now() - t0)
      await new Promise((r) => setTimeout(r, 20))
    }
    port.close()
    return times
  }, 20)
  return figure(
    'replyToPlayedMs',
    percentile(ours, 50),
    { noPlayerRoundTrip: percentile(pings, 50) },
    {
      max: significant(Math.max(...ours)),
    },
  )
}

async function captureOnPort(page: Page, harness: WebHarness): Promise<Figure[]> {
  const sent = await page.evaluate(
    () => (window as unknown as { __loaCaptureFrames: number[][] }).__loaCaptureFrames,
  )
  const measured = measureCaptureIpc(
    sent.map((f) => Uint8Array.from(f)),
    RECEIVE_ROUNDS,
  )
  const crossed = harness.core.audioPorts.captureReceived
  const labels = {
    rateHz: measured.rateHz,
    frames: sent.length,
    audioSeconds: significant(measured.int16.audioSeconds),
    sampleBytesPerSample: crossed.bytes / crossed.samples,
    referenceSampleBytesPerSample: measured.float32Reference.sampleBytesPerSample,
  }
  return [
    figure(
      'captureBytesPerAudioSecond',
      measured.int16.bytesPerAudioSecond,
      { float32: measured.float32Reference.bytesPerAudioSecond },
      labels,
    ),
    figure(
      'captureReceiveMsPerAudioSecond',
      measured.int16.receiveMsPerAudioSecond,
      { float32: measured.float32Reference.receiveMsPerAudioSecond },
      labels,
    ),
  ]
}

async function until(pred: () => boolean, timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

function figure(
  metric: keyof typeof GOALS,
  ours: number,
  reference: Record<string, number>,
  labels: Record<string, unknown> = {},
): Figure {
  return goalFigure(metric, GOALS[metric], ours, reference, labels)
}

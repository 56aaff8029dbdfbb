// The WebRTC answer as Chromium plays it, through the rig: a session created over the proxy as the engine
// creates one, a bare peer in Chromium (page.ts) whose offer and answer have their candidates rewritten so
// that its media and data reach the demo's peer only through a UDP relay with the profile, and a few typed
// questions on the data channel, each answered aloud at length (the demo model reads the question back).
// Chromium's NetEq statistics give the underruns and the delay it added; the relay's log of the packets it
// let through to the page gives the reference, a fixed 100 ms buffer on the same arrivals.
import { chromium, type Browser, type Page } from 'playwright-core'
import { SessionsApi } from '../../main/api/realtime/sessions-api'
import { systemClock } from '../../main/realtime/engine/engine-clock'
import { sdpExchanger } from '../../main/realtime/transports/sdp-exchange'
import type { DemoProcess } from '../demo-process'
import { goalFigure, significant } from '../goal'
import type { Arrival } from '../netem/playout-sim'
import type { NetworkProfile } from '../netem/profiles'
import { candidatePort, candidatesTo } from '../netem/rtc-through-relay'
import { rtpHeader } from '../netem/rtp-header'
import type { TcpProxy } from '../netem/tcp-proxy'
import { startUdpRelay } from '../netem/udp-relay'
import { requireExecutable } from '../prerequisites'
import { sleep } from '../realtime-rig'
import type { Figure } from '../types'
import { PAGE_SCRIPT, POLL_MS, type PageRtc, type StatsSample } from './page'
import { REFERENCE_HOLD_MS, fixedBufferReference, perMinute, playback, type AnswerReadings } from './figures'

export const CHROMIUM = process.env['LOA_CHROMIUM'] ?? '/usr/bin/chromium'
const MODEL_R = 'openai/gpt-realtime'
const ANSWERS = 3
/** About 11 s of answer each, read back by the demo model. */
const QUESTION =
  'Tell me slowly about the old streets of Hanoi in autumn, the cafes by the lake, the street vendors ' +
  'calling at night and the scent of milk flowers, and take your time.'
const ANSWER_TIMEOUT_MS = 60_000
/** Past the service's last packet of an answer: the relay's longest delay and the buffer's hold, and some. */
const DRAIN_MS = 1_500
const FRAME_SAMPLES = 960
const NO_GOAL = '>=0'
/** The goals for the `4g` profile; the others are reported as measured. */
const UNDERRUN_GOAL: Record<string, string> = { '4g': '<=0' }
const ADDED_GOAL: Record<string, string> = { '4g': '<=120' }

export const PLAYBACK_METRICS = ['webrtc.playback.underrunsPerMin', 'webrtc.playback.addedDelayMs']

export const PLAYBACK_METHOD = {
  webrtcPlayback: `Transport webrtc, played by Chromium (${CHROMIUM}, headless, via playwright-core): a session of ${MODEL_R} created through the TCP proxy with the app's SessionsApi, a bare RTCPeerConnection in the page (an audio transceiver and the session's data channel; the answer track on an audio element), its offer and the answer exchanged through the proxy with the app's SDP exchanger, their candidates rewritten so the page and the demo's peer reach each other only through a UDP relay with the profile (lossless and in order until the data channel opens, as in the werift runs). ${ANSWERS} typed questions on the data channel, each answer (about 11 s of speech) waited out to output_audio_buffer.stopped and ${DRAIN_MS} ms more. The page reads its inbound-rtp audio statistics every ${POLL_MS} ms. webrtc.playback.underrunsPerMin: NetEq's concealmentEvents that began while an answer was playing and were followed by more of it (a reading with more of the answer still to be emitted, after one where some had been: the silence after an answer's last packet is not counted), lost packets' concealment included, per minute of answer audio played from packets (jitterBufferEmittedCount at 48 kHz). webrtc.playback.addedDelayMs: jitterBufferDelay / jitterBufferEmittedCount over the answers, the mean time a sample waited in the jitter buffer between its packet's arrival and its playout, which is the whole delay the page added to hide jitter (the network's own delay is not in it); the labels give Chromium's jitterBufferTargetDelay and jitterBufferMinimumDelay on the same basis, the audio stretched in and squeezed out, the voiced concealed ms and packets lost and discarded. Reference: every RTP packet the relay let through to the page, at the moment it did, played through the page's player (renderer/audio/playback-buffer.ts) with a fixed ${REFERENCE_HOLD_MS} ms prefill, as the WebSocket rows' reference: its underruns per minute of audio, and the p50 of first packet to first sample.`,
}

/** Chromium, for the network suite's prerequisites check. */
export function requireChromium(): void {
  requireExecutable(CHROMIUM, 'sudo apt-get install -y chromium, or set LOA_CHROMIUM to a Chromium')
}

export interface PlaybackRun {
  answers: AnswerReadings[]
  arrivals: Arrival[]
}

/** Drives the page through `ANSWERS` answers on one session and returns what it and the relay saw. */
export async function playbackRun(
  demo: DemoProcess,
  proxy: TcpProxy,
  profile: NetworkProfile,
  seed: number,
  answers = ANSWERS,
): Promise<PlaybackRun> {
  /** When each RTP packet left the relay for the page. */
  const packetsAtMs: number[] = []
  const relay = await startUdpRelay({
    targetPort: 0,
    profile,
    seed: seed * 31 + 7,
    losslessUntilStarted: true,
    onToClient: (datagram, atMs) => {
      if (rtpHeader(datagram)) packetsAtMs.push(atMs)
    },
  })
  const api = new SessionsApi({ baseUrl: proxy.baseUrl, key: demo.key })
  let browser: Browser | null = null
  let sessionId: string | null = null
  try {
    browser = await launch()
    const page = await browser.newPage()
    await page.evaluate(PAGE_SCRIPT)
    const session = await api.create({
      model: MODEL_R,
      transport: 'webrtc',
      turnDetection: 'manual',
      instructions: 'Answer in English.',
    })
    sessionId = session.id
    const connection = session.connection
    if (connection?.kind !== 'webrtc') throw new Error('the service offered no WebRTC connection')
    const offer = await call<string>(page, 'offer', connection.dataChannel)
    // The SDP endpoint names the service's own port: its request goes through the proxy too.
    const sdpUrl = new URL(connection.url)
    sdpUrl.port = String(proxy.port)
    const answer = await sdpExchanger()(
      sdpUrl.toString(),
      connection.token,
      candidatesTo(offer, relay.backPort),
      {
        clock: systemClock,
        deadlineMs: systemClock.now() + 20_000,
      },
    )
    relay.retarget(candidatePort(answer))
    await call(page, 'answer', candidatesTo(answer, relay.port))
    relay.startLoss()
    const windows: { from: number; fromMs: number; toMs: number }[] = []
    for (let i = 0; i < answers; i++) {
      // The baseline is a reading taken after the question's arrivals begin to count, not an older one.
      const fromMs = performance.now()
      const from = await freshReading(page)
      const item = { type: 'message', role: 'user', content: [{ type: 'input_text', text: QUESTION }] }
      await call(page, 'send', JSON.stringify({ type: 'conversation.item.create', item }))
      await call(page, 'send', JSON.stringify({ type: 'response.create' }))
      await stopped(page, i + 1)
      await sleep(DRAIN_MS)
      windows.push({ from, fromMs, toMs: performance.now() })
    }
    const all = await readings(page)
    await call(page, 'close')
    return {
      answers: windows.map((w, i) => all.slice(w.from, windows[i + 1]?.from ?? all.length)),
      arrivals: windows.flatMap((w, i) =>
        packetsAtMs
          .filter((atMs) => atMs >= w.fromMs && atMs < w.toMs)
          .map((atMs) => ({ atMs, itemId: `answer-${i}`, samples: FRAME_SAMPLES })),
      ),
    }
  } finally {
    await browser?.close()
    await relay.close()
    if (sessionId) await api.delete(sessionId).catch(() => {})
  }
}

/** The figures of one profile's run. */
export async function rtcPlayback(
  demo: DemoProcess,
  proxy: TcpProxy,
  profile: NetworkProfile,
  seed: number,
): Promise<Figure[]> {
  const run = await playbackRun(demo, proxy, profile, seed)
  const ours = playback(run.answers)
  const reference = fixedBufferReference(run.arrivals)
  const labels = { profile: profile.name, transport: 'webrtc' }
  return [
    goalFigure(
      'webrtc.playback.underrunsPerMin',
      UNDERRUN_GOAL[profile.name] ?? NO_GOAL,
      perMinute(ours.underruns, ours.emittedSamples),
      { fixed100msBuffer: reference.underrunsPerMin },
      {
        ...labels,
        answerAudioSec: significant(ours.emittedSamples / 48_000),
        underruns: ours.underruns,
        concealedVoicedMs: significant(ours.concealedVoicedMs),
        packetsReceived: ours.packetsReceived,
        packetsLost: ours.packetsLost,
        // Each lost packet is concealed too, and no buffer hides it: beside the underruns, for scale.
        packetsLostPerMin: significant(perMinute(ours.packetsLost, ours.emittedSamples)),
        packetsDiscarded: ours.packetsDiscarded,
      },
    ),
    goalFigure(
      'webrtc.playback.addedDelayMs',
      ADDED_GOAL[profile.name] ?? NO_GOAL,
      ours.delayMs,
      { fixed100msBuffer: reference.addedMs },
      {
        ...labels,
        targetDelayMs: significant(ours.targetDelayMs),
        minimumDelayMs: significant(ours.minimumDelayMs),
        stretchedInMs: significant(ours.insertedMs),
        squeezedOutMs: significant(ours.removedMs),
      },
    ),
  ]
}

function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
  })
}

/** Calls the page's PageRtc: the arguments go in as JSON, the result comes back once settled. */
function call<T = void>(page: Page, method: keyof PageRtc, ...args: unknown[]): Promise<T> {
  return page.evaluate(`window.__rtc.${method}(...${JSON.stringify(args)})`) as Promise<T>
}

function readings(page: Page): Promise<StatsSample[]> {
  return call<StatsSample[]>(page, 'samples')
}

/** Waits for a reading taken from now on and returns its index. */
async function freshReading(page: Page): Promise<number> {
  const before = (await readings(page)).length
  const giveUpAt = performance.now() + 10_000
  for (;;) {
    const count = (await readings(page)).length
    if (count > before) return count - 1
    if (performance.now() > giveUpAt) throw new Error('the page read no statistics for 10 s')
    await sleep(POLL_MS / 2)
  }
}

async function stopped(page: Page, n: number): Promise<void> {
  const giveUpAt = performance.now() + ANSWER_TIMEOUT_MS
  while ((await call<number>(page, 'count', 'output_audio_buffer.stopped')) < n) {
    if (performance.now() > giveUpAt)
      throw new Error(`answer ${n} did not play out in ${ANSWER_TIMEOUT_MS} ms`)
    await sleep(100)
  }
}

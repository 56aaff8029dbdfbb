// Push-to-talk over WebRTC end to end: Chromium's own peer in the Voice page, the espeak WAV as its
// microphone, the demo service's WebRTC peer as the model. Main creates the session, exchanges the SDP
// and reads the service events over SSE; the page carries the audio both ways and the model events on
// the data channel. `transport: auto` picks WebRTC for Model R, its default.
import { describe, expect, it } from 'vitest'
import { describeSplices, spliceReport } from './support/splice'
import { holdTalk, pressTalk, status, until, voicePages, type VoicePage } from './support/voice-page'

const MODEL = 'openai/gpt-realtime'
/** The demo's clock runs this much faster, so a 60-second billing window is settled within the test. */
const TIME_SCALE = 8
/** Chromium's voice processing off: what the service hears is the file as coded, not as cleaned up. */
const RAW_MIC = { echoCancellation: false, noiseSuppression: false, autoGainControl: false }

const pages = voicePages()

/** espeak's voice is pitched near 100 Hz. */
const PITCH_PERIOD_MS = 10.5

interface RtcFigures {
  links: number
  connected: number
  inboundAudioEnergy: number
  inboundSamples: number
  inboundConcealed: number
  inboundSilentConcealed: number
  jitterBufferDelay: number
  jitterBufferEmitted: number
  outboundPackets: number
}

/** The page's own WebRTC figures, as the Voice view publishes them. */
async function rtc(p: VoicePage): Promise<RtcFigures> {
  const view = p.page.getByTestId('voice-view')
  const read = async (name: string): Promise<number> =>
    Number((await view.getAttribute(`data-rtc-${name}`)) ?? NaN)
  return {
    links: await read('links'),
    connected: await read('connected'),
    inboundAudioEnergy: await read('inbound-audio-energy'),
    inboundSamples: await read('inbound-samples'),
    inboundConcealed: await read('inbound-concealed'),
    inboundSilentConcealed: await read('inbound-silent-concealed'),
    jitterBufferDelay: await read('jitter-buffer-delay'),
    jitterBufferEmitted: await read('jitter-buffer-emitted'),
    outboundPackets: await read('outbound-packets'),
  }
}

/** The track's clock: Opus at 48 kHz, in 20 ms frames. */
const SAMPLES_PER_MS = 48
const PACKET_MS = 20
const FRAME_SAMPLES = PACKET_MS * SAMPLES_PER_MS

/**
 * Samples of the service's audio the page played: what came out of its jitter buffer. Chromium counts
 * there only samples decoded from packets, so the silence it makes up between talkspurts (counted in
 * `concealedSamples`, mostly as silent) is left out, and so are the samples it drops to shrink a grown
 * buffer (which makes the samples played out, less the concealed ones, fall short by a few frames).
 */
const playedFromPackets = (f: RtcFigures): number => f.jitterBufferEmitted

/** What the jitter buffer held on average while the answer played, in samples. */
const jitterBufferSamples = (f: RtcFigures): number =>
  f.jitterBufferEmitted > 0 ? Math.ceil((f.jitterBufferDelay / f.jitterBufferEmitted) * 48_000) : 0

const LONG_QUESTION =
  'Hôm nay trời Hà Nội se lạnh, gió mùa đông bắc về từ đêm qua; kể cho tôi nghe về những con phố cổ, ' +
  'hàng quán ven hồ, tiếng rao đêm và mùi hoa sữa khi thành phố vào thu, thật chậm rãi và thật dài.'

const assistantLine = (p: VoicePage) =>
  p.harness.core.voice.snapshot().lines.find((l) => l.role === 'assistant')

describe('push-to-talk in Chromium over WebRTC', () => {
  it('talks to the demo peer: captions, the answer on the audio track, cost from the SSE events', async () => {
    const p = await pages.open({ model: MODEL, transport: 'auto' }, RAW_MIC, TIME_SCALE)
    // How long the key was really down: on a loaded machine the release lands well after the 2.5 s asked.
    const downAt = Date.now()
    await holdTalk(p, 2_500)
    const heldAtMostS = (Date.now() - downAt) / 1000
    await until(() => status(p).session !== null, 'a session')
    const session = status(p).session
    expect(session?.transport).toBe('webrtc')
    expect(await p.page.getByTestId('voice-view').locator('[data-transport="webrtc"]').count()).toBe(1)

    // What the service heard is the WAV the microphone played while the key was down, all of it: what was
    // said before the link opened as audio events, the rest on the track.
    await until(
      () => (p.realtime.getSessionDebug(session?.id ?? '')?.audio.committedTurns.length ?? 0) > 0,
      'a turn',
    )
    const heard = p.realtime.getSessionDebug(session?.id as string)?.audio
    expect(heard?.receivedSamples).toBeGreaterThan(16_000 * 2.1)
    expect(heard?.receivedSamples).toBeLessThan(16_000 * (heldAtMostS + 0.7))
    // In order and whole, too, however the press divided between events and the track: segment by
    // segment, nothing was heard after what follows it, and nothing skipped.
    const pcm = Float32Array.from(heard?.retainedPcm ?? [], (s) => s / 32768)
    const speech = pages.speech()
    const splices = spliceReport(speech.samples, speech.rateHz, pcm, heard?.sampleRateHz ?? 16_000)
    const rtpMs = p.realtime.getSessionDebug(session?.id as string)?.rtp?.receivedMs ?? 0
    console.log(`heard ${pcm.length / 16} ms, ${rtpMs} ms of it on the track; ${describeSplices(splices)}`)
    expect(splices.reorderedMs).toBe(0)
    // The fake microphone splices its file where it loops; apart from that, no jump forward is longer
    // than the voice's pitch period, the one place a segment may be found a period off its own (measured
    // ±8.5 to ±10.25 ms, coming back at the next segment). A lost 20 ms frame, or the old handover's
    // overtaken events (+21 to +45 ms), would be.
    const skips = splices.jumps.filter((j) => !j.acrossLoop && j.byMs > PITCH_PERIOD_MS)
    expect(skips).toEqual([])
    // And it is the speech: most of its voiced 60 ms segments are found in the file (a segment across the
    // handover's pitch-period slip may not be; one correlation over a whole second would fall below any
    // fixed bar when the slip lands inside it).
    expect(splices.voiced).toBeGreaterThan(20)
    expect(splices.placed * 2).toBeGreaterThan(splices.voiced)
    // Events go on until the page's track carries the microphone, so how the press divides between the two
    // follows the machine's speed; what the service heard in all is bounded above.
    const onTrackMs = p.realtime.getSessionDebug(session?.id as string)?.rtp?.receivedMs ?? 0
    // What the service took in on the track, the page sent: at least as many 20 ms packets (the page's
    // figures are read every half second, so the count is waited for).
    await until(
      async () => (await rtc(p)).outboundPackets * PACKET_MS >= onTrackMs,
      'the packets the service received to be counted as sent',
    )
    const sentWhileHeld = (await rtc(p)).outboundPackets

    // Both captions, from the data channel.
    await p.page.locator('[data-testid="voice-line"][data-role="user"]').first().waitFor()
    await p.page.locator('[data-testid="voice-line"][data-role="assistant"]').first().waitFor()

    // The answer arrives as audio on the track while the engine says the model speaks.
    await until(() => status(p).state === 'speaking', 'the model to speak')
    await until(async () => (await rtc(p)).inboundAudioEnergy > 0.01, 'the answer on the track')
    await until(() => status(p).state === 'ready', 'the answer to end', 40_000)
    const after = await rtc(p)
    expect(after.connected).toBe(1)
    // Key up: nothing more went out on the track.
    expect(after.outboundPackets - sentWhileHeld).toBeLessThan(15)

    // Billing started with session.active and a window was settled, both only on the SSE stream.
    await until(() => (status(p).cost?.settledVnd ?? 0) > 0, 'a settled window', 20_000)
    const vnd = Number(await p.page.getByTestId('voice-cost').getAttribute('data-vnd'))
    expect(vnd).toBeGreaterThan(0)

    const summary = await p.harness.core.voice.end()
    expect(summary?.sessions[0]?.id).toBe(session?.id)
    expect(summary?.sessions[0]?.totalVnd).toBeGreaterThan(0)
    await until(async () => (await rtc(p)).links === 0, 'the peer to close')
  })

  it('moves a press to the track mid-way when its link opens long after the key went down: heard whole and in order', async () => {
    // The microphone unprocessed, as in the first test, so that nearly every segment is found in the file.
    const p = await pages.open({ model: MODEL, transport: 'webrtc' }, RAW_MIC)
    // Each HTTP answer 1.5 s late: the session's creation and the SDP exchange keep the link shut for 3 s
    // and more, over the 1.8 s the data channel may carry ahead of real time.
    p.demo.faults.latencyMs = 1_500
    const downAt = Date.now()
    await holdTalk(p, 6_000)
    const heldAtMostS = (Date.now() - downAt) / 1000
    p.demo.faults.latencyMs = 0
    await until(() => status(p).session !== null, 'a session')
    const sessionId = status(p).session?.id as string
    await until(
      () => (p.realtime.getSessionDebug(sessionId)?.audio.committedTurns.length ?? 0) > 0,
      'a turn',
      30_000,
    )
    const debug = p.realtime.getSessionDebug(sessionId)
    const heard = debug?.audio
    const rtpMs = debug?.rtp?.receivedMs ?? 0
    const pcm = Float32Array.from(heard?.retainedPcm ?? [], (s) => s / 32768)
    const speech = pages.speech()
    const splices = spliceReport(speech.samples, speech.rateHz, pcm, heard?.sampleRateHz ?? 16_000)
    console.log(
      `late link: heard ${pcm.length / 16} ms, ${rtpMs} ms of it on the track; ${describeSplices(splices)}`,
    )
    // The track took the press over before the key went up: the words said before the link opened went
    // as events, the rest on the track, held behind them.
    expect(rtpMs).toBeGreaterThan(500)
    // All of the press, once.
    expect(heard?.committedTurns).toHaveLength(1)
    expect(heard?.receivedSamples).toBeGreaterThan(16_000 * 5.6)
    expect(heard?.receivedSamples).toBeLessThan(16_000 * (heldAtMostS + 0.7))
    // In order, nothing skipped (as in the first test: the fake microphone's loop aside, no jump forward
    // longer than the voice's pitch period).
    expect(splices.reorderedMs).toBe(0)
    expect(splices.jumps.filter((j) => !j.acrossLoop && j.byMs > PITCH_PERIOD_MS)).toEqual([])
    expect(splices.placed * 2).toBeGreaterThan(splices.voiced)
    await until(() => status(p).state === 'ready', 'the answer to end', 40_000)
    // The user's caption is transcribed beside the answer (realtime-protocols.md §2.6) and may come after
    // it: both lines, the user's placed first, whichever arrived first.
    const roles = (): string[] => p.harness.core.voice.snapshot().lines.map((l) => l.role)
    await until(() => roles().length >= 2, 'both captions', 10_000)
    expect(roles()).toEqual(['user', 'assistant'])
  })

  it('barges in: a press while the model speaks stops its audio on the track and cuts the answer where it was played', async () => {
    const p = await pages.open({ model: MODEL, transport: 'webrtc' })
    // The demo model reads a typed question back, so a long one makes an answer of about 15 s: a press
    // that a loaded machine delays by seconds still lands while the model speaks (a spoken turn's answer
    // lasts about 3 s, which a slow round of the page's figures could outlast).
    const box = p.page.getByTestId('voice-typed').locator('input')
    await box.fill(LONG_QUESTION)
    await box.press('Enter')
    // A loaded machine can take long to answer: these are bounds on waiting, not measurements.
    await until(() => status(p).state === 'speaking', 'the answer to start', 40_000)
    await until(async () => (await rtc(p)).inboundAudioEnergy > 0.01, 'the answer on the track')
    await p.page.waitForTimeout(1_000)

    const beforePress = await rtc(p)
    // The key stays down until the cut answer has played out: no new answer can start while it is, so
    // everything the page played from packets is the one answer (the track carried nothing before it).
    const release = await pressTalk(p)
    await until(() => assistantLine(p)?.cancelled === true, 'the cut answer', 40_000)
    const sessionId = status(p).session?.id as string
    const sentMs = (): number => p.realtime.getSessionDebug(sessionId)?.rtp?.sentMs ?? 0
    const sentAtCut = sentMs()
    // The service stopped sending: once the jitter buffer has played out what had arrived, the page
    // plays only what it makes up for the missing packets. Two fresh readings of the
    // page's figures agree on what was played from packets while the concealed samples grow.
    let quiet = await rtc(p)
    await until(async () => {
      const next = await rtc(p)
      if (next.inboundConcealed === quiet.inboundConcealed) return false
      const played = playedFromPackets(next) === playedFromPackets(quiet)
      quiet = next
      return played
    }, 'the cut answer to play out')
    // Nothing more of the service's audio plays (what Chromium makes up for the missing packets may
    // carry a little energy as it fades, so the played samples are counted, not the energy).
    await p.page.waitForTimeout(600)
    expect(playedFromPackets(await rtc(p))).toBe(playedFromPackets(quiet))
    expect(sentMs()).toBe(sentAtCut)
    await release()
    await p.page
      .locator('[data-testid="voice-line"][data-role="assistant"][data-cancelled="true"]')
      .first()
      .waitFor()

    // The service kept of the cut answer what the page played of it, in samples: they may differ by a
    // frame in flight, a part-frame, and what the jitter buffer held as the page reports it.
    const cut = p.realtime.getSessionDebug(sessionId)?.items.find((i) => i.id === assistantLine(p)?.itemId)
    const cutSamples = (cut?.audioMs ?? -1) * SAMPLES_PER_MS
    const tolerance = 2 * FRAME_SAMPLES + jitterBufferSamples(quiet)
    expect(Math.abs(cutSamples - playedFromPackets(quiet))).toBeLessThanOrEqual(tolerance)
    // And the cut is not before what had been played when the key went down.
    expect(cutSamples).toBeGreaterThanOrEqual(playedFromPackets(beforePress) - FRAME_SAMPLES)
  })

  it("waits for the page's audio port: a press before it opens is answered over WebRTC", async () => {
    // The page's audio port opens a second late, as on a loaded machine: its socket to main is held.
    const p = await pages.open({ model: MODEL, transport: 'auto' }, {}, 1, [], {
      beforeLoad: (page) =>
        page.routeWebSocket(/\/audio$/, async (socket) => {
          await new Promise((r) => setTimeout(r, 1_000))
          socket.connectToServer()
        }),
      early: true,
    })
    const release = await pressTalk(p)
    // The press came before the port: main knew no page to hold a peer yet.
    const portsAtPress = p.harness.core.audioPorts.openCount
    await until(() => p.harness.core.audioPorts.openCount > 0, "the page's audio port")
    await p.page.waitForTimeout(1_500)
    await release()
    expect(portsAtPress).toBe(0)

    await until(() => status(p).session !== null, 'a session')
    expect(status(p).session?.transport).toBe('webrtc')
    expect(status(p).problem).toBeNull()
    await p.page.locator('[data-testid="voice-line"][data-role="user"]').first().waitFor()
    await p.page.locator('[data-testid="voice-line"][data-role="assistant"]').first().waitFor()
    await until(async () => (await rtc(p)).inboundAudioEnergy > 0.01, 'the answer on the track')
  })
})

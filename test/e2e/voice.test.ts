// Push-to-talk end to end in Chromium: a WAV made by espeak-ng is the microphone; the talk button streams
// it through the real capture worklet and main to the demo service; the answer comes back through main
// to the real playback worklet. For both wire protocols.
import { describe, expect, it } from 'vitest'
import { loopCorrelation } from './support/correlate'
import { holdTalk, status, until, voicePages } from './support/voice-page'

const pages = voicePages()

describe.each([
  ['model-r', 'openai/gpt-realtime'],
  ['live', 'google/gemini-live-2.5-flash'],
])('push-to-talk in Chromium on %s', (protocol, model) => {
  it('streams the microphone to the service, shows both captions, plays the answer and bills it', async () => {
    const p = await pages.open(
      { model },
      { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    )
    await holdTalk(p, 2_000)
    await until(() => status(p).session !== null, 'a session')
    const sessionId = status(p).session?.id as string

    // What the service heard is the WAV the microphone played.
    await until(() => (p.realtime.getSessionDebug(sessionId)?.audio.committedTurns.length ?? 0) > 0, 'a turn')
    const heard = p.realtime.getSessionDebug(sessionId)?.audio
    expect(heard?.receivedSamples).toBeGreaterThan(16_000 * 1.5)
    // The microphone crossed the port as PCM16: two bytes a sample, in whole 10 ms frames.
    const crossed = p.harness.core.audioPorts.captureReceived
    expect(crossed.frames).toBeGreaterThan(100)
    expect(crossed.bytes).toBe(2 * crossed.samples)
    expect([441, 480]).toContain(crossed.samples / crossed.frames)
    const pcm = Float32Array.from(heard?.retainedPcm ?? [], (s) => s / 32768)
    expect(
      loopCorrelation(pages.speech().samples, pages.speech().rateHz, pcm, heard?.sampleRateHz ?? 16_000),
    ).toBeGreaterThan(0.6)

    // Both sides' captions, in order.
    await p.page.locator('[data-testid="voice-line"][data-role="assistant"]').first().waitFor()
    await p.page.locator('[data-testid="voice-line"][data-role="user"]').first().waitFor()
    expect(await p.page.locator('[data-testid="voice-line"]').first().getAttribute('data-role')).toBe('user')

    // The answer reached the playback worklet and was played there.
    await until(() => status(p).state === 'ready', 'the answer to end', 30_000)
    const lines = p.harness.core.voice.snapshot().lines
    const answer = lines.find((l) => l.role === 'assistant')
    const played = p.harness.core.voice.playback.playedMs(answer?.itemId as string)
    expect(played).toBeGreaterThan(500)
    expect(p.harness.core.voice.playback.timings(answer?.itemId as string)?.startedAtMs).not.toBeNull()

    // The cost meter moved.
    const vnd = Number(await p.page.getByTestId('voice-cost').getAttribute('data-vnd'))
    expect(vnd).toBeGreaterThan(0)
  })

  it('barges in: a press while the model speaks silences the player within one frame and truncates', async () => {
    const p = await pages.open({ model, instructions: 'Answer at length.' })
    await holdTalk(p, 1_200)
    await until(() => status(p).state === 'speaking', 'the answer to start')
    const answer = () => p.harness.core.voice.snapshot().lines.find((l) => l.role === 'assistant')
    await until(() => (p.harness.core.voice.playback.playedMs(answer()?.itemId ?? '') ?? 0) > 400, 'playback')

    await holdTalk(p, 600)
    await until(() => p.harness.core.voice.playback.lastFlush !== null, 'the player to flush')
    const flush = p.harness.core.voice.playback.lastFlush
    // Silent by the next render quantum after the flush reached the worklet.
    expect(flush?.frames).toBeLessThanOrEqual(1)
    expect(flush?.droppedMs).toBeGreaterThan(0)

    await until(() => answer()?.cancelled === true, 'the cut answer')
    await p.page
      .locator('[data-testid="voice-line"][data-role="assistant"][data-cancelled="true"]')
      .first()
      .waitFor()
    const sessionId = status(p).session?.id as string
    const items = p.realtime.getSessionDebug(sessionId)?.items ?? []
    if (protocol === 'model-r') {
      // The service kept of the answer what the worklet had played (within a report), not what it was sent.
      const kept = items.find((i) => i.id === answer()?.itemId)?.audioMs ?? -1
      expect(Math.abs(kept - (flush?.playedMs ?? 0))).toBeLessThanOrEqual(60)
    } else {
      // Live-type has no truncate; the service heard the interruption and the answer was cut.
      expect(items.filter((i) => i.role === 'assistant').length).toBeGreaterThanOrEqual(1)
      expect(flush?.playedMs).toBeGreaterThan(0)
    }
  })
})

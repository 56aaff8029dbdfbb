// The reader's player on a fake AudioContext whose clock the test moves: chunks start back to back on the
// context clock, playback waits at the end of what arrived and goes on by itself, and pause, seek and
// speed keep the position right, the voice at its own pitch.
import { describe, expect, it } from 'vitest'
import { AHEAD_SEC, START_LEAD_SEC } from '../../renderer/audio/reader-player'
import {
  fakeBuffer,
  live,
  playerRig as setup,
  RATE_HZ,
  seconds,
  type FakeContext,
  type FakeSource,
} from './reader-fake-audio'

const starts = (ctx: FakeContext) => ctx.sources.map((s) => s.startedAt)

/** A 220 Hz tone lasting `s` seconds: something for the stretcher to match. */
const tone = (s: number): AudioBuffer =>
  fakeBuffer(
    Float32Array.from(
      { length: Math.round(s * RATE_HZ) },
      (_, i) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / RATE_HZ),
    ),
  )

/** Stretched lengths may differ from length / rate by up to one analysis window. */
const WINDOW_SEC = 0.025

/** The context second a source's audio runs out. */
const endOf = (s: FakeSource) => (s.startedAt as number) + s.buffer!.duration - s.offset

function expectBackToBack(sources: readonly FakeSource[]): void {
  for (let i = 1; i < sources.length; i++)
    expect(sources[i]!.startedAt).toBeCloseTo(endOf(sources[i - 1]!), 12)
}

describe('scheduling', () => {
  it('starts each chunk exactly where the one before ends, on the context clock', () => {
    const { ctx, player } = setup()
    ctx.currentTime = 3
    player.append(0, seconds(1.5))
    player.play()
    player.append(1, seconds(0.25))
    player.append(2, seconds(2))
    const t0 = 3 + START_LEAD_SEC
    expect(starts(ctx)).toEqual([t0, t0 + 1.5, t0 + 1.75])
    expect(ctx.sources.map((s) => s.offset)).toEqual([0, 0, 0])
    // The next chunk starts on the very sample the last one ends.
    const [a, b] = ctx.sources
    expect((a!.startedAt as number) + a!.buffer!.duration).toBe(b!.startedAt)
    expect(player.state).toBe('playing')
    expect(player.duration).toBeCloseTo(3.75, 12)
  })

  it('takes chunks that come early in their order', () => {
    const { ctx, player } = setup()
    player.play()
    player.append(1, seconds(2))
    expect(player.state).toBe('waiting')
    expect(ctx.sources).toHaveLength(0)
    player.append(0, seconds(1))
    player.append(0, seconds(5))
    expect(ctx.sources.map((s) => s.buffer?.duration)).toEqual([1, 2])
    expect(player.duration).toBe(3)
  })

  it('waits past the end of what arrived, then goes on by itself when the next chunk comes', () => {
    const { ctx, player, changes } = setup()
    player.append(0, seconds(1))
    player.play()
    ctx.advance(0.5)
    expect(player.state).toBe('playing')
    expect(player.currentChunk).toBe(0)
    const before = changes()
    ctx.advance(0.6)
    expect(player.state).toBe('waiting')
    expect(changes()).toBeGreaterThan(before)
    expect(player.position).toBe(1)
    ctx.advance(2)
    player.append(1, seconds(1))
    expect(player.state).toBe('playing')
    expect(live(ctx)).toHaveLength(1)
    expect(live(ctx)[0]!.startedAt).toBeCloseTo(3.1 + START_LEAD_SEC, 9)
    expect(live(ctx)[0]!.offset).toBe(0)
    ctx.advance(0.5)
    expect(player.currentChunk).toBe(1)
    expect(player.position).toBeCloseTo(1 + 0.5 - START_LEAD_SEC, 9)
  })

  it('ends after the last chunk once the reading is complete, and plays again from the start', () => {
    const { ctx, player } = setup()
    player.append(0, seconds(1))
    player.setComplete(true)
    player.play()
    ctx.advance(2)
    expect(player.state).toBe('ended')
    player.play()
    expect(player.state).toBe('playing')
    expect(live(ctx)[0]!.offset).toBe(0)
  })

  it('turns an end into waiting when the reading resumes', () => {
    const { ctx, player } = setup()
    player.append(0, seconds(1))
    player.setComplete(true)
    player.play()
    ctx.advance(2)
    expect(player.state).toBe('ended')
    player.setComplete(false)
    expect(player.state).toBe('waiting')
    player.append(1, seconds(1))
    expect(player.state).toBe('playing')
  })
})

describe('position', () => {
  it('pauses where it is and resumes from there', () => {
    const { ctx, player } = setup()
    player.append(0, seconds(2))
    player.append(1, seconds(2))
    player.play()
    ctx.advance(START_LEAD_SEC + 2.5)
    player.pause()
    expect(player.state).toBe('paused')
    expect(player.position).toBeCloseTo(2.5, 9)
    expect(live(ctx)).toHaveLength(0)
    ctx.advance(10)
    expect(player.position).toBeCloseTo(2.5, 9)
    player.play()
    const [second] = live(ctx)
    expect(live(ctx)).toHaveLength(1)
    expect(second!.offset).toBeCloseTo(0.5, 9)
    expect(second!.startedAt).toBeCloseTo(ctx.currentTime + START_LEAD_SEC, 9)
  })

  it('seeks into the middle of a chunk and schedules the rest after it', () => {
    const { ctx, player } = setup()
    for (let i = 0; i < 3; i++) player.append(i, seconds(1))
    player.play()
    ctx.advance(0.3)
    player.seek(1.25)
    const now = ctx.currentTime + START_LEAD_SEC
    expect(live(ctx).map((s) => [s.startedAt, s.offset])).toEqual([
      [now, 0.25],
      [now + 0.75, 0],
    ])
    expect(player.currentChunk).toBe(1)
    player.pause()
    player.seek(99)
    expect(player.position).toBe(3)
    expect(player.currentChunk).toBe(2)
    player.seek(-4)
    expect(player.position).toBe(0)
  })

  it('re-anchors the position math when the speed changes', () => {
    const { ctx, player } = setup()
    player.append(0, seconds(4))
    player.append(1, seconds(4))
    player.play()
    ctx.advance(START_LEAD_SEC + 1)
    player.setRate(2)
    expect(player.position).toBeCloseTo(1, 9)
    ctx.advance(START_LEAD_SEC + 1)
    expect(player.position).toBeCloseTo(3, 9)
    const [first, second] = live(ctx)
    // A copy stretched to half the length plays at its own pitch; 1 s of the reading is 0.5 s into it.
    expect(first!.playbackRate.value).toBe(1)
    expect(first!.buffer!.duration).toBeCloseTo(2, 1)
    expect(first!.offset).toBeCloseTo(0.5, 2)
    // 3 seconds of the first chunk remain, heard in 1.5 at double speed.
    expect((second!.startedAt as number) - (first!.startedAt as number)).toBeCloseTo(1.5, 2)
    player.pause()
    player.setRate(0.5)
    expect(player.position).toBeCloseTo(3, 9)
  })

  it('counts the audio actually played by the context clock, not waits or pauses', () => {
    const { ctx, player } = setup()
    player.append(0, seconds(1))
    player.play()
    ctx.advance(START_LEAD_SEC + 0.4)
    player.pause()
    ctx.advance(5)
    expect(player.playedMs).toBe(400)
    player.play()
    ctx.advance(START_LEAD_SEC + 3)
    expect(player.state).toBe('waiting')
    expect(player.playedMs).toBe(1000)
    player.append(1, seconds(2))
    player.setRate(2)
    ctx.advance(START_LEAD_SEC + 0.5)
    expect(player.playedMs).toBe(1500)
  })

  it('forgets a reading on reset but keeps the listener’s speed', () => {
    const { ctx, player } = setup()
    player.append(0, seconds(1))
    player.setRate(1.5)
    player.play()
    player.reset()
    expect(player.state).toBe('idle')
    expect(player.duration).toBe(0)
    expect(player.currentChunk).toBeNull()
    expect(live(ctx)).toHaveLength(0)
    expect(player.rate).toBe(1.5)
    player.append(0, seconds(1))
    expect(player.chunkCount).toBe(1)
  })
})

describe('speed at the voice’s own pitch', () => {
  it('plays 1.5× from stretched copies at playbackRate 1, each starting where the one before ends', () => {
    const { ctx, player } = setup()
    const chunks = [tone(2), tone(1), tone(3)]
    player.setRate(1.5)
    chunks.forEach((c, i) => player.append(i, c))
    player.play()
    const sources = live(ctx)
    expect(sources).toHaveLength(3)
    sources.forEach((s, i) => {
      expect(s.playbackRate.value).toBe(1)
      expect(s.buffer).not.toBe(chunks[i])
      expect(Math.abs(s.buffer!.duration - chunks[i]!.duration / 1.5)).toBeLessThanOrEqual(WINDOW_SEC)
      expect(s.offset).toBe(0)
    })
    expect(sources[0]!.startedAt).toBe(START_LEAD_SEC)
    expectBackToBack(sources)
    expect(player.duration).toBe(6)
  })

  it('keeps position and chunk in seconds of the reading, each chunk starting on its own second', () => {
    const { ctx, player } = setup()
    // Lengths that do not stretch evenly: any rounding would add up over the chunks if it were carried.
    const lengths = [0.37, 0.41, 0.29, 0.53, 0.31, 0.47]
    player.setRate(1.5)
    lengths.forEach((l, i) => player.append(i, tone(l)))
    player.play()
    const sources = live(ctx)
    expect(sources).toHaveLength(lengths.length)
    let mediaStart = 0
    sources.forEach((s, i) => {
      ctx.advance((s.startedAt as number) - ctx.currentTime)
      expect(player.position).toBeCloseTo(mediaStart, 9)
      expect(player.currentChunk).toBe(i)
      // Halfway through its stretched copy is halfway through the chunk.
      ctx.advance(s.buffer!.duration / 2)
      expect(player.position).toBeCloseTo(mediaStart + lengths[i]! / 2, 9)
      expect(player.currentChunk).toBe(i)
      mediaStart += lengths[i]!
    })
    ctx.advance(1)
    expect(player.state).toBe('waiting')
    expect(player.position).toBeCloseTo(mediaStart, 9)
  })

  it('stretches a chunk that arrives while playing for the speed it plays at', () => {
    const { ctx, player } = setup()
    player.setRate(1.25)
    player.append(0, tone(1))
    player.play()
    ctx.advance(0.3)
    const arriving = tone(2)
    player.append(1, arriving)
    const [first, second] = live(ctx)
    expect(second!.playbackRate.value).toBe(1)
    expect(second!.buffer).not.toBe(arriving)
    expect(Math.abs(second!.buffer!.duration - 2 / 1.25)).toBeLessThanOrEqual(WINDOW_SEC)
    expect(second!.startedAt).toBeCloseTo(endOf(first!), 12)
  })

  it('re-anchors where it stands when the speed changes mid-play, and restretches', () => {
    const { ctx, player } = setup()
    const chunks = [tone(2), tone(2)]
    chunks.forEach((c, i) => player.append(i, c))
    player.play()
    ctx.advance(START_LEAD_SEC + 0.9)
    player.setRate(1.5)
    expect(player.position).toBeCloseTo(0.9, 9)
    const [first, second] = live(ctx)
    expect(first!.playbackRate.value).toBe(1)
    expect(first!.startedAt).toBeCloseTo(ctx.currentTime + START_LEAD_SEC, 12)
    // 0.9 s into the reading is 0.9 / 1.5 s into the stretched copy, in proportion to its real length.
    expect(Math.abs(first!.offset - 0.9 / 1.5)).toBeLessThan(WINDOW_SEC)
    expect(first!.offset).toBeCloseTo((0.9 * first!.buffer!.duration) / 2, 12)
    expect(second!.startedAt).toBeCloseTo(endOf(first!), 12)
    ctx.advance(START_LEAD_SEC + 0.4)
    const at = player.position
    // 0.4 s of the stretched copy is about 0.6 s of the reading: exactly its share of the chunk.
    expect(at).toBeCloseTo(0.9 + (0.4 * 2) / first!.buffer!.duration, 9)
    expect(Math.abs(at - (0.9 + 0.4 * 1.5))).toBeLessThan(WINDOW_SEC)
    player.setRate(1)
    expect(player.position).toBeCloseTo(at, 9)
    expect(live(ctx)[0]!.buffer).toBe(chunks[0])
    expect(live(ctx)[0]!.offset).toBeCloseTo(at, 9)
  })

  it('seeks at 2× into a chunk’s stretched copy at half the offset into the chunk', () => {
    const { ctx, player } = setup()
    for (let i = 0; i < 3; i++) player.append(i, tone(2))
    player.setRate(2)
    player.play()
    ctx.advance(0.3)
    player.seek(3)
    const [into, after] = live(ctx)
    expect(into!.startedAt).toBeCloseTo(ctx.currentTime + START_LEAD_SEC, 12)
    expect(Math.abs(into!.offset - 1 / 2)).toBeLessThan(WINDOW_SEC)
    expect(into!.offset).toBeCloseTo(into!.buffer!.duration / 2, 12)
    expect(after!.startedAt).toBeCloseTo(endOf(into!), 12)
    expect(player.currentChunk).toBe(1)
    ctx.advance(START_LEAD_SEC + 0.25)
    expect(player.position).toBeCloseTo(3.5, 2)
  })

  it('stretches a chunk once per speed, and again for another', () => {
    const { ctx, player } = setup()
    player.append(0, tone(2))
    player.setRate(1.5)
    player.play()
    const stretched = live(ctx)[0]!.buffer
    player.seek(0.5)
    expect(live(ctx)[0]!.buffer).toBe(stretched)
    player.setRate(2)
    expect(live(ctx)[0]!.buffer).not.toBe(stretched)
    player.setRate(1.5)
    expect(live(ctx)[0]!.buffer).not.toBe(stretched)
    expect(live(ctx)[0]!.buffer!.duration).toBe(stretched!.duration)
  })

  it('schedules a long reading only a little ahead, and the rest gaplessly as the clock comes to it', () => {
    const { ctx, player } = setup()
    const count = 12
    for (let i = 0; i < count; i++) player.append(i, seconds(5))
    player.setRate(1.5)
    player.play()
    // 5 s chunks last about 3.3 s at 1.5×: those starting within AHEAD_SEC.
    expect(ctx.sources).toHaveLength(Math.ceil(AHEAD_SEC / (5 / 1.5)))
    for (let t = 0; t < 45; t += 0.1) {
      ctx.advance(0.1)
      player.tick()
    }
    expect(ctx.sources).toHaveLength(count)
    expectBackToBack(ctx.sources)
    expect(player.state).toBe('waiting')
    expect(player.position).toBe(60)
  })

  it('goes on from where the scheduled audio ran out after a late wake-up', () => {
    const { ctx, player } = setup()
    for (let i = 0; i < 12; i++) player.append(i, seconds(5))
    player.play()
    const scheduled = ctx.sources.length
    expect(scheduled).toBeLessThan(12)
    ctx.currentTime = 100
    player.tick()
    const [resumed] = live(ctx)
    expect(resumed!.startedAt).toBeCloseTo(100 + START_LEAD_SEC, 12)
    expect(resumed!.offset).toBe(0)
    expect(player.position).toBe(5 * scheduled)
    expect(player.state).toBe('playing')
    expect(player.playedMs).toBe(5000 * scheduled)
  })
})

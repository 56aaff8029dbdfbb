// The reader's player on a fake AudioContext whose clock the test moves: chunks start back to back on the
// context clock, playback waits at the end of what arrived and goes on by itself, and pause, seek and
// speed keep the position right. Also the PCM decoding, byte by byte.
import { describe, expect, it } from 'vitest'
import { decodeReaderAudio, pcm16ToFloat } from '../../renderer/audio/reader-decode'
import { ReaderOutput } from '../../renderer/audio/reader-output'
import { ReaderPlayer, START_LEAD_SEC } from '../../renderer/audio/reader-player'
import { fakeContext, live, seconds, type FakeContext } from './reader-fake-audio'

function setup(
  options: { sink?: boolean; devices?: { kind: string; deviceId: string; label: string }[] } = {},
) {
  const ctx = fakeContext(options)
  let changes = 0
  const output = new ReaderOutput({
    createContext: () => ctx,
    listDevices: async () => options.devices ?? [],
  })
  const player = new ReaderPlayer(output, () => changes++)
  return { ctx, output, player, changes: () => changes }
}

const starts = (ctx: FakeContext) => ctx.sources.map((s) => s.startedAt)

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
    expect(first!.playbackRate.value).toBe(2)
    expect(first!.offset).toBeCloseTo(1, 9)
    // 3 seconds of the first chunk remain, heard in 1.5 at double speed.
    expect((second!.startedAt as number) - (first!.startedAt as number)).toBeCloseTo(1.5, 9)
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

describe('output and previews', () => {
  it('makes no context until there is audio, then plays on the output remembered by label', async () => {
    const devices = [
      { kind: 'audiooutput', deviceId: 'default', label: 'Default' },
      { kind: 'audiooutput', deviceId: 'hp-1', label: 'Headphones' },
    ]
    let made = 0
    const ctx = fakeContext()
    const output = new ReaderOutput({ createContext: () => (made++, ctx), listDevices: async () => devices })
    await output.setOutputLabel('Headphones')
    expect(made).toBe(0)
    const player = new ReaderPlayer(output)
    player.append(0, seconds(1))
    player.play()
    await new Promise((r) => setTimeout(r, 0))
    expect(made).toBe(1)
    expect(ctx.sinkIds).toEqual(['hp-1'])
    await output.setOutputLabel(null)
    expect(ctx.sinkIds).toEqual(['hp-1', ''])
    expect(output.sinkFailed).toBe(false)
  })

  it('says so when the context cannot choose an output', async () => {
    const { output, player } = setup({ sink: false })
    player.append(0, seconds(1))
    player.play()
    await output.setOutputLabel('Headphones')
    expect(output.sinkFailed).toBe(true)
  })

  it('plays one preview at a time', () => {
    const { ctx, output } = setup()
    const ended: string[] = []
    output.playClip(seconds(1), () => ended.push('a'))
    output.playClip(seconds(1), () => ended.push('b'))
    expect(ctx.sources.map((s) => s.stopped)).toEqual([true, false])
    ctx.advance(2)
    expect(ended).toEqual(['b'])
  })
})

describe('decoding', () => {
  it('reads 16-bit little-endian PCM by hand, dropping a stray odd byte', () => {
    const bytes = new Uint8Array([0x00, 0x80, 0xff, 0x7f, 0x00, 0x40, 0x00, 0x00, 0x01])
    expect([...pcm16ToFloat(bytes)]).toEqual([-1, 32767 / 32768, 0.5, 0])
  })

  it('makes raw PCM a mono buffer at its rate, 24 kHz unless told', async () => {
    const ctx = fakeContext()
    const data = btoa(String.fromCharCode(0x00, 0xc0, 0x00, 0x20))
    const told = await decodeReaderAudio(ctx, {
      data,
      contentType: 'audio/pcm',
      format: 'pcm',
      sampleRateHz: 16_000,
    })
    expect(told.sampleRate).toBe(16_000)
    expect([...told.getChannelData(0)]).toEqual([-0.5, 0.25])
    const untold = await decodeReaderAudio(ctx, {
      data,
      contentType: 'audio/pcm',
      format: 'pcm',
      sampleRateHz: null,
    })
    expect(untold.sampleRate).toBe(24_000)
    expect(untold.duration).toBeCloseTo(2 / 24_000, 12)
  })

  it('hands encoded formats to the browser’s decoder with their bytes', async () => {
    const ctx = fakeContext()
    const seen: number[][] = []
    ctx.decodeAudioData = async (data: ArrayBuffer) => {
      seen.push([...new Uint8Array(data)])
      return seconds(2)
    }
    const data = btoa('ID3')
    const buffer = await decodeReaderAudio(ctx, {
      data,
      contentType: 'audio/mpeg',
      format: 'mp3',
      sampleRateHz: null,
    })
    expect(buffer.duration).toBe(2)
    expect(seen).toEqual([[0x49, 0x44, 0x33]])
  })
})

// The reader's audio output and decoding on a fake AudioContext: the context made only when there is
// audio, the output chosen by label, one preview at a time, and PCM decoded byte by byte.
import { describe, expect, it } from 'vitest'
import { decodeReaderAudio, pcm16ToFloat } from '../../renderer/audio/reader-decode'
import { ReaderOutput } from '../../renderer/audio/reader-output'
import { ReaderPlayer } from '../../renderer/audio/reader-player'
import { fakeContext, playerRig as setup, seconds } from './reader-fake-audio'

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

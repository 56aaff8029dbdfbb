// A Web Audio stand-in for the reader's player in jsdom: a context whose clock the test moves, sources that
// record when and from where they were started, and buffers that are only lengths and samples.
import { ReaderOutput, type PlayerContext } from '../../renderer/audio/reader-output'
import { ReaderPlayer } from '../../renderer/audio/reader-player'

export const RATE_HZ = 48_000

export interface FakeSource {
  buffer: AudioBuffer | null
  playbackRate: { value: number }
  onended: (() => void) | null
  startedAt: number | null
  offset: number
  stopped: boolean
  connect(): void
  disconnect(): void
  start(when?: number, offset?: number): void
  stop(): void
}

export interface FakeContext extends PlayerContext {
  currentTime: number
  state: AudioContextState
  sources: FakeSource[]
  sinkIds: string[]
  closed: boolean
  /** Moves the clock and ends every source whose audio is over, the way the audio thread would. */
  advance(seconds: number): void
}

/** A buffer of these samples, or of this many zeros; an array of sample arrays is one per channel. */
export function fakeBuffer(
  samples: Float32Array | number | readonly Float32Array[],
  sampleRate = RATE_HZ,
): AudioBuffer {
  const channels =
    typeof samples === 'number'
      ? [new Float32Array(samples)]
      : samples instanceof Float32Array
        ? [samples]
        : samples
  const length = channels[0]?.length ?? 0
  return {
    duration: length / sampleRate,
    length,
    sampleRate,
    numberOfChannels: channels.length,
    getChannelData: (channel: number) => channels[channel],
  } as unknown as AudioBuffer
}

/** A buffer lasting `seconds` at the fake rate. */
export const seconds = (s: number): AudioBuffer => fakeBuffer(Math.round(s * RATE_HZ))

export function fakeContext(options: { sink?: boolean } = {}): FakeContext {
  const sources: FakeSource[] = []
  const ctx: FakeContext = {
    currentTime: 0,
    state: 'running',
    sources,
    sinkIds: [],
    closed: false,
    destination: {} as AudioDestinationNode,
    createBufferSource() {
      const source: FakeSource = {
        buffer: null,
        playbackRate: { value: 1 },
        onended: null,
        startedAt: null,
        offset: 0,
        stopped: false,
        connect() {},
        disconnect() {},
        start(when = 0, offset = 0) {
          source.startedAt = when
          source.offset = offset
        },
        stop() {
          source.stopped = true
        },
      }
      sources.push(source)
      return source as unknown as AudioBufferSourceNode
    },
    createBuffer: (channels: number, length: number, sampleRate: number) =>
      fakeBuffer(
        Array.from({ length: channels }, () => new Float32Array(length)),
        sampleRate,
      ),
    decodeAudioData: async () => seconds(1),
    resume: async () => {
      ctx.state = 'running'
    },
    close: async () => {
      ctx.closed = true
    },
    advance(by: number) {
      ctx.currentTime += by
      for (const s of sources) {
        if (s.stopped || s.startedAt === null || !s.buffer) continue
        const end = s.startedAt + (s.buffer.duration - s.offset) / s.playbackRate.value
        if (end <= ctx.currentTime + 1e-9) {
          s.stopped = true
          s.onended?.()
        }
      }
    },
  }
  if (options.sink !== false) {
    ctx.setSinkId = async (id: string) => void ctx.sinkIds.push(id)
  }
  return ctx
}

/** The sources still meant to sound, in start order. */
export const live = (ctx: FakeContext) => ctx.sources.filter((s) => !s.stopped)

/** A player over a fresh fake context, counting its change reports. */
export function playerRig(
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

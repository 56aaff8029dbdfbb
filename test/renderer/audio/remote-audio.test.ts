// The service's voice on a WebRTC link plays on the chosen output: routed before it starts, moved when
// the choice changes, and let go when the link ends. jsdom has no media playback, so the element's
// play, pause and setSinkId are recorded instead.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RemoteAudioOutput } from '../../../renderer/audio/remote-audio'

type Call = [string, HTMLMediaElement, string?]
let calls: Call[]

beforeEach(() => {
  calls = []
  Object.defineProperty(HTMLMediaElement.prototype, 'setSinkId', {
    configurable: true,
    value: async function (this: HTMLMediaElement, sinkId: string) {
      calls.push(['setSinkId', this, sinkId])
    },
  })
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async function (this: HTMLMediaElement) {
    calls.push(['play', this])
  })
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    calls.push(['pause', this])
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  delete (HTMLMediaElement.prototype as { setSinkId?: unknown }).setSinkId
})

const settle = () => new Promise((r) => setTimeout(r, 0))

describe('RemoteAudioOutput', () => {
  it('routes the stream to the chosen device before playing it, and follows a new choice', async () => {
    const output = new RemoteAudioOutput()
    output.setSink('usb-headset')
    const stream = { id: 'remote' } as unknown as MediaStream
    output.play(stream)
    await settle()
    const [first, second] = calls
    expect(first?.[0]).toBe('setSinkId')
    expect(first?.[2]).toBe('usb-headset')
    expect(second?.[0]).toBe('play')
    const element = first?.[1] as HTMLAudioElement
    expect(second?.[1]).toBe(element)
    expect(element.srcObject).toBe(stream)

    output.setSink('')
    await settle()
    expect(calls.at(-1)).toEqual(['setSinkId', element, ''])
  })

  it('lets the stream go when stopped, and moves it no more', async () => {
    const output = new RemoteAudioOutput()
    const stop = output.play({ id: 'remote' } as unknown as MediaStream)
    await settle()
    const element = calls.find((c) => c[0] === 'play')?.[1] as HTMLAudioElement
    stop()
    expect(calls.at(-1)).toEqual(['pause', element])
    expect(element.srcObject).toBeNull()
    const before = calls.length
    output.setSink('speakers')
    stop()
    await settle()
    expect(calls.length).toBe(before)
  })
})

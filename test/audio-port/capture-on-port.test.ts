// One second of microphone through the page's real pieces (the capture framer and the message it posts)
// over a real MessagePort into main's AudioPorts: what crosses is counted, not timed.
import { describe, expect, it, vi } from 'vitest'
import { AudioPorts } from '../../main/audio-port/audio-ports'
import type { AudioPortEnd } from '../../main/audio-port/port'
import { MeteredFramer } from '../../renderer/audio/metered-framer'
import { captureMessage } from '../../renderer/audio/capture-message'

const RATE_HZ = 48_000
const QUANTUM = 128

/** Main's end of a MessagePort, as the app wraps MessageChannelMain's. */
function mainEnd(port: MessagePort): AudioPortEnd {
  return {
    postMessage: (message) => port.postMessage(message),
    onMessage: (listener) => (port.onmessage = (e: MessageEvent) => listener(e.data)),
    onClose: () => {},
    close: () => port.close(),
  }
}

function sine(seconds: number, hz: number, amplitude: number): Float32Array {
  return Float32Array.from(
    { length: seconds * RATE_HZ },
    (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / RATE_HZ),
  )
}

describe('microphone audio on the audio port', () => {
  it('puts 2 bytes a sample on the port for a second of capture, transferred, and main reads it back', async () => {
    const { port1: page, port2: main } = new MessageChannel()
    const ports = new AudioPorts()
    const heard: Float32Array[] = []
    ports.setCaptureConsumer((rateHz, samples) => {
      expect(rateHz).toBe(RATE_HZ)
      heard.push(samples)
    })
    ports.attach(mainEnd(main))

    const input = sine(1, 440, 0.5)
    const framer = new MeteredFramer(RATE_HZ)
    let posted = 0
    for (let at = 0; at < input.length; at += QUANTUM) {
      for (const frame of framer.push(input.subarray(at, at + QUANTUM))) {
        const { message, transfer } = captureMessage(RATE_HZ, frame)
        page.postMessage(message, transfer)
        // Moved, not copied: the page's array is detached once posted.
        expect(frame.samples.byteLength).toBe(0)
        posted++
      }
    }
    expect(posted).toBe(100)

    await vi.waitFor(() => expect(ports.captureReceived.frames).toBe(100))
    expect(ports.captureReceived).toEqual({ frames: 100, samples: RATE_HZ, bytes: 2 * RATE_HZ })

    // Main turned it back into the second of sine it was, within one step of PCM16.
    const joined = new Float32Array(RATE_HZ)
    let at = 0
    for (const f of heard) {
      expect(f).toBeInstanceOf(Float32Array)
      joined.set(f, at)
      at += f.length
    }
    expect(at).toBe(RATE_HZ)
    let worst = 0
    for (let i = 0; i < RATE_HZ; i++)
      worst = Math.max(worst, Math.abs((joined[i] as number) - (input[i] as number)))
    expect(worst).toBeLessThanOrEqual(1 / 32768)
    page.close()
  })

  it("carries the page's word that its WebRTC track carried a frame, and nothing else for it", async () => {
    const { port1: page, port2: main } = new MessageChannel()
    const ports = new AudioPorts()
    const marks: boolean[] = []
    ports.setCaptureConsumer((_rateHz, _samples, onTrack) => marks.push(onTrack))
    ports.attach(mainEnd(main))
    const framer = new MeteredFramer(RATE_HZ)
    const frames = framer.push(sine(0.03, 440, 0.5))
    frames.forEach((frame, i) => {
      const { message, transfer } = captureMessage(RATE_HZ, frame, i === 1)
      page.postMessage(message, transfer)
    })
    // A page that says nothing of a track, or says something that is not true or false, means no track.
    page.postMessage({ type: 'capture', rateHz: RATE_HZ, samples: new Int16Array(480), onTrack: 'yes' })
    await vi.waitFor(() => expect(marks).toHaveLength(4))
    expect(marks).toEqual([false, true, false, false])
    page.close()
  })

  it('ignores frames that are not PCM16 and counts nothing for them', async () => {
    const { port1: page, port2: main } = new MessageChannel()
    const ports = new AudioPorts()
    const heard: Float32Array[] = []
    ports.setCaptureConsumer((_rateHz, samples) => heard.push(samples))
    ports.attach(mainEnd(main))
    const pong = new Promise<unknown>((resolve) => (page.onmessage = (e: MessageEvent) => resolve(e.data)))
    page.postMessage({ type: 'capture', rateHz: RATE_HZ, samples: new Float32Array(480).fill(0.25) })
    page.postMessage({ type: 'capture', rateHz: RATE_HZ, samples: new Uint8Array(960) })
    page.postMessage({ type: 'capture', rateHz: 7, samples: new Int16Array(480) })
    page.postMessage({ type: 'capture', rateHz: RATE_HZ, samples: Int16Array.of(16384, -32768) })
    page.postMessage({ type: 'ping', id: 1 })
    // The port keeps order: by the pong, every capture above has been read.
    expect(await pong).toEqual({ type: 'pong', id: 1 })
    expect(ports.captureReceived).toEqual({ frames: 1, samples: 2, bytes: 4 })
    expect(heard.map((f) => [...f])).toEqual([[0.5, -1]])
    page.close()
  })
})

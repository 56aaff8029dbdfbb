import type { MessagePortMain } from 'electron'
import { describe, expect, it } from 'vitest'
import { createAudioPortOpener } from '../../main/app/audio-port-electron'
import { AudioPorts } from '../../main/audio-port/audio-ports'
import { AUDIO_PORT_CHANNEL } from '../../preload/channels'
import { FakeWebContents } from './fakes'

function nextMessage(port: MessagePortMain): Promise<unknown> {
  return new Promise((resolve) => port.once('message', (e) => resolve(e.data)))
}

function setup() {
  const main = new FakeWebContents('app://loa/index.html#/voice')
  const windows = { webContentsOf: (s: 'main' | 'popup') => (s === 'main' ? main.asElectron() : null) }
  const audioPorts = new AudioPorts()
  const open = createAudioPortOpener(windows)
  /** The port the page would receive: the one transferred with the last postMessage to the window. */
  const pagePort = () => {
    const last = main.posted.at(-1)
    expect(last?.channel).toBe(AUDIO_PORT_CHANNEL)
    expect(last?.message).toBeNull()
    expect(last?.transfer).toHaveLength(1)
    const port = last!.transfer[0] as MessagePortMain
    port.start()
    return port
  }
  return { main, audioPorts, open, pagePort }
}

describe('openAudioPort (Electron)', () => {
  it('hands one end to the window and answers pings on the other', async () => {
    const s = setup()
    s.open({ surface: 'main' }, s.audioPorts)
    const port = s.pagePort()
    expect(s.audioPorts.openCount).toBe(1)
    const reply = nextMessage(port)
    port.postMessage({ type: 'ping', id: 7 })
    expect(await reply).toEqual({ type: 'pong', id: 7 })
  })

  it('takes captured PCM16 and hands the consumer Float32 (Int16 / 32768)', async () => {
    const s = setup()
    const got: Array<[number, Float32Array]> = []
    s.audioPorts.setCaptureConsumer((rate, samples) => got.push([rate, samples]))
    s.open({ surface: 'main' }, s.audioPorts)
    const port = s.pagePort()
    port.postMessage({
      type: 'capture',
      rateHz: 48_000,
      samples: Int16Array.of(8192, -16384, 32767, -32768, 0),
    })
    port.postMessage({ type: 'ping', id: 1 })
    await nextMessage(port)
    expect(got).toHaveLength(1)
    expect(got[0]![0]).toBe(48_000)
    expect(got[0]![1]).toBeInstanceOf(Float32Array)
    expect([...got[0]![1]]).toEqual([0.25, -0.5, 32767 / 32768, -1, 0])
  })

  it('replaces the old port when the same window asks again', async () => {
    const s = setup()
    s.open({ surface: 'main' }, s.audioPorts)
    const first = s.pagePort()
    const closed = new Promise<void>((resolve) => first.once('close', () => resolve()))
    s.open({ surface: 'main' }, s.audioPorts)
    await closed
    expect(s.audioPorts.openCount).toBe(1)
    const second = s.pagePort()
    const reply = nextMessage(second)
    second.postMessage({ type: 'ping', id: 2 })
    expect(await reply).toEqual({ type: 'pong', id: 2 })
  })

  it('fails as unavailable when the window is gone', () => {
    const s = setup()
    expect(() => s.open({ surface: 'popup' }, s.audioPorts)).toThrow(
      expect.objectContaining({ kind: 'unavailable' }),
    )
    expect(s.audioPorts.openCount).toBe(0)
  })
})

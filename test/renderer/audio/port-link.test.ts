import { describe, expect, it } from 'vitest'
import { PortLink } from '../../../renderer/audio/port-link'

/** Waits until `pred` holds, turning the event loop (the link's timers are a few ms here). */
async function until(pred: () => boolean): Promise<void> {
  for (let i = 0; i < 2_000 && !pred(); i++) await new Promise((r) => setTimeout(r, 1))
}

const FAST = { reopenDelaysMs: [0], pingEveryMs: 2, missedPingsLimit: 3 }
/** Only what the link carries for its user: the pings are its own. */
const notPing = (m: unknown) => (m as { type?: string }).type !== 'ping'

describe('PortLink', () => {
  it('announces itself on every new port and asks again after main closes its end', async () => {
    const mainEnds: MessagePort[] = []
    const received: unknown[] = []
    let announcements = 0
    const link = new PortLink(
      async () => {
        const { port1, port2 } = new MessageChannel()
        mainEnds.push(port1)
        port1.onmessage = (e) => {
          if (notPing(e.data)) received.push(e.data)
          else port1.postMessage({ type: 'pong', id: (e.data as { id: number }).id })
        }
        return port2
      },
      { onMessage: () => {}, onOpen: () => announcements++, onStatus: () => {} },
      FAST,
    )
    expect(await link.open()).toBe(true)
    expect(announcements).toBe(1)
    expect(link.send({ type: 'output', rateHz: 48_000 })).toBe(true)
    await until(() => received.length === 1)
    expect(received).toEqual([{ type: 'output', rateHz: 48_000 }])

    mainEnds[0]?.close()
    await until(() => mainEnds.length === 2 && link.connected)
    expect(announcements).toBe(2)
    link.send({ type: 'output', rateHz: 44_100 })
    await until(() => received.length === 2)
    expect(received[1]).toEqual({ type: 'output', rateHz: 44_100 })
    link.close()
    for (const p of mainEnds) p.close()
  })

  it('keeps trying after a failure and reports the link down, then up', async () => {
    const statuses: boolean[] = []
    let attempts = 0
    const link = new PortLink(
      async () => {
        attempts++
        if (attempts < 3) throw new Error('main is not ready')
        return new MessageChannel().port2
      },
      { onMessage: () => {}, onOpen: () => {}, onStatus: (up) => statuses.push(up) },
      FAST,
    )
    expect(await link.open()).toBe(false)
    await until(() => link.connected)
    expect(attempts).toBe(3)
    expect(statuses).toEqual([false, false, true])
    link.close()
  })

  it('counts the port lost when main stops answering pings, and asks again', async () => {
    const mainEnds: MessagePort[] = []
    const fromMain: unknown[] = []
    let answering = true
    const link = new PortLink(
      async () => {
        const { port1, port2 } = new MessageChannel()
        mainEnds.push(port1)
        port1.onmessage = (e) => {
          if (answering && !notPing(e.data))
            port1.postMessage({ type: 'pong', id: (e.data as { id: number }).id })
        }
        return port2
      },
      { onMessage: (m) => fromMain.push(m), onOpen: () => {}, onStatus: () => {} },
      FAST,
    )
    await link.open()
    mainEnds[0]?.postMessage({ type: 'flush' })
    await until(() => fromMain.length === 1)
    expect(fromMain).toEqual([{ type: 'flush' }])
    answering = false
    await until(() => mainEnds.length === 2)
    expect(mainEnds).toHaveLength(2)
    answering = true
    await until(() => link.connected)
    expect(link.connected).toBe(true)
    link.close()
    for (const p of mainEnds) p.close()
  })

  it('drops what is sent while no port is open', () => {
    const link = new PortLink(() => new Promise<MessagePort>(() => {}), {
      onMessage: () => {},
      onOpen: () => {},
      onStatus: () => {},
    })
    expect(link.send({ type: 'output', rateHz: 48_000 })).toBe(false)
  })
})

// The demo's WebRTC peer sends the model's events on werift's SCTP. On a loaded machine a packet of the
// data channel is lost, the peer acknowledges what came after it in a gap report, and then the
// retransmission timer fires: werift 0.24 sent again the chunks the gap report had already acknowledged
// and counted them in flight once more, and the cumulative acknowledgement that followed never took
// them out (they were marked acknowledged). The flight size stayed above the congestion window after the
// timeout and nothing more was sent on the channel, ever: the page waited for the rest of the answer's
// events (patches/werift+0.24.4.patch).
//
// Two werift SCTP associations over an in-memory wire: the first DATA packet is lost, the gap report
// goes back, the retransmission timer is fired as a loaded machine fires it, and a message sent after
// the recovery must arrive.
import { RTCSctpTransport } from 'werift'
import { describe, expect, it } from 'vitest'

interface Wire {
  onData?: (buf: Buffer) => void
  send: (buf: Buffer) => Promise<void>
  close: () => void
}

/** The parts of werift's SCTP association this test drives or reads. */
interface Association {
  start(remotePort?: number): Promise<void>
  send(streamId: number, ppId: number, data: Buffer): Promise<void>
  stop(): Promise<void>
  state: string
  onReceive: { subscribe(fn: (streamId: number, ppId: number, data: Buffer) => void): unknown }
  /** Bytes counted in flight: werift keeps it private; read here to show it drains. */
  flightSize: number
  /** The retransmission timer's handler (T3-rtx, RFC 9260 §6.3.3). */
  timer3Expired: () => void
  timer3Cancel: () => void
}

interface AssociationClass {
  client(transport: Wire, port?: number): Association
  server(transport: Wire, port?: number): Association
}

/** werift exports its SCTP association only through the data channel's transport. */
function associationClass(): AssociationClass {
  const transport = new RTCSctpTransport()
  const dtls = {
    id: 'in-memory',
    onStateChange: { subscribe: () => ({ unSubscribe: () => undefined }) },
    sendData: async () => undefined,
  }
  transport.setDtlsTransport(dtls as never)
  return transport.sctp.constructor as unknown as AssociationClass
}

const STRING_PPID = 51
/** SCTP's common header is 12 bytes and a DATA chunk's type is its first byte (RFC 9260 §3). */
const isData = (packet: Buffer): boolean => packet.length > 12 && packet[12] === 0

const settle = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms))

async function until(check: () => boolean, what: string, ms = 5_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await settle(5)
  }
}

describe("the demo peer's data channel (werift SCTP) after a lost packet and a retransmission timeout", () => {
  it('keeps sending: chunks acknowledged by a gap report are not counted in flight again', async () => {
    const Sctp = associationClass()
    let dropNextData = false
    // Each end's transport: what one end sends, the other's onData gets, a turn of the event loop later.
    const clientEnd: Wire = {
      send: async (buf) => {
        if (dropNextData && isData(buf)) dropNextData = false
        else setImmediate(() => serverEnd.onData?.(buf))
      },
      close: () => undefined,
    }
    const serverEnd: Wire = {
      send: async (buf) => void setImmediate(() => clientEnd.onData?.(buf)),
      close: () => undefined,
    }

    const client = Sctp.client(clientEnd)
    const server = Sctp.server(serverEnd)
    const received: string[] = []
    server.onReceive.subscribe((_stream, _ppid, data) => received.push(data.toString()))
    await server.start(5000)
    await client.start(5000)
    await until(() => client.state === 'connected' && server.state === 'connected', 'the association')

    // Three messages of about 700 bytes, fewer than the three reports that would retransmit a lost one.
    const message = (n: number) => `${n}:${'x'.repeat(700)}`
    const sent = [1, 2, 3]
    dropNextData = true
    for (const n of sent) await client.send(0, STRING_PPID, Buffer.from(message(n)))
    // The first is lost; the others arrive and the server's gap reports acknowledge them.
    await until(() => received.length === 0 && client.flightSize <= 800, 'the gap report')
    await settle()

    // The retransmission timer fires before the third report that would retransmit the lost chunk.
    client.timer3Cancel()
    client.timer3Expired()
    await until(() => received.length === sent.length, 'every message')
    expect(received.map((m) => Number(m.split(':')[0]))).toEqual(sent)
    // Nothing is outstanding, so nothing may be counted in flight: what was counted and never taken out
    // adds up with each timeout until it passes the window and the channel is silent for good (seen
    // in the browser tests: 1,307 bytes in flight against a window of 1,201, with every chunk acked).
    await until(() => client.flightSize === 0, 'nothing left in flight', 2_000)

    // And the channel goes on.
    await client.send(0, STRING_PPID, Buffer.from(message(4)))
    await until(() => received.length === 4, 'a message sent after the recovery')
    await client.stop()
    await server.stop()
  })
})

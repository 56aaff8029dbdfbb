// How many bytes sent on a WebSocket are not yet known to have reached the service. The socket's own
// buffer empties into the kernel at once, and a link that goes dark (Wi-Fi dropping) lets the kernel and
// the network hold seconds of audio that all arrive together once it is back, past the service's
// allowance for audio faster than real time (close 4413). A ping sent behind the data comes back only
// once the data before it has arrived (TCP delivers in order and the service answers pings in order), so
// each pong acknowledges every byte sent before its ping. One ping is out at a time, so there is one a
// round trip while data flows, and always one while bytes are unacknowledged: a sender waiting on them
// sends nothing else that could carry one.

export class DeliveryClock {
  #sentBytes = 0
  #ackedBytes = 0
  #outstanding: { id: number; sentBytes: number } | null = null
  #nextId = 1

  /** Bytes sent and not yet acknowledged by a pong. */
  get unackedBytes(): number {
    return this.#sentBytes - this.#ackedBytes
  }

  /** Counts a frame sent; returns a ping payload to send right behind it when one is due. */
  sent(bytes: number): Buffer | null {
    this.#sentBytes += bytes
    return this.#outstanding === null ? this.#ping() : null
  }

  /**
   * A pong came back: what was sent before its ping has arrived. Pongs of other pings (the transport's
   * silence check) are ignored. Returns the next ping at once when bytes sent since are still unknown.
   */
  pong(payload: Buffer): Buffer | null {
    const pending = this.#outstanding
    if (!pending || payload.length !== 4 || payload.readUInt32BE(0) !== pending.id) return null
    this.#ackedBytes = pending.sentBytes
    this.#outstanding = null
    return this.unackedBytes > 0 ? this.#ping() : null
  }

  #ping(): Buffer {
    this.#outstanding = { id: this.#nextId++, sentBytes: this.#sentBytes }
    const payload = Buffer.alloc(4)
    payload.writeUInt32BE(this.#outstanding.id)
    return payload
  }
}

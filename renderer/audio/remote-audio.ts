// The service's voice on a WebRTC link, played on the output device the user chose. A media element, not
// the voice AudioContext: Chromium plays a remote WebRTC stream through Web Audio only while a media
// element also holds it, and the element alone already has its own setSinkId.

export class RemoteAudioOutput {
  #sinkId = ''
  readonly #playing = new Set<HTMLAudioElement>()

  /** The output device's id for this run; '' is the system default. */
  setSink(sinkId: string): void {
    if (sinkId === this.#sinkId) return
    this.#sinkId = sinkId
    for (const element of this.#playing) void routeTo(element, sinkId)
  }

  /** Starts playing `stream`; returns the stop. */
  play(stream: MediaStream): () => void {
    const element = document.createElement('audio')
    element.srcObject = stream
    this.#playing.add(element)
    // Routed before it starts, so the first words do not come out of the default device.
    void routeTo(element, this.#sinkId).then(() => {
      if (this.#playing.has(element)) void element.play().catch(() => {})
    })
    return () => {
      if (!this.#playing.delete(element)) return
      element.pause()
      element.srcObject = null
    }
  }
}

/** A device that cannot be used leaves the voice on the default one: the voice audio reports the failure. */
async function routeTo(element: HTMLAudioElement, sinkId: string): Promise<void> {
  if (element.sinkId === sinkId || typeof element.setSinkId !== 'function') return
  await element.setSinkId(sinkId).catch(() => {})
}

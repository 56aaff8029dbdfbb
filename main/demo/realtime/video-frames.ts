// Video frames a session received since its last answer. The demo model cannot see, so it reports what
// it was shown: how many frames, their size read from the JPEG header, and how many bytes they held,
// which lets a client check that its frames arrived whole and downscaled as it meant.

/** A frame's size as its JPEG header gives it; null when the data is no JPEG the demo can read. */
export interface FrameSize {
  width: number
  height: number
}

export interface VideoTally {
  frames: number
  bytes: number
  /** The latest frame's size, when its header could be read. */
  last: FrameSize | null
}

/** The start-of-frame markers (SOF0..SOF15 but DHT, JPG and DAC) carry the image's height and width. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

/** Walks the JPEG's marker segments to its start-of-frame (ITU T.81 B.2.2). */
export function jpegSize(bytes: Uint8Array): FrameSize | null {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let at = 2
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] as number
    // Fill bytes and markers without a length.
    if (marker === 0xff || (marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) {
      at += marker === 0xff ? 1 : 2
      continue
    }
    const length = ((bytes[at + 2] as number) << 8) | (bytes[at + 3] as number)
    if (isStartOfFrame(marker)) {
      const height = ((bytes[at + 5] as number) << 8) | (bytes[at + 6] as number)
      const width = ((bytes[at + 7] as number) << 8) | (bytes[at + 8] as number)
      return width > 0 && height > 0 ? { width, height } : null
    }
    at += 2 + length
  }
  return null
}

export class VideoFrames {
  #tally: VideoTally = { frames: 0, bytes: 0, last: null }

  add(base64: string): void {
    const bytes = Buffer.from(base64, 'base64')
    this.#tally.frames++
    this.#tally.bytes += bytes.length
    this.#tally.last = jpegSize(bytes) ?? this.#tally.last
  }

  get count(): number {
    return this.#tally.frames
  }

  /** What was seen since the last call; the tally starts again. */
  take(): VideoTally {
    const tally = this.#tally
    this.#tally = { frames: 0, bytes: 0, last: null }
    return tally
  }
}

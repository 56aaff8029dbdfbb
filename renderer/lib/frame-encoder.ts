// One picture of a shared screen or camera as main sends it to the model: downscaled so its longest side
// is at most MAX_VIDEO_FRAME_SIDE_PX, JPEG, small enough for one WebRTC data-channel message
// (MAX_VIDEO_FRAME_BYTES). A busy screen that does not fit is encoded again at a lower quality, then
// smaller, rather than dropped.
import { MAX_VIDEO_FRAME_BYTES, MAX_VIDEO_FRAME_SIDE_PX, type VoiceVideoFrame } from '../../preload/contract'

const QUALITIES = [0.7, 0.5, 0.35]
/** Each round past the lowest quality shrinks the picture by this much. */
const SHRINK = 0.75
const MAX_SHRINKS = 4

export function fitSize(width: number, height: number, maxSide = MAX_VIDEO_FRAME_SIDE_PX): [number, number] {
  const scale = Math.min(1, maxSide / Math.max(width, height))
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))]
}

function jpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
}

function base64(bytes: Uint8Array): string {
  let binary = ''
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

/** The frame of `source` (a playing video), or null when it has no picture yet or none fits. */
export async function encodeFrame(
  source: HTMLVideoElement,
  canvas: HTMLCanvasElement,
): Promise<VoiceVideoFrame | null> {
  if (source.videoWidth === 0 || source.videoHeight === 0) return null
  let [width, height] = fitSize(source.videoWidth, source.videoHeight)
  for (let shrink = 0; shrink <= MAX_SHRINKS; shrink++) {
    canvas.width = width
    canvas.height = height
    canvas.getContext('2d')?.drawImage(source, 0, 0, width, height)
    for (const quality of QUALITIES) {
      const blob = await jpeg(canvas, quality)
      if (blob && blob.size <= MAX_VIDEO_FRAME_BYTES)
        return { jpegBase64: base64(new Uint8Array(await blob.arrayBuffer())), width, height }
    }
    ;[width, height] = fitSize(width, height, Math.floor(Math.max(width, height) * SHRINK))
  }
  return null
}

// One open microphone: the getUserMedia stream, its source node and the capture worklet behind it.
// Closing stops the tracks, which is what turns the OS's microphone indicator off.
import type { AudioSettings } from '../../preload/contract'
import type { CaptureFrame } from './port-messages'
import { CAPTURE_PROCESSOR } from './worklet-names'

export type Processing = Pick<AudioSettings, 'echoCancellation' | 'noiseSuppression' | 'autoGainControl'>

export interface MicInput {
  /** The device asked for; null = the system default. */
  readonly deviceId: string | null
  readonly processing: Processing
  /** The label of the device really capturing. */
  readonly label: string | null
  /** The open stream's audio track, for a WebRTC link to clone; stopped by `close`. */
  readonly track: MediaStreamTrack | null
  close(): void
}

export function sameProcessing(a: Processing, b: Processing): boolean {
  return (
    a.echoCancellation === b.echoCancellation &&
    a.noiseSuppression === b.noiseSuppression &&
    a.autoGainControl === b.autoGainControl
  )
}

export function micConstraints(deviceId: string | null, processing: Processing): MediaStreamConstraints {
  return {
    audio: {
      ...(deviceId === null ? {} : { deviceId: { exact: deviceId } }),
      echoCancellation: processing.echoCancellation,
      noiseSuppression: processing.noiseSuppression,
      autoGainControl: processing.autoGainControl,
      channelCount: 1,
    },
  }
}

export interface MicHandlers {
  onFrame(frame: CaptureFrame): void
  /** The device went away (unplugged, or taken by the OS). */
  onEnded(): void
}

/** Opens the stream; rejects with getUserMedia's own error. */
export async function openMicInput(
  ctx: AudioContext,
  deviceId: string | null,
  processing: Processing,
  handlers: MicHandlers,
): Promise<MicInput> {
  const stream = await navigator.mediaDevices.getUserMedia(micConstraints(deviceId, processing))
  const track = stream.getAudioTracks()[0]
  const source = ctx.createMediaStreamSource(stream)
  // No outputs: the node is pulled on its own, and one explicit channel mixes any stereo input down.
  const node = new AudioWorkletNode(ctx, CAPTURE_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 0,
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
  })
  node.port.onmessage = (e: MessageEvent<CaptureFrame>) => handlers.onFrame(e.data)
  source.connect(node)
  let closed = false
  const onEnded = () => {
    if (!closed) handlers.onEnded()
  }
  track?.addEventListener('ended', onEnded)
  return {
    deviceId,
    processing: { ...processing },
    label: track?.label || null,
    track: track ?? null,
    close() {
      if (closed) return
      closed = true
      track?.removeEventListener('ended', onEnded)
      source.disconnect()
      node.port.onmessage = null
      node.port.close()
      for (const t of stream.getTracks()) t.stop()
    },
  }
}

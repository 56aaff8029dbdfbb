// One open microphone: the getUserMedia stream, its source node and the capture worklet behind it.
// Closing stops the tracks, which is what turns the OS's microphone indicator off.
import type { AudioSettings } from '../../preload/contract'
import { heldTrack, type HeldTrack } from './held-track'
import type { CaptureFrame, HeldDrained } from './port-messages'
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
  /** The same microphone through the capture worklet, for a press the track takes over mid-way. */
  readonly held: HeldTrack | null
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
  // One explicit channel mixes any stereo input down; the one output is the held track.
  const node = new AudioWorkletNode(ctx, CAPTURE_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
  })
  const out = new MediaStreamAudioDestinationNode(ctx, { channelCount: 1 })
  node.connect(out)
  const drained: (() => void)[] = []
  node.port.onmessage = (e: MessageEvent<CaptureFrame | HeldDrained>) => {
    if ('drained' in e.data) for (const listener of drained) listener()
    else handlers.onFrame(e.data)
  }
  source.connect(node)
  const outTrack = out.stream.getAudioTracks()[0]
  const held = outTrack
    ? heldTrack(outTrack, {
        post: (command) => node.port.postMessage(command),
        onDrained: (listener) => void drained.push(listener),
      })
    : null
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
    held,
    close() {
      if (closed) return
      closed = true
      track?.removeEventListener('ended', onEnded)
      held?.cancel()
      outTrack?.stop()
      source.disconnect()
      node.disconnect()
      node.port.onmessage = null
      node.port.close()
      for (const t of stream.getTracks()) t.stop()
    },
  }
}

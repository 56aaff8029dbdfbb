// The welcome's microphone test: the chosen microphone (or the system's) through an AnalyserNode, its peak
// level reported a few times a second. Nothing is recorded or sent anywhere; stop() closes the microphone.
import { pickDevice, shapeDevices } from './devices'

/** How often the level is read: often enough for a meter that follows speech, rare enough to cost nothing. */
export const MIC_LEVEL_INTERVAL_MS = 50

export interface MicLevel {
  stop(): void
}

export async function openMicLevel(
  deviceLabel: string | null,
  onLevel: (peak: number) => void,
): Promise<MicLevel> {
  const device = deviceLabel
    ? pickDevice(deviceLabel, shapeDevices(await navigator.mediaDevices.enumerateDevices()).inputs)
    : null
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: device ? { deviceId: { exact: device.id } } : true,
  })
  const context = new AudioContext()
  const analyser = context.createAnalyser()
  analyser.fftSize = 2048
  context.createMediaStreamSource(stream).connect(analyser)
  const samples = new Float32Array(analyser.fftSize)
  // A timer, not animation frames: the level is wanted even while the window is in the background.
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples)
    let peak = 0
    for (const s of samples) peak = Math.max(peak, Math.abs(s))
    onLevel(Math.min(1, peak))
  }, MIC_LEVEL_INTERVAL_MS)
  return {
    stop() {
      clearInterval(timer)
      for (const track of stream.getTracks()) track.stop()
      void context.close()
    },
  }
}

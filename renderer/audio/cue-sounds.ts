// The talk cues, bundled into the page as data: URLs. The page's CSP forbids fetch (connect-src 'none'),
// so the WAV bytes are decoded from the URL's base64 here and handed to decodeAudioData.
import startWav from '../../assets/sounds/talk-start.wav?inline'
import stopWav from '../../assets/sounds/talk-stop.wav?inline'

export type CueKind = 'start' | 'stop'

const CUE_URLS: Record<CueKind, string> = { start: startWav, stop: stopWav }

/** The bytes of a base64 data: URL. */
export function dataUrlBytes(url: string): Uint8Array<ArrayBuffer> {
  const comma = url.indexOf(',')
  if (!url.startsWith('data:') || comma < 0 || !url.slice(0, comma).endsWith(';base64')) {
    throw new Error('Not a base64 data: URL')
  }
  const binary = atob(url.slice(comma + 1))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export async function decodeCues(ctx: BaseAudioContext): Promise<Record<CueKind, AudioBuffer>> {
  const [start, stop] = await Promise.all(
    (['start', 'stop'] as const).map((kind) => ctx.decodeAudioData(dataUrlBytes(CUE_URLS[kind]).buffer)),
  )
  return { start: start as AudioBuffer, stop: stop as AudioBuffer }
}

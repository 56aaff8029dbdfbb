// PCM16 little-endian <-> base64, the audio encoding of both wire protocols.
// The demo keeps its own copy rather than main/audio/pcm.ts on purpose: it stands in for the gateway, and
// a simulator that decoded audio with the client's code could not catch a mistake in that code.

export function decodePcm16(base64: string): Int16Array {
  const bytes = Buffer.from(base64, 'base64')
  const samples = new Int16Array(bytes.length >> 1)
  for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2)
  return samples
}

export function encodePcm16(samples: Int16Array): string {
  const bytes = Buffer.alloc(samples.length * 2)
  for (let i = 0; i < samples.length; i++) bytes.writeInt16LE(samples[i] ?? 0, i * 2)
  return bytes.toString('base64')
}

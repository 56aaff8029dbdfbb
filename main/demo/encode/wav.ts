// RIFF/WAVE, 16-bit little-endian mono PCM: a 44-byte header then the samples.

export function encodeWav(pcm: Int16Array, sampleRateHz: number): Buffer {
  const dataBytes = pcm.length * 2
  const out = Buffer.alloc(44 + dataBytes)
  out.write('RIFF', 0, 'ascii')
  out.writeUInt32LE(36 + dataBytes, 4)
  out.write('WAVE', 8, 'ascii')
  out.write('fmt ', 12, 'ascii')
  out.writeUInt32LE(16, 16)
  out.writeUInt16LE(1, 20) // PCM
  out.writeUInt16LE(1, 22) // mono
  out.writeUInt32LE(sampleRateHz, 24)
  out.writeUInt32LE(sampleRateHz * 2, 28) // byte rate
  out.writeUInt16LE(2, 32) // block align
  out.writeUInt16LE(16, 34) // bits per sample
  out.write('data', 36, 'ascii')
  out.writeUInt32LE(dataBytes, 40)
  pcmBytes(pcm).copy(out, 44)
  return out
}

/** The samples as little-endian bytes, whatever the host's byte order. */
export function pcmBytes(pcm: Int16Array): Buffer {
  const out = Buffer.alloc(pcm.length * 2)
  for (let i = 0; i < pcm.length; i++) out.writeInt16LE(pcm[i] as number, i * 2)
  return out
}

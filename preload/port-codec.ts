// Carries audio-port messages over a byte stream (the harness's WebSocket) the way a MessagePort carries
// them in the app: objects whose typed-array fields travel as raw bytes, not as JSON numbers.
// Frame: [u32 header length][header JSON][payload bytes]; the header names each array's type, offset and length.

type TypedArrayName = 'Float32Array' | 'Int16Array' | 'Uint8Array'
const CTORS = { Float32Array, Int16Array, Uint8Array } as const
interface ArrayRef {
  __array: TypedArrayName
  offset: number
  length: number
}

export function encodePortMessage(message: unknown): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = []
  let size = 0
  const header = JSON.stringify(message, (_key, value: unknown) => {
    const name = typedArrayName(value)
    if (!name) return value
    const view = value as Float32Array | Int16Array | Uint8Array
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength)
    // Keep every array aligned to its element size so the receiver can view the bytes without copying.
    const pad = (8 - (size % 8)) % 8
    if (pad) {
      parts.push(new Uint8Array(pad))
      size += pad
    }
    const ref: ArrayRef = { __array: name, offset: size, length: view.length }
    parts.push(bytes)
    size += bytes.byteLength
    return ref
  })
  const headerBytes = new TextEncoder().encode(header)
  const headerPad = (8 - ((4 + headerBytes.byteLength) % 8)) % 8
  const out = new Uint8Array(4 + headerBytes.byteLength + headerPad + size)
  new DataView(out.buffer).setUint32(0, headerBytes.byteLength + headerPad, true)
  out.set(headerBytes, 4)
  out.fill(0x20, 4 + headerBytes.byteLength, 4 + headerBytes.byteLength + headerPad)
  let at = 4 + headerBytes.byteLength + headerPad
  for (const p of parts) {
    out.set(p, at)
    at += p.byteLength
  }
  return out
}

export function decodePortMessage(frame: ArrayBuffer | Uint8Array): unknown {
  const bytes = frame instanceof Uint8Array ? frame : new Uint8Array(frame)
  if (bytes.byteLength < 4) throw new Error('audio port frame too short')
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true)
  if (4 + headerLength > bytes.byteLength) throw new Error('audio port frame header overruns the frame')
  const header = new TextDecoder().decode(bytes.subarray(4, 4 + headerLength))
  const payloadStart = 4 + headerLength
  // Copy the payload once into its own aligned buffer; typed arrays then view it directly. (A Node
  // Buffer's slice() is a view into a shared pool, so copy through the Uint8Array constructor.)
  const payload = new Uint8Array(bytes.subarray(payloadStart)).buffer
  return JSON.parse(header, (_key, value: unknown) => {
    if (!isArrayRef(value)) return value
    const Ctor = CTORS[value.__array]
    const end = value.offset + value.length * Ctor.BYTES_PER_ELEMENT
    if (value.offset % Ctor.BYTES_PER_ELEMENT !== 0 || end > payload.byteLength)
      throw new Error('audio port frame array out of range')
    return new Ctor(payload, value.offset, value.length)
  })
}

function typedArrayName(value: unknown): TypedArrayName | null {
  if (value instanceof Float32Array) return 'Float32Array'
  if (value instanceof Int16Array) return 'Int16Array'
  if (value instanceof Uint8Array) return 'Uint8Array'
  return null
}

function isArrayRef(value: unknown): value is ArrayRef {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  return (
    typeof v.__array === 'string' &&
    Object.hasOwn(CTORS, v.__array) &&
    Number.isInteger(v.offset) &&
    Number.isInteger(v.length) &&
    (v.offset as number) >= 0 &&
    (v.length as number) >= 0
  )
}

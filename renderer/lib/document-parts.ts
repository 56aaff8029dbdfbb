// A file as the Reader sends it to main: base64 parts of at most DOCUMENT_PART_BYTES, because the
// harness's bridge carries JSON frames of at most 1 MiB (Electron's IPC takes the same parts).
import { DOCUMENT_PART_BYTES, type ReaderDocumentPart } from '../../preload/contract'

/** Base64 of bytes, built in slices: one String.fromCharCode over a whole part overflows the stack. */
function base64Of(bytes: Uint8Array): string {
  let binary = ''
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000))
  return btoa(binary)
}

/** One part at a time: a file main refuses on its first part (over the size limit) is not encoded whole. */
export function* documentParts(
  upload: string,
  name: string,
  bytes: Uint8Array,
  partBytes = DOCUMENT_PART_BYTES,
): Generator<ReaderDocumentPart> {
  const count = Math.max(1, Math.ceil(bytes.byteLength / partBytes))
  for (let index = 0; index < count; index++) {
    const data = base64Of(bytes.subarray(index * partBytes, (index + 1) * partBytes))
    yield { upload, name, size: bytes.byteLength, index, count, data }
  }
}

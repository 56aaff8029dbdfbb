// Writes a file whole or not at all: a temp file beside it, then a rename. A reader never sees half a
// file, and a full disk leaves the old file as it was.
import { randomBytes } from 'node:crypto'
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises'
import { dirname } from 'node:path'

export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`
  try {
    await mkdir(dirname(path), { recursive: true })
    await writeFile(tmp, data, { mode })
    await rename(tmp, path)
  } catch (err) {
    await unlink(tmp).catch(() => {})
    throw err
  }
}

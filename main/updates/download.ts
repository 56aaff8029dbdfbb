// One artifact to a file, hashed as it arrives. What does not match the feed's sha512 and size is deleted
// before anyone can run it: a download cut short, a file changed on the server, or a feed that lies.
import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { rename, rm } from 'node:fs/promises'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { FeedFile } from './feed'

export class DownloadRejected extends Error {
  override readonly name = 'DownloadRejected'
}

/** Downloads `url` to `path` (through `path.part`) and resolves once it matches `file`; else throws and keeps nothing. */
export async function downloadVerified(
  url: URL,
  file: FeedFile,
  path: string,
  signal: AbortSignal,
): Promise<void> {
  const part = `${path}.part`
  try {
    const res = await fetch(url, { signal, redirect: 'follow' })
    if (!res.ok || !res.body) throw new DownloadRejected(`the server answered HTTP ${res.status}`)
    const hash = createHash('sha512')
    let bytes = 0
    const count = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length
        // A file past its declared size is not the file: stop reading rather than fill the disk.
        if (file.size !== null && bytes > file.size)
          done(new DownloadRejected('the file is larger than the feed says'))
        else {
          hash.update(chunk)
          done(null, chunk)
        }
      },
    })
    await pipeline(
      Readable.fromWeb(res.body as NodeReadableStream<Uint8Array>),
      count,
      createWriteStream(part),
      { signal },
    )
    if (file.size !== null && bytes !== file.size)
      throw new DownloadRejected(`the file has ${bytes} bytes, the feed says ${file.size}`)
    if (hash.digest('base64') !== file.sha512)
      throw new DownloadRejected('the sha512 does not match the feed')
    await rename(part, path)
  } catch (err) {
    await rm(part, { force: true })
    throw err
  }
}

// A file arriving in parts (see DOCUMENT_PART_BYTES): kept until its last part, then handed over whole.
// One upload at a time: a new one drops any that was not finished, so an abandoned file holds no memory.
import type { ReaderDocumentPart } from '../../preload/contract'
import { DOCUMENT_MAX_BYTES, DocumentError } from '../documents/types'
import type { DocumentFile } from '../documents/extract'
import { AppError } from '../errors'

export class DocumentUpload {
  #upload: string | null = null
  #parts: Uint8Array[] = []
  #bytes = 0

  /** Takes a part; the file once its last part is in, else null. */
  add(part: ReaderDocumentPart): DocumentFile | null {
    if (part.size > DOCUMENT_MAX_BYTES) {
      this.#drop()
      // Refused on its first part: nothing of a file over the limit is held.
      throw new DocumentError('too_large', `files up to ${DOCUMENT_MAX_BYTES / 1024 / 1024} MB`)
    }
    if (part.index === 0) {
      this.#upload = part.upload
      this.#parts = []
      this.#bytes = 0
    } else if (part.upload !== this.#upload || part.index !== this.#parts.length) {
      this.#drop()
      throw new AppError('invalid_input', 'The file arrived out of order; open it again.', {
        code: 'document_upload_broken',
      })
    }
    const bytes = Buffer.from(part.data, 'base64')
    this.#bytes += bytes.byteLength
    if (this.#bytes > part.size) {
      this.#drop()
      throw new AppError('invalid_input', 'The file is larger than its stated size; open it again.', {
        code: 'document_upload_broken',
      })
    }
    this.#parts.push(bytes)
    if (part.index < part.count - 1) return null
    const file = { name: part.name, bytes: new Uint8Array(Buffer.concat(this.#parts)) }
    this.#drop()
    return file
  }

  #drop(): void {
    this.#upload = null
    this.#parts = []
    this.#bytes = 0
  }
}

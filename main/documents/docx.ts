// Text out of a Word document: mammoth turns it into HTML by the paragraph styles ("Heading 1" becomes
// <h1>), which is read like any HTML (html.ts), so Word's headings make the chapters.
import mammoth from 'mammoth'
import { htmlDocument, readHtml } from './html'
import { DocumentError, type ExtractedDocument } from './types'

/** A .docx is a zip; one that begins as an OLE compound file is a password-protected (encrypted) one. */
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0]

export async function readDocx(bytes: Uint8Array, untitled: string): Promise<ExtractedDocument> {
  if (OLE_MAGIC.every((b, i) => bytes[i] === b))
    throw new DocumentError(
      'encrypted',
      'the Word document is protected by a password (or is an old .doc); save a copy as .docx without one',
    )
  const result = await mammoth
    .convertToHtml({ buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) })
    .catch((cause: unknown) => {
      throw new DocumentError(
        'corrupt',
        'the file is not a readable Word document (damaged or not a .docx)',
        {
          cause,
        },
      )
    })
  return htmlDocument('docx', readHtml(result.value), untitled)
}

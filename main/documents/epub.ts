// Text out of an EPUB, read with jszip and the book's own package file rather than an EPUB library: the
// EPUB parsers on npm are unmaintained or callback-era, and all an EPUB needs is its zip, the OPF that
// META-INF/container.xml points to, and the XHTML files in the OPF's spine order, each read like any HTML
// (html.ts). jszip is already what mammoth opens .docx files with.
import JSZip from 'jszip'
import { posix } from 'node:path'
import { Parser } from 'htmlparser2'
import { type Block } from './chapters'
import { htmlDocument, readHtml, type HtmlText } from './html'
import { DocumentError, type ExtractedDocument } from './types'

/** The algorithms that only hide embedded fonts: a book using them alone is not locked. */
const FONT_OBFUSCATION = ['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']

interface Package {
  title: string | null
  /** The spine's documents, as paths inside the zip, in reading order. */
  spine: string[]
}

export async function readEpub(bytes: Uint8Array, untitled: string): Promise<ExtractedDocument> {
  const zip = await JSZip.loadAsync(bytes).catch((cause: unknown) => {
    throw corrupt(cause)
  })
  await refuseLocked(zip)
  const container = await text(zip, 'META-INF/container.xml')
  const opfPath = attributesOf(container, 'rootfile')[0]?.['full-path']
  if (!opfPath) throw corrupt()
  const pkg = packageOf(await text(zip, opfPath), posix.dirname(opfPath))
  const blocks: Block[] = []
  const read: HtmlText = { title: pkg.title, blocks, tablesRead: 0, codeBlocksSkipped: 0 }
  for (const path of pkg.spine) {
    const file = zip.file(path)
    if (!file) continue
    const part = readHtml(await file.async('string'), { xml: true })
    blocks.push(...part.blocks)
    read.tablesRead += part.tablesRead
    read.codeBlocksSkipped += part.codeBlocksSkipped
  }
  return htmlDocument('epub', read, untitled)
}

function corrupt(cause?: unknown): DocumentError {
  return new DocumentError('corrupt', 'the file is not a readable EPUB (damaged or not an EPUB)', { cause })
}

async function text(zip: JSZip, path: string): Promise<string> {
  const file = zip.file(path)
  if (!file) throw corrupt()
  return file.async('string')
}

/** DRM leaves META-INF/encryption.xml naming a cipher other than font obfuscation. */
async function refuseLocked(zip: JSZip): Promise<void> {
  const file = zip.file('META-INF/encryption.xml')
  if (!file) return
  const methods = attributesOf(await file.async('string'), 'encryptionmethod').map((a) => a.algorithm)
  if (methods.some((m) => m !== undefined && !FONT_OBFUSCATION.includes(m)))
    throw new DocumentError('encrypted', 'the EPUB is locked with DRM; Loa reads only books without it')
}

/** The OPF's title and spine, each spine item's path resolved against the OPF's folder. */
function packageOf(opf: string, dir: string): Package {
  const manifest = new Map<string, string>()
  const spineIds: string[] = []
  let title: string | null = null
  let inTitle = false
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const local = name.replace(/^.*:/, '')
        if (local === 'item' && attrs.id && attrs.href) manifest.set(attrs.id, attrs.href)
        if (local === 'itemref' && attrs.idref && attrs.linear !== 'no') spineIds.push(attrs.idref)
        if (name === 'dc:title' && title === null) inTitle = true
      },
      ontext(data) {
        if (inTitle) title = ((title ?? '') + data).replace(/\s+/g, ' ')
      },
      onclosetag(name) {
        if (name === 'dc:title') inTitle = false
      },
    },
    { xmlMode: true, decodeEntities: true },
  )
  parser.end(opf)
  const spine = spineIds.flatMap((id) => {
    const href = manifest.get(id)
    return href ? [posix.join(dir, decodeURIComponent(href.split('#')[0] ?? ''))] : []
  })
  const t = (title as string | null)?.trim().normalize('NFC') ?? ''
  return { title: t === '' ? null : t, spine }
}

/** The attributes of each element of that (local, lower-case) name, their names in lower case. */
function attributesOf(xml: string, element: string): Record<string, string>[] {
  const found: Record<string, string>[] = []
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        // XML keeps the case of names: encryption.xml spells `Algorithm`, container.xml `full-path`.
        if (name.replace(/^.*:/, '').toLowerCase() === element)
          found.push(Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k.toLowerCase(), v])))
      },
    },
    { xmlMode: true },
  )
  parser.end(xml)
  return found
}

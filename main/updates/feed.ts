// The generic provider's feed: `latest.yml` (`latest-mac.yml`, `latest-linux.yml` by platform), as
// electron-builder writes it beside the artifacts. https://www.electron.build/auto-update
import { load } from 'js-yaml'
import { valid } from 'semver'
import { z } from 'zod'
import { notesText } from './release-notes'
import type { Release } from './update-source'

/** The artifact the feed names, with what it must hash to. */
export interface FeedFile {
  url: string
  /** SHA-512 of the file, base64, as electron-builder writes it. */
  sha512: string
  size: number | null
}

export interface FeedRelease extends Release {
  file: FeedFile
}

/** The folder of a generic feed to use instead of the one the build names (the app) or none (the harness). */
export const UPDATE_FEED_ENV = 'LOA_UPDATE_FEED'

/** A feed file is a few hundred bytes; far more is not a feed. */
export const MAX_FEED_BYTES = 64 * 1024

const SHA512_BASE64 = /^[A-Za-z0-9+/]{86}==$/

const fileSchema = z.looseObject({
  url: z.string().min(1),
  sha512: z.string().regex(SHA512_BASE64),
  size: z.number().int().nonnegative().optional(),
})

const feedSchema = z.looseObject({
  // YAML reads `version: 2.0` as a number; electron-builder quotes nothing.
  version: z.union([z.string(), z.number()]).transform(String),
  files: z.array(fileSchema).optional(),
  path: z.string().min(1).optional(),
  sha512: z.string().regex(SHA512_BASE64).optional(),
  releaseNotes: z.unknown().optional(),
})

export class FeedError extends Error {
  override readonly name = 'FeedError'
}

/** The feed file for this platform, as electron-updater's generic provider names it. */
export function feedFileName(platform: NodeJS.Platform, arch: string): string {
  if (platform === 'darwin') return 'latest-mac.yml'
  if (platform === 'linux') return arch === 'x64' ? 'latest-linux.yml' : `latest-linux-${arch}.yml`
  return 'latest.yml'
}

/** Reads a feed file; throws FeedError when it is not one (an HTML error page, a truncated file). */
export function parseFeed(text: string): FeedRelease {
  let raw: unknown
  try {
    raw = load(text)
  } catch (err) {
    throw new FeedError('the feed is not YAML', { cause: err })
  }
  const parsed = feedSchema.safeParse(raw)
  if (!parsed.success) throw new FeedError(`the feed is not a release: ${parsed.error.issues[0]?.message}`)
  const feed = parsed.data
  if (valid(feed.version) === null) throw new FeedError(`the feed's version is not semver: ${feed.version}`)
  // The first file is the installer (electron-builder lists it first); the old top-level fields name it too.
  const first = feed.files?.[0]
  const file: FeedFile | null = first
    ? { url: first.url, sha512: first.sha512, size: first.size ?? null }
    : feed.path && feed.sha512
      ? { url: feed.path, sha512: feed.sha512, size: null }
      : null
  if (!file) throw new FeedError('the feed names no file')
  return { version: feed.version, notes: notesText(feed.releaseNotes), file }
}

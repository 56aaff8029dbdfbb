// The generic provider read in plain TypeScript: the feed file at the feed's address, the artifact beside it,
// downloaded to a folder of its own. The app installs through electron-updater instead (main/app), which
// reads the same feed; this source serves the browser harness and the tests of the update policy.
import { mkdir, rm } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { FeedError, MAX_FEED_BYTES, parseFeed, type FeedRelease } from './feed'
import { downloadVerified } from './download'
import type { UpdateSource } from './update-source'

export interface GenericFeedOptions {
  /** The folder the feed file and the artifacts are served from, e.g. `https://updates.example.com/loa/`. */
  feedUrl: string
  /** The feed file's name for this platform (feedFileName). */
  feedFile: string
  /** Where downloads go; emptied before each one, so only the newest stays. */
  downloadDir: string
}

/** How long a feed may take to answer before the check counts as failed. */
const FEED_TIMEOUT_MS = 30_000

export class GenericFeed implements UpdateSource<FeedRelease> {
  readonly #base: URL
  readonly #opts: GenericFeedOptions
  #downloaded: string | null = null

  constructor(opts: GenericFeedOptions) {
    // A folder address without its trailing slash would resolve the feed file beside the folder.
    this.#base = new URL(opts.feedUrl.endsWith('/') ? opts.feedUrl : `${opts.feedUrl}/`)
    this.#opts = opts
  }

  /** The verified artifact, once one is downloaded. */
  get downloaded(): string | null {
    return this.#downloaded
  }

  async latest(signal: AbortSignal): Promise<FeedRelease> {
    const url = new URL(this.#opts.feedFile, this.#base)
    // The time stamp keeps a cache between here and the server from answering with yesterday's feed.
    url.searchParams.set('noCache', Date.now().toString(36))
    const res = await fetch(url, { signal: AbortSignal.any([signal, AbortSignal.timeout(FEED_TIMEOUT_MS)]) })
    if (!res.ok) throw new FeedError(`the feed answered HTTP ${res.status}`)
    const text = await res.text()
    if (text.length > MAX_FEED_BYTES) throw new FeedError('the feed is too large to be a feed')
    return parseFeed(text)
  }

  async download(release: FeedRelease, signal: AbortSignal): Promise<void> {
    const url = new URL(release.file.url, this.#base)
    // The file is named by the feed, but never outside the download folder.
    const path = join(this.#opts.downloadDir, basename(decodeURIComponent(url.pathname)) || 'update')
    this.#downloaded = null
    await rm(this.#opts.downloadDir, { recursive: true, force: true })
    await mkdir(this.#opts.downloadDir, { recursive: true })
    await downloadVerified(url, release.file, path, signal)
    this.#downloaded = path
  }
}

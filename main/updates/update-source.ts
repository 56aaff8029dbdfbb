// Where updates come from, as the update policy sees it. Two sources answer it: the generic feed read here in
// plain TypeScript (the browser harness and the tests), and electron-updater in the app (main/app), which also
// knows how each platform installs.

/** A release the feed names. */
export interface Release {
  version: string
  /** Plain text, or null when the feed has none. */
  notes: string | null
}

export interface UpdateSource<R extends Release = Release> {
  /** The feed's newest release; throws when the feed is down or what it serves is not a feed. */
  latest(signal: AbortSignal): Promise<R>
  /**
   * Downloads the release in the background and checks it against the feed's sha512 and size; throws when the
   * download fails or does not match, having kept nothing of it.
   */
  download(release: R, signal: AbortSignal): Promise<void>
}

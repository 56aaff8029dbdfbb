// The update policy against a real loopback feed: what it downloads and checks, what it offers, when it
// checks again, and when it restarts. The clock is moved by hand; every figure is a count of requests served
// or the wait the schedule set.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UpdateState, UpdateWait } from '../../preload/contract'
import { GenericFeed } from '../../main/updates/generic-feed'
import { CHECK_INTERVAL_MS, FIRST_RETRY_MS } from '../../main/updates/schedule'
import { UpdateService } from '../../main/updates/update-service'
import { artifact, sha512Of, startFeedServer, type FeedServer } from './feed-server'
import { ManualClock } from './manual-clock'

const FEED_FILE = 'latest-linux.yml'
const HOUR_MS = 60 * 60 * 1000

let feed: FeedServer
let dir: string

beforeEach(async () => {
  feed = await startFeedServer()
  dir = await mkdtemp(join(tmpdir(), 'loa-update-'))
})

afterEach(async () => {
  await feed.close()
  await rm(dir, { recursive: true, force: true })
})

const publish = (version: string, bytes: Buffer, lie?: { sha512?: string; size?: number }) =>
  feed.publish(FEED_FILE, version, bytes, lie)

function rig(opts: { busy?: () => UpdateWait | null } = {}) {
  const clock = new ManualClock()
  const source = new GenericFeed({
    feedUrl: feed.url,
    feedFile: FEED_FILE,
    downloadDir: join(dir, 'download'),
  })
  const states: UpdateState[] = []
  const logged: Array<{ event: string; fields?: Record<string, unknown> }> = []
  let installs = 0
  const service = new UpdateService({
    source,
    currentVersion: '0.1.0',
    busy: opts.busy ?? (() => null),
    install: () => void installs++,
    clock,
    log: {
      info: (event, fields) => logged.push({ event, ...(fields ? { fields } : {}) }),
      warn: (event, fields) => logged.push({ event, ...(fields ? { fields } : {}) }),
    },
    onChange: (state) => states.push(state),
  })
  return {
    clock,
    source,
    service,
    states,
    logged,
    installs: () => installs,
    /** Starts the schedule and waits for the check at start to finish. */
    async started() {
      service.start()
      await clock.armed()
    },
  }
}

const downloads = async () => readdir(join(dir, 'download')).catch(() => [] as string[])

describe('the update policy over a generic feed', () => {
  it('checks at start, downloads the newer release, checks its sha512 and offers it with its notes', async () => {
    const bytes = artifact()
    const file = publish('0.2.0', bytes)
    const r = rig()
    await r.started()

    expect(feed.hits(FEED_FILE)).toBe(1)
    expect(feed.hits(file)).toBe(1)
    expect(r.service.state()).toEqual({
      offer: {
        version: '0.2.0',
        notes: 'Loa 0.2.0\nFaster & quieter',
        waitingFor: null,
        restartRequested: false,
      },
    })
    expect(r.states.at(-1)).toEqual(r.service.state())
    expect(await readFile(r.source.downloaded!)).toEqual(bytes)
    expect(await downloads()).toEqual([file])
    // The next look is a day later.
    expect(r.clock.pendingInMs()).toBe(CHECK_INTERVAL_MS)
    r.service.stop()
  })

  it('rejects an artifact whose sha512 is not the feed’s: deleted, logged, not offered, fetched again at the next check', async () => {
    const bytes = artifact()
    const file = publish('0.2.0', bytes, { sha512: sha512Of(artifact()) })
    const r = rig()
    await r.started()

    expect(feed.hits(file)).toBe(1)
    expect(r.service.state()).toEqual({ offer: null })
    expect(r.states).toEqual([])
    expect(await downloads()).toEqual([])
    expect(r.logged).toContainEqual({
      event: 'update rejected',
      fields: { version: '0.2.0', reason: 'the sha512 does not match the feed' },
    })
    expect(r.clock.pendingInMs()).toBe(FIRST_RETRY_MS)

    // The server now holds the file the feed describes: the retry takes it.
    publish('0.2.0', bytes)
    expect(await r.clock.fire()).toBe(FIRST_RETRY_MS)
    expect(feed.hits(file)).toBe(2)
    expect(r.service.state().offer?.version).toBe('0.2.0')
    expect(await downloads()).toEqual([file])
    r.service.stop()
  })

  it('rejects an artifact cut short, longer than the feed says, or missing', async () => {
    const bytes = artifact()
    publish('0.2.0', bytes, { size: bytes.length + 1 })
    const r = rig()
    await r.started()
    expect(r.service.state()).toEqual({ offer: null })
    expect(r.logged.at(-1)?.fields?.['reason']).toBe(
      `the file has ${bytes.length} bytes, the feed says ${bytes.length + 1}`,
    )

    publish('0.2.0', bytes, { size: bytes.length - 1 })
    await r.clock.fire()
    expect(r.service.state()).toEqual({ offer: null })
    expect(r.logged.at(-1)?.fields?.['reason']).toBe('the file is larger than the feed says')
    expect(await downloads()).toEqual([])

    // The feed names a file the server does not have.
    feed.files.delete('Loa-0.2.0.AppImage')
    await r.clock.fire()
    expect(r.logged.at(-1)?.fields?.['reason']).toBe('the server answered HTTP 404')
    expect(r.service.state()).toEqual({ offer: null })
    r.service.stop()
  })

  it('backs off while the feed is down or serves garbage, then keeps to the daily check', async () => {
    const r = rig()
    // Nothing listens: the feed is down.
    const url = feed.url
    await feed.close()
    feed = await startFeedServer()
    const down = new UpdateService({
      source: new GenericFeed({ feedUrl: url, feedFile: FEED_FILE, downloadDir: join(dir, 'download') }),
      currentVersion: '0.1.0',
      busy: () => null,
      install: () => {},
      clock: r.clock,
      log: {
        info: () => {},
        warn: (event, fields) => r.logged.push({ event, ...(fields ? { fields } : {}) }),
      },
      onChange: () => {},
    })
    down.start()
    await r.clock.armed()
    expect(r.logged.map((l) => l.event)).toEqual(['update check failed'])
    expect(r.clock.pendingInMs()).toBe(FIRST_RETRY_MS)
    down.stop()
    expect(r.clock.pendingInMs()).toBeNull()

    // A feed that answers with a web page, then an error, then a truncated feed.
    const g = rig()
    feed.files.set(FEED_FILE, { status: 200, body: '<html><body>Maintenance</body></html>' })
    await g.started()
    feed.files.set(FEED_FILE, { status: 503, body: 'unavailable' })
    expect(await g.clock.fire()).toBe(FIRST_RETRY_MS)
    feed.files.set(FEED_FILE, { status: 200, body: 'version: 0.2.0\nfiles:\n  - url: Loa-0.2.0.AppIm' })
    expect(await g.clock.fire()).toBe(2 * HOUR_MS)
    expect(g.clock.pendingInMs()).toBe(4 * HOUR_MS)
    expect(g.logged.map((l) => l.event)).toEqual(Array(3).fill('update check failed'))
    expect(g.service.state()).toEqual({ offer: null })

    // The waits double up to a day, and a good answer brings the daily check back.
    for (const wait of [4, 8, 16]) expect(await g.clock.fire()).toBe(wait * HOUR_MS)
    expect(g.clock.pendingInMs()).toBe(CHECK_INTERVAL_MS)
    publish('0.1.0', artifact())
    await g.clock.fire()
    expect(g.clock.pendingInMs()).toBe(CHECK_INTERVAL_MS)
    expect(feed.hits(FEED_FILE)).toBe(7)
    g.service.stop()
  })

  it('downloads nothing when the feed’s release is not newer, and picks up a newer one at the daily check', async () => {
    const same = publish('0.1.0', artifact())
    const r = rig()
    await r.started()
    expect(feed.hits(same)).toBe(0)
    expect(r.service.state()).toEqual({ offer: null })

    const older = publish('0.0.9', artifact())
    expect(await r.clock.fire()).toBe(CHECK_INTERVAL_MS)
    expect(feed.hits(older)).toBe(0)

    const newer = publish('0.3.0-beta.2', artifact())
    expect(await r.clock.fire()).toBe(CHECK_INTERVAL_MS)
    expect(feed.hits(newer)).toBe(1)
    expect(r.service.state().offer?.version).toBe('0.3.0-beta.2')

    // The same release again is not downloaded twice.
    await r.clock.fire()
    expect(feed.hits(newer)).toBe(1)
    expect(feed.hits(FEED_FILE)).toBe(4)
    r.service.stop()
  })

  it('never restarts during a conversation or a reading: the restart waits for it to end', async () => {
    publish('0.2.0', artifact())
    let busy: UpdateWait | null = 'voice'
    const r = rig({ busy: () => busy })
    await r.started()
    expect(r.service.state().offer?.waitingFor).toBe('voice')

    expect(r.service.install().offer).toMatchObject({ waitingFor: 'voice', restartRequested: true })
    expect(r.installs()).toBe(0)

    busy = 'reading'
    r.service.activityChanged()
    expect(r.installs()).toBe(0)
    expect(r.states.at(-1)?.offer).toMatchObject({ waitingFor: 'reading', restartRequested: true })

    busy = null
    r.service.activityChanged()
    expect(r.installs()).toBe(1)
    // Done once: later activity does not restart again; a new click tries again.
    busy = 'voice'
    r.service.activityChanged()
    busy = null
    r.service.activityChanged()
    expect(r.installs()).toBe(1)
    r.service.install()
    expect(r.installs()).toBe(2)
    r.service.stop()
  })

  it('restarts at once when nothing runs', async () => {
    publish('0.2.0', artifact())
    const r = rig()
    await r.started()
    r.service.install()
    expect(r.installs()).toBe(1)
    r.service.stop()
  })

  it('puts the offer away on "Later" for the rest of the day, and offers it again at a check on the next', async () => {
    publish('0.2.0', artifact())
    const r = rig()
    await r.started()
    expect(r.service.later()).toEqual({ offer: null })
    expect(r.states.at(-1)).toEqual({ offer: null })
    expect(r.installs()).toBe(0)

    // Another check the same day keeps it away; the release is not downloaded again.
    expect(await r.service.check()).toBe(true)
    expect(r.service.state()).toEqual({ offer: null })
    expect(feed.hits('Loa-0.2.0.AppImage')).toBe(1)

    // The daily check falls on the next day.
    expect(await r.clock.fire()).toBe(CHECK_INTERVAL_MS)
    expect(r.service.state().offer?.version).toBe('0.2.0')
    expect(r.states.at(-1)).toEqual(r.service.state())
    r.service.stop()
  })

  it('does nothing before start, and checks nothing after stop', async () => {
    publish('0.2.0', artifact())
    const r = rig()
    expect(r.service.state()).toEqual({ offer: null })
    expect(r.service.install()).toEqual({ offer: null })
    expect(r.installs()).toBe(0)
    await r.started()
    r.service.stop()
    expect(r.clock.pendingInMs()).toBeNull()
    expect(feed.hits(FEED_FILE)).toBe(1)
  })
})

// "Restart to update" in real Chromium through the browser harness, which reads a real loopback feed and
// checks each download's sha512 as the app does: the popup offers only a verified update, shows its notes,
// and the restart reaches main.
import { arch, platform } from 'node:os'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { feedFileName } from '../../main/updates/feed'
import { artifact, sha512Of, startFeedServer, type FeedServer } from '../updates/feed-server'
import { axeViolations } from './support/axe'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'
import { until } from './support/until'

const FEED_FILE = feedFileName(platform(), arch())

let browser: Browser
let feed: FeedServer
let harness: Awaited<ReturnType<typeof startTestHarness>>

beforeAll(async () => {
  feed = await startFeedServer()
  // The harness runs 0.1.0 (package.json): the feed starts with nothing newer.
  feed.publish(FEED_FILE, '0.1.0', artifact())
  harness = await startTestHarness({ updateFeed: feed.url, osLocale: 'en-US' })
  browser = await launchChromium()
  await until(() => feed.hits(FEED_FILE) === 1, 'the check at start')
})

afterAll(async () => {
  await browser?.close()
  await harness?.close()
  await feed?.close()
})

async function openPopup(): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 360, height: 640 } })
  await page.goto(harness.launchUrl('popup'))
  await page.getByTestId('popup').waitFor()
  return page
}

const updates = () => {
  const service = harness.core.updates
  if (!service) throw new Error('the harness was started without a feed')
  return service
}

/** 0.2.0 downloaded and offered, whichever tests ran before. */
async function offered(): Promise<void> {
  if (updates().state().offer?.version === '0.2.0') return
  feed.publish(FEED_FILE, '0.2.0', artifact())
  expect(await updates().check()).toBe(true)
}

describe('updates in the popup', () => {
  it('offers nothing while the feed has nothing newer, nor a download whose sha512 does not match', async () => {
    const page = await openPopup()
    const file = feed.publish(FEED_FILE, '0.2.0', artifact(), { sha512: sha512Of(artifact()) })
    expect(await updates().check()).toBe(false)
    expect(feed.hits(file)).toBe(1)
    expect(updates().state()).toEqual({ offer: null })
    expect(await readdir(join(harness.dataDir, 'update'))).toEqual([])
    await page.getByTestId('popup-voice').waitFor()
    expect(await page.getByTestId('update-offer').count()).toBe(0)
    await page.close()
  })

  it('shows a verified update as it arrives, with its notes, and the restart reaches main', async () => {
    const page = await openPopup()
    const file = feed.publish(FEED_FILE, '0.2.0', artifact())
    expect(await updates().check()).toBe(true)
    expect(await readdir(join(harness.dataDir, 'update'))).toEqual([file])

    // Pushed to the open popup as `app:update`.
    const restart = page.getByTestId('update-restart')
    await restart.waitFor()
    expect(await restart.textContent()).toBe('Restart to update (v0.2.0)')
    expect(await page.getByTestId('update-notes').isVisible()).toBe(false)
    await page.getByText("What's new").click()
    expect(await page.getByTestId('update-notes').innerText()).toBe('Loa 0.2.0\nFaster & quieter')
    // The offer and its open notes pass the WCAG checks the rest of the popup does.
    await page.getByTestId('popup-voice').waitFor()
    expect(await axeViolations(page)).toEqual([])

    // A popup opened now has it from the start.
    const second = await openPopup()
    await second.getByTestId('update-restart').waitFor()
    await second.close()

    await restart.click()
    await until(() => harness.desktop.restartedInto === '0.2.0', 'the restart')
    await page.close()
  })
})

describe('a restart asked for during a conversation', () => {
  it('waits for the conversation to end, then restarts', { timeout: 60_000 }, async () => {
    const core = harness.core
    await offered()
    // A typed turn opens a conversation with the demo service; main carries it over a WebSocket itself.
    await core.settings.update({ realtime: { model: 'openai/gpt-realtime', transport: 'websocket' } })
    harness.desktop.restartedInto = null
    core.voice.sendText('Xin chào')
    await until(() => core.voice.snapshot().status.state === 'ready', 'the conversation')

    expect(updates().install().offer).toMatchObject({ waitingFor: 'voice', restartRequested: true })
    expect(harness.desktop.restartedInto).toBeNull()
    const page = await openPopup()
    expect(await page.getByTestId('update-waits').textContent()).toBe(
      'Loa restarts to update when the conversation ends.',
    )
    expect(await page.getByTestId('update-restart').count()).toBe(0)

    await core.voice.end()
    await until(() => harness.desktop.restartedInto === '0.2.0', 'the restart after the conversation')
    await page.close()
  })
})

describe('a restart asked for during a reading', () => {
  it('waits for the reading to stop, then restarts', { timeout: 60_000 }, async () => {
    const core = harness.core
    await offered()
    harness.desktop.restartedInto = null
    // Long enough that it is still being read when the restart is asked for: many chunks, each a request.
    const text = Array.from({ length: 400 }, (_, i) => `Câu số ${i + 1} của bài đọc thử.`).join(' ')
    const reading = await core.reader.readWithDefaults(text, core.settings.get().tts)
    expect(reading.state).toBe('running')
    expect(core.reader.snapshot().reading?.state).toBe('running')

    expect(updates().install().offer).toMatchObject({ waitingFor: 'reading', restartRequested: true })
    expect(harness.desktop.restartedInto).toBeNull()

    core.reader.cancel()
    await until(() => harness.desktop.restartedInto === '0.2.0', 'the restart after the reading')
  })
})

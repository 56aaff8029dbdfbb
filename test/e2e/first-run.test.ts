// A new user's first run on every plan's demo key, in real Chromium through the browser harness: a fresh
// profile whose settings nobody touched, past the welcome it opens on. Every view opens without an error,
// the Reader reads a Vietnamese paragraph aloud with the defaults, and the popup shows what that account
// may see: the balance for ordinary accounts, a note (not an error) for reseller and internal ones.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { KeyName } from '../../main/demo/accounts/directory'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import type { ViewName } from '../../preload/contract'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'
import { until } from './support/until'

type Harness = Awaited<ReturnType<typeof startTestHarness>>

let browser: Browser
let demo: DemoServer

beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 13 })
  browser = await launchChromium(['--autoplay-policy=no-user-gesture-required'])
})

afterAll(async () => {
  await browser?.close()
  await demo?.close()
})

const PARAGRAPH =
  'Chào mừng bạn đến với Loa. Hôm nay trời Hà Nội trong xanh, gió nhẹ thổi qua những hàng cây ven hồ.'

const VIEWS: readonly ViewName[] = ['voice', 'reader', 'usage', 'catalog', 'settings']

/** The texts of every visible alert on the page. */
async function alerts(page: Page): Promise<string[]> {
  const found = page.locator('[role="alert"]:visible')
  return (await found.allTextContents()).map((t) => t.trim()).filter((t) => t !== '')
}

async function withFreshProfile(key: KeyName, run: (h: Harness, page: Page) => Promise<void>): Promise<void> {
  const harness = await startTestHarness({
    firstRun: true,
    startDemo: async () => ({ baseUrl: demo.baseUrl, key: demo.keys[key] as string, close: async () => {} }),
  })
  const page = await browser.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  try {
    await run(harness, page)
    expect(errors).toEqual([])
  } finally {
    await page.close()
    await harness.close()
  }
}

/** Each view, reached from the navigation, settles with its heading and no error shown. */
async function everyViewOpens(h: Harness, page: Page): Promise<void> {
  await page.goto(h.launchUrl('voice'))
  // A new user meets the welcome first, and may skip it whole.
  await page.getByTestId('welcome-skip-all').click()
  await page.waitForSelector('nav')
  for (const view of VIEWS) {
    await page.click(`nav a[data-view="${view}"]`)
    await page.waitForSelector('main h1')
    // Whatever the view loads has time to answer (or to fail) before it is read.
    await page.waitForLoadState('networkidle')
    await until(
      async () => (await page.locator('[aria-busy="true"]:visible').count()) === 0,
      `${view} loaded`,
    )
    expect(await alerts(page), view).toEqual([])
  }
}

async function readsAloud(h: Harness, page: Page): Promise<void> {
  await page.goto(h.launchUrl('reader'))
  await page.getByTestId('reader-text').fill(PARAGRAPH)
  const read = page.getByTestId('reader-read')
  await until(async () => await read.isEnabled(), 'Read to be offered')
  await read.click()
  const player = page.getByTestId('reader-player')
  await until(async () => Number(await player.getAttribute('data-played-ms')) > 300, 'the reading to play')
  const reading = h.core.reader.snapshot().reading
  expect(reading?.error ?? null).toBeNull()
  expect(reading?.voice === null || reading?.voice !== '').toBe(true)
  expect(await alerts(page)).toEqual([])
}

describe('first run with untouched settings', { timeout: 120_000 }, () => {
  it.each<KeyName>(['free', 'basic', 'ordinary', 'ultra'])(
    'works in every view on the %s key, reads aloud, and shows the balance',
    async (key) => {
      await withFreshProfile(key, async (h, page) => {
        await everyViewOpens(h, page)
        await readsAloud(h, page)
        await page.goto(h.launchUrl('popup'))
        await page.getByTestId('popup-balance').waitFor()
        expect(await page.getByTestId('account-blocked').count()).toBe(0)
        expect(await alerts(page)).toEqual([])
        expect(h.desktop.tray?.state).not.toBe('error')
      })
    },
  )

  it.each<KeyName>(['reseller', 'internal'])(
    'works in every view on the %s key, reads aloud, and says what the account may see',
    async (key) => {
      await withFreshProfile(key, async (h, page) => {
        await everyViewOpens(h, page)
        await readsAloud(h, page)
        await page.goto(h.launchUrl('popup'))
        const note = page.getByTestId('account-blocked')
        await note.waitFor()
        expect(await note.getAttribute('data-block')).toBe('catalog_only')
        expect(await note.getAttribute('role')).toBe('status')
        expect(await alerts(page)).toEqual([])
        expect(h.desktop.tray?.state).toBe('normal')
      })
    },
  )
})

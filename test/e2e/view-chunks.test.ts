// The popup and each view load their own chunk, in real Chromium under the strict CSP: the popup fetches
// none of the main window's code, a view says it is loading while its chunk is on the way, and a chunk
// that cannot be fetched is an error with a retry that brings the view back.
import type { Browser, Page, Route } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'

let browser: Browser
let harness: Awaited<ReturnType<typeof startTestHarness>>

beforeAll(async () => {
  harness = await startTestHarness()
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await harness?.close()
})

const MAIN_WINDOW_CHUNKS = /\/assets\/(MainWindow|Voice|Reader|Usage|Catalog|Settings)-[\w-]+\.js$/
const USAGE_CHUNK = /\/assets\/Usage-[\w-]+\.js$/

/** Every script and stylesheet the page requests, and every CSP violation it reports. */
function watch(page: Page): { scripts: string[]; violations: string[] } {
  const seen = { scripts: [] as string[], violations: [] as string[] }
  page.on('request', (request) => {
    if (['script', 'stylesheet'].includes(request.resourceType())) seen.scripts.push(request.url())
  })
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(message.text())
  })
  return seen
}

describe('the tray popup', () => {
  it('fetches its own chunk and none of the main window', async () => {
    const page = await browser.newPage()
    const seen = watch(page)
    await page.goto(harness.launchUrl('popup'))
    await page.waitForSelector('[data-testid="popup-balance"]')
    expect(seen.scripts.some((url) => /\/assets\/TrayPopup-[\w-]+\.js$/.test(url))).toBe(true)
    expect(seen.scripts.filter((url) => MAIN_WINDOW_CHUNKS.test(url))).toEqual([])
    expect(seen.violations).toEqual([])
    await page.close()
  })
})

describe('a view of the main window', () => {
  it('fetches its chunk and its styles when first shown', async () => {
    const page = await browser.newPage()
    const seen = watch(page)
    await page.goto(harness.launchUrl('voice'))
    await page.waitForSelector('nav')
    expect(seen.scripts.filter((url) => USAGE_CHUNK.test(url))).toEqual([])
    await page.click('nav a[data-view="usage"]')
    await expect.poll(() => page.textContent('main h1')).toBe('Sử dụng')
    expect(seen.scripts.filter((url) => USAGE_CHUNK.test(url))).toHaveLength(1)
    expect(seen.scripts.some((url) => /\/assets\/Usage-[\w-]+\.css$/.test(url))).toBe(true)
    expect(seen.violations).toEqual([])
    await page.close()
  })

  it('says it is loading while its chunk is on the way', async () => {
    const page = await browser.newPage()
    await page.goto(harness.launchUrl('voice'))
    await page.waitForSelector('nav')
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route(USAGE_CHUNK, async (route: Route) => {
      await held
      await route.continue()
    })
    await page.click('nav a[data-view="usage"]')
    await expect.poll(() => page.textContent('main [data-testid="chunk-loading"]')).toBe('Đang tải Sử dụng…')
    expect(await page.getAttribute('main [data-testid="chunk-loading"]', 'role')).toBe('status')
    release()
    await expect.poll(() => page.textContent('main h1')).toBe('Sử dụng')
    expect(await page.$('[data-testid="chunk-loading"]')).toBeNull()
    await page.close()
  })

  it('shows an error with a retry when its chunk cannot be fetched, and the retry brings it back', async () => {
    const page = await browser.newPage()
    await page.goto(harness.launchUrl('catalog'))
    await page.waitForSelector('nav')
    let refused = 0
    await page.route(USAGE_CHUNK, async (route: Route) => {
      refused += 1
      await route.abort('connectionfailed')
    })
    await page.click('nav a[data-view="usage"]')
    await page.waitForSelector('main [data-testid="chunk-error"]')
    // Refused twice: the modulepreload link and the import itself both ask for it.
    expect(refused).toBeGreaterThan(0)
    expect(await page.getAttribute('main [data-testid="chunk-error"]', 'role')).toBe('alert')
    expect(await page.innerText('main [data-testid="chunk-error"]')).toContain(
      'Không tải được Sử dụng: một phần tệp của Loa bị thiếu hoặc không đọc được.',
    )
    // The rest of the window still works: another view opens.
    await page.click('nav a[data-view="catalog"]')
    await expect.poll(() => page.textContent('main h1')).toBe('Danh mục mô hình')
    await page.click('nav a[data-view="usage"]')
    await page.waitForSelector('main [data-testid="chunk-error"]')

    await page.unroute(USAGE_CHUNK)
    await page.click('main [data-testid="chunk-error"] button')
    await expect.poll(() => page.textContent('main h1')).toBe('Sử dụng')
    expect(await page.$('[data-testid="chunk-error"]')).toBeNull()
    await page.close()
  })
})

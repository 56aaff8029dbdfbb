// A page crash in real Chromium through the browser harness, the harness's `render-process-gone`: the
// harness logs and records it and the tab is loaded again on the view it showed. The next harness start
// on the same data folder offers the report, and saving it writes the file.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crashFilePath, type CrashRecord } from '../../main/crash/crash-record'
import { pageErrorHtml } from '../../main/crash/crash-text'
import { MAX_RESTORES_PER_MINUTE } from '../../main/crash/page-crash'
import { startWebHarness, type WebHarness } from '../../main/web/harness'
import { launchChromium } from './support/browser'
import { RENDERER_DIR } from './support/harness'

let browser: Browser
let dataDir: string

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'loa-e2e-crash-'))
  // A user who has been through the welcome: the main window opens on its views.
  await writeFile(
    join(dataDir, 'settings.json'),
    JSON.stringify({ welcome: { status: 'finished', done: [] } }),
  )
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
  await rm(dataDir, { recursive: true, force: true })
})

/**
 * A harness whose crashed tab is restored in the browser context, as Electron's glue reloads a window's
 * page: Playwright refuses to drive a page after its crash, so the view opens in a fresh tab of the same
 * context (the same cookie, the same view), and `tabs` says which tab is current.
 */
async function startHarness(context: BrowserContext, tabs: Page[]): Promise<WebHarness> {
  let harness: WebHarness | null = null
  const open = async (load: (page: Page) => Promise<unknown>) => {
    const page = await context.newPage()
    tabs.push(page)
    await load(page)
  }
  harness = await startWebHarness({
    dataDir,
    rendererDir: RENDERER_DIR,
    osLocale: 'en-US',
    pages: {
      restore: (_surface, route) =>
        void open((page) => page.goto(`${harness?.origin}${harness?.scope}/#/${route}`)),
      showError: (_surface, text) => void open((page) => page.setContent(pageErrorHtml(text))),
    },
  })
  return harness
}

/** `http://127.0.0.1:…/s/…/#/usage` → `usage`. */
const routeOf = (url: string): string => url.split('#/')[1] ?? ''

describe('a page that crashes in the browser', () => {
  it('is logged, recorded and loaded again on its view; the next start offers the report and saves it', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    const tabs: Page[] = []
    const first = await startHarness(context, tabs)
    const gone: Promise<unknown>[] = []
    page.on('crash', () => {
      gone.push(first.pageGone({ surface: 'main', reason: 'crashed', route: routeOf(page.url()) }))
    })

    await page.goto(first.launchUrl('usage'))
    await page.locator('main[data-view="usage"]').waitFor()
    const cdp = await context.newCDPSession(page)
    // The renderer dies before it can answer, so the command's own promise is left alone.
    void cdp.send('Page.crash').catch(() => {})
    await expect.poll(() => gone.length, { timeout: 10_000 }).toBe(1)
    expect(await gone[0]).toBe('restored')

    await expect.poll(() => tabs.length, { timeout: 10_000 }).toBe(1)
    const restored = tabs[0] as Page
    await restored.locator('main[data-view="usage"]').waitFor({ timeout: 15_000 })
    expect(routeOf(restored.url())).toBe('usage')
    const logLines = (await readFile(join(dataDir, 'logs', 'main.1.log'), 'utf8')).split('\n')
    expect(
      logLines.some((l) => l.includes('"msg":"window page gone"') && l.includes('"route":"usage"')),
    ).toBe(true)
    const { records } = JSON.parse(await readFile(crashFilePath(dataDir), 'utf8')) as {
      records: CrashRecord[]
    }
    expect(records).toEqual([expect.objectContaining({ kind: 'renderer', message: 'main page crashed' })])
    // The page restored is this run's: the offer waits for the next start.
    expect(await restored.getByTestId('crash-offer').count()).toBe(0)
    await first.close()
    await context.close()

    const again = await browser.newContext()
    const next = await again.newPage()
    const second = await startHarness(again, [])
    try {
      await next.goto(second.launchUrl('voice'))
      const offer = next.getByTestId('crash-offer')
      await offer.waitFor()
      expect(await offer.textContent()).toContain('A Loa window closed unexpectedly last time')
      await next.getByTestId('crash-save').click()
      const saved = next.getByTestId('crash-saved')
      await saved.waitFor()
      expect(await offer.count()).toBe(0)

      expect(second.desktop.saved).toHaveLength(1)
      const path = second.desktop.saved[0] as string
      expect(await saved.textContent()).toContain(path)
      const report = JSON.parse(await readFile(path, 'utf8')) as { crashes: CrashRecord[] }
      expect(report.crashes).toEqual([
        expect.objectContaining({ kind: 'renderer', message: 'main page crashed' }),
      ])
      expect(report.crashes[0]?.lastLogLines.some((l) => l.includes('window page gone'))).toBe(true)
      const text = await readFile(path, 'utf8')
      expect(text).not.toContain(second.core.connection.endpoint().key)
      // Saved, the record is gone: the start after this one offers nothing.
      await expect(stat(crashFilePath(dataDir))).rejects.toThrow()
    } finally {
      await second.close()
      await again.close()
    }
  })

  it('gets the error page instead of a reload once it has been reloaded 3 times in a minute', async () => {
    const context = await browser.newContext()
    const tabs: Page[] = []
    const harness = await startHarness(context, tabs)
    try {
      let current = await context.newPage()
      await current.goto(harness.launchUrl('catalog'))
      const outcomes: string[] = []
      for (let i = 0; i <= MAX_RESTORES_PER_MINUTE; i++) {
        await current.locator('main[data-view="catalog"]').waitFor({ timeout: 15_000 })
        const tab = current
        const heard = new Promise<void>((resolve) =>
          tab.once('crash', () => {
            void harness
              .pageGone({ surface: 'main', reason: 'crashed', route: routeOf(tab.url()) })
              .then((outcome) => void outcomes.push(outcome))
              .finally(resolve)
          }),
        )
        void (await context.newCDPSession(tab)).send('Page.crash').catch(() => {})
        await heard
        await expect.poll(() => tabs.length, { timeout: 10_000 }).toBe(i + 1)
        current = tabs[i] as Page
      }
      expect(outcomes).toEqual(['restored', 'restored', 'restored', 'error-page'])
      await expect
        .poll(() => current.textContent('h1').catch(() => null), { timeout: 10_000 })
        .toBe("Loa's window closed unexpectedly several times")
    } finally {
      await harness.close()
      await context.close()
    }
  })
})

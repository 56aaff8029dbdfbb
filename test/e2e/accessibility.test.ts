// Every view in real Chromium, in both themes and both languages, checked by axe-core against the WCAG
// 2.1 A/AA rules and axe's landmark and heading practices. A view is checked once whatever it loads has
// answered, so the rules see the figures, tables and dialogs a user sees.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Language, ViewName } from '../../preload/contract'
import { startDemoServer } from '../../main/demo/server'
import { axeViolations, type AxeFinding } from './support/axe'
import { launchChromium } from './support/browser'
import { startTestHarness } from './support/harness'
import { until } from './support/until'

type Theme = 'light' | 'dark'

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

const VIEWS: readonly ViewName[] = ['voice', 'reader', 'usage', 'catalog', 'settings']

/** Whatever the page loads has answered (or failed) and nothing says it is still busy. */
async function settled(page: Page, what: string): Promise<void> {
  await page.waitForLoadState('networkidle')
  await until(async () => (await page.locator('[aria-busy="true"]:visible').count()) === 0, what)
}

/** Findings as lines, so a failure names each rule, where it failed and why. */
const lines = (where: string, findings: AxeFinding[]) =>
  findings.map((f) => `${where}: ${f.rule} (${f.impact ?? '?'}) at ${f.target}: ${f.summary}`)

async function check(page: Page, where: string, found: string[]): Promise<void> {
  found.push(...lines(where, await axeViolations(page)))
}

describe.each<[Theme, Language]>([
  ['light', 'vi'],
  ['dark', 'vi'],
  ['light', 'en'],
  ['dark', 'en'],
])('every view in the %s theme, in %s', (theme, language) => {
  it('has no accessibility violation', { timeout: 180_000 }, async () => {
    harness.core.settings.update({ theme, language })
    const found: string[] = []
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    try {
      await page.goto(harness.launchUrl('voice'))
      await page.waitForSelector('nav')
      expect(await page.getAttribute('html', 'data-theme')).toBe(theme)
      expect(await page.getAttribute('html', 'lang')).toBe(language)
      for (const view of VIEWS) {
        await page.click(`nav a[data-view="${view}"]`)
        await page.waitForSelector(`main[data-view="${view}"] h1`)
        await settled(page, view)
        await check(page, view, found)
      }

      // Each catalog tab has its own table; one model's detail dialog too.
      await page.click('nav a[data-view="catalog"]')
      await page.waitForSelector('[role="tab"][data-kind]')
      const kinds = await page.$$eval('[role="tab"][data-kind]', (tabs) =>
        tabs.map((t) => t.getAttribute('data-kind') ?? ''),
      )
      expect(kinds).toEqual(['text', 'image', 'video', 'embedding', 'speech', 'realtime'])
      for (const kind of kinds) {
        await page.click(`[role="tab"][data-kind="${kind}"]`)
        await page.waitForSelector(`[role="tabpanel"][data-kind="${kind}"] table tbody tr`)
        await settled(page, `catalog ${kind}`)
        await check(page, `catalog ${kind}`, found)
      }
      await page.click('[role="tab"][data-kind="text"]')
      await page.click('table[data-kind="text"] tbody tr button')
      await page.waitForSelector('[data-testid="model-dialog"] [data-source="detail"]')
      await check(page, 'catalog model dialog', found)
      await page.keyboard.press('Escape')
      await page.close()

      const popup = await browser.newPage()
      popup.on('pageerror', (e) => errors.push(e.message))
      await popup.goto(harness.launchUrl('popup'))
      await popup.getByTestId('popup-balance').waitFor()
      await settled(popup, 'popup')
      await check(popup, 'popup', found)
      await popup.close()
    } finally {
      if (!page.isClosed()) await page.close()
    }
    expect(errors).toEqual([])
    expect(found).toEqual([])
  })
})

describe('the popup of an account that may see only the catalog', () => {
  it('has no accessibility violation in either theme or language', { timeout: 120_000 }, async () => {
    const demo = await startDemoServer({ port: 0, seed: 13 })
    const reseller = await startTestHarness({
      startDemo: async () => ({
        baseUrl: demo.baseUrl,
        key: demo.keys.reseller as string,
        close: async () => {},
      }),
    })
    const found: string[] = []
    try {
      for (const [theme, language] of [
        ['light', 'vi'],
        ['dark', 'en'],
      ] as const) {
        reseller.core.settings.update({ theme, language })
        const popup = await browser.newPage()
        await popup.goto(reseller.launchUrl('popup'))
        await popup.getByTestId('account-blocked').waitFor()
        await settled(popup, 'popup')
        expect(await popup.getAttribute('html', 'data-theme')).toBe(theme)
        await check(popup, `blocked popup ${theme} ${language}`, found)
        await popup.close()
      }
    } finally {
      await reseller.close()
      await demo.close()
    }
    expect(found).toEqual([])
  })
})

describe('the first-run welcome', () => {
  it(
    'has no accessibility violation on any step, in either theme or language',
    { timeout: 120_000 },
    async () => {
      const fresh = await startTestHarness({ firstRun: true })
      const found: string[] = []
      const errors: string[] = []
      try {
        for (const [theme, language] of [
          ['light', 'vi'],
          ['dark', 'en'],
        ] as const) {
          fresh.core.settings.update({ theme, language })
          const page = await browser.newPage()
          page.on('pageerror', (e) => errors.push(e.message))
          await page.goto(fresh.launchUrl('voice'))
          const welcome = page.getByTestId('welcome')
          await welcome.waitFor()
          expect(await page.getAttribute('html', 'lang')).toBe(language)
          for (const step of ['language', 'key', 'talkKey', 'microphone', 'speaker', 'tray']) {
            expect(await welcome.getAttribute('data-step')).toBe(step)
            await settled(page, `welcome ${step}`)
            await check(page, `welcome ${step} ${theme} ${language}`, found)
            // Moving on hands the focus to the new step's heading.
            if (step !== 'tray') {
              await page.getByTestId('welcome-next').click()
              await until(
                async () =>
                  (await page.evaluate(() => document.activeElement?.id)) === 'welcome-step-heading',
                'the focus on the next step',
              )
            }
          }
          await page.close()
        }
      } finally {
        await fresh.close()
      }
      expect(errors).toEqual([])
      expect(found).toEqual([])
    },
  )
})

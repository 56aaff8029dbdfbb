// A document in the Reader end to end in Chromium, through the harness: a real sample file chosen in the
// page, its chapters and whole price shown before anything is paid, read with the sentence heard
// highlighted and moving, skipped by a sentence, then Loa closed and started again over the same profile:
// the same file opened again offers to continue where it was left, and does. Each format's sample is one
// line of DOCUMENT_SAMPLES.
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billableChars, estimateCostVnd } from '../../main/api/tts/text-count'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { extractDocument } from '../../main/documents/extract'
import { DOCUMENT_MAX_BYTES } from '../../main/documents/types'
import { startDemoServer, type DemoServer } from '../../main/demo/server'
import { sentencesOf } from '../../main/tts/document-sentences'
import { startWebHarness, type WebHarness } from '../../main/web/harness'
import { launchChromium } from './support/browser'
import { RENDERER_DIR } from './support/harness'

const FIXTURES = join(import.meta.dirname, '../fixtures/documents')

/** A real file per format, with the text its extractor must find. */
const DOCUMENT_SAMPLES: Array<{ file: string; chapters: number }> = [{ file: 'mua-thu.txt', chapters: 1 }]

let demo: DemoServer
let dataDir: string
beforeAll(async () => {
  demo = await startDemoServer({ port: 0, seed: 7, mounts: [] })
  dataDir = await mkdtemp(join(tmpdir(), 'loa-e2e-documents-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function until(pred: () => Promise<boolean>, what: string, timeoutMs = 40_000): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 50))
  }
}

/** The harness over `dataDir` (the same profile each time) and a Chromium page on the Reader. */
async function openLoa(profile = dataDir): Promise<{ harness: WebHarness; browser: Browser; page: Page }> {
  // A user who has been through the first-run welcome: the main window opens on the Reader.
  const settingsFile = join(profile, 'settings.json')
  if (!existsSync(settingsFile)) {
    await writeFile(settingsFile, JSON.stringify({ welcome: { status: 'finished', done: [] } }))
  }
  const harness = await startWebHarness({
    dataDir: profile,
    rendererDir: RENDERER_DIR,
    osLocale: 'vi-VN',
    startDemo: async () => ({
      baseUrl: demo.baseUrl,
      key: demo.keys.ordinary as string,
      close: async () => {},
    }),
  })
  await harness.core.settings.update({
    tts: { model: 'openai/tts-1', voice: 'nova', format: 'mp3', speed: 1 },
  })
  const browser = await launchChromium(['--autoplay-policy=no-user-gesture-required'])
  const page = await browser.newPage()
  await page.goto(harness.launchUrl('reader'))
  await page.getByTestId('document-open').waitFor()
  return { harness, browser, page }
}

const attr = async (page: Page, testId: string, name: string) =>
  page
    .getByTestId(testId)
    .getAttribute(name, { timeout: 1_000 })
    .catch(() => null)
const currentChunk = (page: Page) =>
  page.evaluate(() => {
    const spans = document.querySelectorAll('[data-testid="reader-chunk"][data-current="true"]')
    return [...spans].map((s) => s.getAttribute('data-index')).join(',') || null
  })

describe('documents in the Reader, in Chromium', { timeout: 180_000 }, () => {
  for (const sample of DOCUMENT_SAMPLES) {
    it(`opens ${sample.file}, reads it with the sentence highlighted, and continues from there after a restart`, async () => {
      const path = join(FIXTURES, sample.file)
      const text = (await readFile(path, 'utf8')).trim()
      const sentences = sentencesOf(text)
      let loa = await openLoa()
      let left = -1
      try {
        await loa.page.getByTestId('document-file').setInputFiles(path)
        await loa.page.getByTestId('document-name').waitFor()
        expect(await loa.page.getByTestId('document-start-chapter').count()).toBe(sample.chapters)
        // The whole price before anything is paid: characters, parts (a sentence each), time to hear.
        await until(
          async () => (await attr(loa.page, 'document-estimate', 'data-chars')) !== null,
          'the estimate',
        )
        expect(await attr(loa.page, 'document-estimate', 'data-chars')).toBe(String(billableChars(text)))
        expect(await attr(loa.page, 'document-estimate', 'data-parts')).toBe(String(sentences.length))
        expect(await loa.page.getByTestId('document-cost').innerText()).toMatch(/₫/)
        expect(await loa.page.getByTestId('document-listen').innerText()).toMatch(/^nghe khoảng \d+ giây$/)
        expect(await loa.page.getByTestId('document-continue').count()).toBe(0)

        await loa.page.getByTestId('document-read').click()
        // The sentence heard is highlighted: the span is that sentence, no more.
        const span = (i: number) => loa.page.locator(`[data-testid="reader-chunk"][data-index="${i}"]`)
        const shown = async () => Number((await currentChunk(loa.page)) ?? -1)
        await until(async () => (await shown()) >= 0, 'a sentence highlighted')
        const first = await shown()
        expect((await span(first).innerText()).trim()).toBe(sentences[first]?.trim())
        // Played on, the highlight moves to a later sentence by itself.
        await until(async () => (await shown()) > first, 'the highlight moving on')
        // Paused, then a sentence on: that sentence is where the listener stands, highlighted.
        await loa.page.getByTestId('document-pause').click()
        await until(
          async () => (await attr(loa.page, 'reader-player', 'data-state')) === 'paused',
          'the pause',
        )
        const at = Number(await attr(loa.page, 'document-at', 'data-sentence'))
        await loa.page.getByTestId('document-next-sentence').click()
        await until(async () => (await shown()) === at + 1, 'the skip')
        expect(await attr(loa.page, 'document-at', 'data-sentence')).toBe(String(at + 1))
        left = at + 1
      } finally {
        await loa.browser.close()
        await loa.harness.close()
      }

      // Loa again over the same profile: the same file offers to continue where it was left.
      loa = await openLoa()
      try {
        await loa.page.getByTestId('document-file').setInputFiles(path)
        const offer = loa.page.getByTestId('document-continue')
        await offer.waitFor()
        const words = sentences[left]?.trim().split(/\s+/).slice(0, 8).join(' ') ?? ''
        expect(await offer.innerText()).toContain(`chương 1 (${sample.file})`)
        expect(await offer.innerText()).toContain(`“${words}`)
        await offer.click()
        await until(async () => (await currentChunk(loa.page)) === '0', 'the continued reading')
        expect(await attr(loa.page, 'document-at', 'data-sentence')).toBe(String(left))
        const heard = loa.page.locator('[data-testid="reader-chunk"][data-index="0"]')
        expect((await heard.innerText()).trim()).toBe(sentences[left]?.trim())
      } finally {
        await loa.browser.close()
        await loa.harness.close()
      }
    })
  }

  it('opens each format from its sample: the chapters by their headings, the price of their text; refusals say why', async () => {
    const loa = await openLoa(await mkdtemp(join(dataDir, 'formats-')))
    const titles = () => loa.page.locator('[data-testid="document-chapters"] .chapter-title').allInnerTexts()
    try {
      for (const name of ['sample.md', 'sample.html', 'sample.pdf', 'sample.epub', 'sample.docx']) {
        const path = join(FIXTURES, name)
        const doc = await extractDocument({ name, bytes: await readFile(path) })
        const text = doc.chapters.map((c) => sentencesOf(c.text).join('')).join('\n\n')
        await loa.page.getByTestId('document-file').setInputFiles(path)
        // Its chapters by their headings, in reading order.
        const expected = doc.chapters.map((c) => c.title)
        await until(
          async () => JSON.stringify((await titles()).map((t) => t.trim())) === JSON.stringify(expected),
          `${name}: the chapters ${expected.join(' / ')}`,
        )
        await until(
          async () =>
            (await attr(loa.page, 'document-estimate', 'data-chars')) === String(billableChars(text)),
          `${name}: the estimate of its ${billableChars(text)} characters`,
        )
      }
      for (const [name, code] of [
        ['scanned.pdf', 'document_no_text_layer'],
        ['encrypted.pdf', 'document_encrypted'],
        ['corrupt.docx', 'document_corrupt'],
      ] as const) {
        await loa.page.getByTestId('document-file').setInputFiles(join(FIXTURES, name))
        const error = loa.page.getByTestId('document-error')
        await until(
          async () => (await error.getAttribute('data-code', { timeout: 1_000 }).catch(() => null)) === code,
          `${name} refused`,
        )
        // The document open before stays open.
        expect(await titles()).toHaveLength(2)
      }
    } finally {
      await loa.browser.close()
      await loa.harness.close()
    }
  })

  it('stops before the spending limit set for the document, says so, and refuses a file over the size limit', async () => {
    const path = join(FIXTURES, 'mua-thu.txt')
    const sentences = sentencesOf((await readFile(path, 'utf8')).trim())
    const loa = await openLoa(await mkdtemp(join(dataDir, 'limit-')))
    try {
      const account = demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
      const charges = () => demo.context.ledger.records(account).filter((r) => r.model === 'openai/tts-1')
      const price =
        (await loa.harness.core.reader.models()).models.find((m) => m.id === 'openai/tts-1')
          ?.unitPriceVndPer1M ?? null
      const cost = (i: number) => estimateCostVnd(sentences[i] ?? '', price) as number
      // Room for two sentences and half the third: the third is never asked for.
      const limitVnd = Math.floor(cost(0) + cost(1) + cost(2) / 2)
      await loa.page.getByTestId('document-file').setInputFiles(path)
      await loa.page.getByTestId('document-name').waitFor()
      await loa.page.getByTestId('document-limit').fill(String(limitVnd))
      await loa.page.getByTestId('document-limit').blur()
      const before = charges().length
      await loa.page.getByTestId('document-read').click()
      const reached = loa.page.getByTestId('document-limit-reached')
      await reached.waitFor({ timeout: 40_000 })
      expect(await reached.innerText()).toMatch(
        /^Đã dừng trước khi vượt hạn mức [\d.]+\s₫ của tài liệu này\./,
      )
      const paid = charges().slice(before)
      expect(paid).toHaveLength(2)
      expect(paid.reduce((n, r) => n + r.costVND, 0)).toBeLessThanOrEqual(limitVnd)

      // A file over the size limit is refused on its first part, with the limit, and the document stays.
      const big = join(dataDir, 'big.txt')
      await truncate(big, DOCUMENT_MAX_BYTES + 1).catch(async () => {
        await writeFile(big, '')
        await truncate(big, DOCUMENT_MAX_BYTES + 1)
      })
      await loa.page.getByTestId('document-file').setInputFiles(big)
      const error = loa.page.getByTestId('document-error')
      await error.waitFor({ timeout: 40_000 })
      expect(await error.getAttribute('data-code')).toBe('document_too_large')
      expect(await error.innerText()).toContain('50 MB')
      expect(await loa.page.getByTestId('document-name').innerText()).toBe('mua-thu.txt')
    } finally {
      await loa.browser.close()
      await loa.harness.close()
    }
  })
})

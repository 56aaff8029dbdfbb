// axe-core run inside a Chromium page: the WCAG 2.1 A and AA rules, plus axe's best practices for
// landmarks and headings, which is how a screen reader user finds their way around a view.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { AxeResults, RunOptions } from 'axe-core'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] as const

/** One failing element of one rule, in words a failed test can print. */
export interface AxeFinding {
  rule: string
  impact: string | null
  target: string
  summary: string
}

/**
 * Every violation on the page as it stands. The script goes in through the DevTools protocol, which the
 * page's Content-Security-Policy does not govern, so the app's own policy stays as it ships.
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Colours read mid-transition (a theme just changed, a button just let go) are neither theme's.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  )
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  const options: RunOptions = { runOnly: { type: 'tag', values: [...AXE_TAGS] }, resultTypes: ['violations'] }
  const results = await page.evaluate(
    (opts) =>
      (window as unknown as { axe: { run(c: Document, o: object): Promise<AxeResults> } }).axe.run(
        document,
        opts,
      ),
    options,
  )
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => ({
      rule: v.id,
      impact: n.impact ?? null,
      target: n.target.map(String).join(' '),
      summary: (n.failureSummary ?? v.help).replace(/\s+/g, ' ').trim(),
    })),
  )
}

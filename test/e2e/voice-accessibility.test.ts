// The Voice view with a conversation on it, in real Chromium: Enter on the focused talk button holds the
// talk key like the space bar (the microphone is a WAV made by espeak-ng), and axe-core finds no
// violation among the captions, the cost meter and the session's details, live and after the end, in
// both themes and both languages.
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import type { Language } from '../../preload/contract'
import { axeViolations } from './support/axe'
import { status, until, voicePages, type VoicePage } from './support/voice-page'

const pages = voicePages()

const LOOKS: readonly (readonly ['light' | 'dark', Language])[] = [
  ['light', 'vi'],
  ['dark', 'vi'],
  ['light', 'en'],
  ['dark', 'en'],
]

/** Each look in turn, applied through the settings as the user would; every finding, named. */
async function violationsInEveryLook(p: VoicePage, page: Page, where: string): Promise<string[]> {
  const found: string[] = []
  for (const [theme, language] of LOOKS) {
    p.harness.core.settings.update({ theme, language })
    await expect.poll(() => page.getAttribute('html', 'data-theme')).toBe(theme)
    await expect.poll(() => page.getAttribute('html', 'lang')).toBe(language)
    await until(async () => (await page.locator('[aria-busy="true"]:visible').count()) === 0, 'captions')
    for (const f of await axeViolations(page)) {
      found.push(`${where} ${theme} ${language}: ${f.rule} (${f.impact ?? '?'}) at ${f.target}: ${f.summary}`)
    }
  }
  return found
}

describe('the Voice view with a conversation', () => {
  it('talks with Enter on the talk button and passes axe live and after the end', async () => {
    const p = await pages.open(
      { model: 'openai/gpt-realtime' },
      {
        echoCancellation: false,
        noiseSuppression: false,
        autoGainControl: false,
      },
    )
    const { page } = p
    const talk = page.getByTestId('talk-button')
    await talk.focus()
    await page.keyboard.down('Enter')
    await expect.poll(() => talk.getAttribute('aria-pressed')).toBe('true')
    await until(() => status(p).session !== null, 'a session')
    const sessionId = status(p).session?.id as string
    // Long enough for the microphone's words to reach the service as a turn.
    await until(
      () => (p.realtime.getSessionDebug(sessionId)?.audio.receivedSamples ?? 0) > 16_000 * 1.5,
      'the microphone to stream',
    )
    await page.keyboard.up('Enter')
    await expect.poll(() => talk.getAttribute('aria-pressed')).toBe('false')
    await until(
      () => (p.realtime.getSessionDebug(sessionId)?.audio.committedTurns.length ?? 0) === 1,
      'a turn',
    )
    await page.locator('[data-testid="voice-line"][data-role="assistant"]').first().waitFor()
    await page.locator('[data-testid="voice-line"][data-role="user"]').first().waitFor()
    await until(() => status(p).state === 'ready', 'the answer to end', 30_000)
    // Enter's own click did not press a second time: one turn, one user line.
    expect(p.realtime.getSessionDebug(sessionId)?.audio.committedTurns).toHaveLength(1)
    expect(await page.locator('[data-testid="voice-line"][data-role="user"]').count()).toBe(1)

    const live = await violationsInEveryLook(p, page, 'live')

    await page.getByTestId('voice-end').click()
    await until(() => status(p).session === null, 'the conversation to end')
    await page.locator('ol.previous').waitFor()
    const ended = await violationsInEveryLook(p, page, 'ended')

    expect([...live, ...ended]).toEqual([])
  })
})

// A typed question in Chromium through the harness: the Voice view's text box sends it, main runs the
// demo model's call of get_balance through the app's own management client, and the tool's card appears
// in the captions with the wallet's figure, before the spoken answer that quotes it.
import { describe, expect, it } from 'vitest'
import { status, until, voicePages } from './support/voice-page'

const pages = voicePages()

describe('a typed turn in Chromium', () => {
  it('asks for the balance: the tool card shows the wallet, then the answer quotes it', async () => {
    const p = await pages.open({ model: 'google/gemini-live-2.5-flash' })
    const box = p.page.getByTestId('voice-typed').locator('input')
    await box.fill('What is my balance?')
    await box.press('Enter')

    const card = p.page.locator('[data-testid="voice-tool-card"][data-tool="get_balance"][data-state="done"]')
    await card.waitFor({ timeout: 30_000 })
    const state = (await (await fetch(`${p.demo.baseUrl}/__demo/state`)).json()) as {
      accounts: { key: string; wallet: { totalVND: number } }[]
    }
    const wallet = state.accounts.find((a) => a.key === 'ordinary')?.wallet.totalVND as number
    const shown = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'VND',
      maximumFractionDigits: 0,
    })
    expect((await card.textContent())?.replace(/\s+/g, ' ').trim()).toBe(
      `Checked the balance: ${shown.format(wallet).replace(/\s+/g, ' ')}`,
    )
    expect(await box.inputValue()).toBe('')

    // The user's line, the card, then the answer, in that order.
    const line = p.page.locator('[data-testid="voice-line"]')
    await p.page
      .locator('[data-testid="voice-line"][data-role="assistant"]')
      .first()
      .waitFor({ timeout: 30_000 })
    expect(await line.evaluateAll((ls) => ls.map((l) => l.getAttribute('data-role')))).toEqual([
      'user',
      'tool',
      'assistant',
    ])
    expect(await line.first().textContent()).toContain('What is my balance?')
    await until(() => status(p).state === 'ready', 'the answer to end', 60_000)
    const answer = p.harness.core.voice.snapshot().lines.find((l) => l.role === 'assistant')
    expect(answer?.text).toContain(`"balanceVnd":${wallet}`)
  })
})

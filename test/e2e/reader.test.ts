// The Reader end to end in Chromium: Vietnamese text typed into the page, the estimate shown before
// anything is sent, the reading started, and its first chunk playing through Web Audio while the service
// is still holding the later ones. Then the rest arrives and plays on, each chunk charged once, and the
// reading saves as one mp3 as long as its chunks together.
import { readFile } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { billableChars, estimateCostVnd } from '../../main/api/tts/text-count'
import type { SeededAccount } from '../../main/demo/accounts/directory'
import { durationMs } from '../../main/tts/audio-join'
import { openReaderPage, type ReaderPage } from './support/reader-page'

const MODEL = 'openai/tts-1'

let r: ReaderPage | null = null
afterEach(async () => {
  await r?.close()
  r = null
})

async function until(
  pred: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const end = Date.now() + timeoutMs
  while (!(await pred())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((res) => setTimeout(res, 25))
  }
}

function vietnameseText(): string {
  const sentences = [
    'Hà Nội mùa thu đẹp lắm, lá vàng rơi khắp các con phố nhỏ.',
    'Buổi sáng, người dân tập thể dục quanh hồ Hoàn Kiếm.',
    'Những gánh hàng rong mang theo hương cốm mới thơm dịu.',
    'Chiều về, ánh nắng nhạt dần trên mái ngói rêu phong.',
  ]
  let text = ''
  for (let i = 0; text.length < 1_400; i++) text += `${sentences[i % sentences.length]} `
  // Combining marks as well as composed ones: both count once.
  return `${text.trim()} Cuối cùng, chúc các bạn một ngày vui vẻ 🌸.`.normalize('NFD')
}

describe('the Reader in Chromium', () => {
  it('shows the price first, plays the first chunk while later ones are still being made, and saves one file', async () => {
    r = await openReaderPage()
    const p = r
    const text = vietnameseText()
    const account = p.demo.context.accounts.find((a) => a.label === 'ordinary') as SeededAccount
    const ledger = () => p.demo.context.ledger.records(account).filter((rec) => rec.model === MODEL)
    const before = ledger().length

    // Held back with nothing to read, Read stays reachable and points at the visible reason.
    const read = p.page.getByTestId('reader-read')
    await until(async () => (await read.getAttribute('aria-disabled')) === 'true', 'Read held back')
    const why = await read.getAttribute('aria-describedby')
    expect(await p.page.locator(`#${why}`).innerText()).toBe('Chưa có văn bản để đọc.')
    expect(await p.page.locator(`#${why}`).isVisible()).toBe(true)
    await read.focus()
    expect(await p.page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe(
      'reader-read',
    )

    // The models come in groups, each priced per 1,000 characters.
    const groups = await p.page
      .getByTestId('reader-model')
      .locator('optgroup')
      .evaluateAll((gs) => gs.map((g) => (g as HTMLOptGroupElement).label))
    expect(groups.slice(0, 2)).toEqual(['Miễn phí', 'Đọc được tiếng Việt · rẻ nhất trước'])
    expect(await p.page.getByTestId('reader-model').locator('option:checked').innerText()).toMatch(
      /^.+ \(openai\) — [\d.,]+\s₫ \/ 1\.000 ký tự$/,
    )

    await p.page.getByTestId('reader-text').fill(text)
    const estimate = p.page.getByTestId('reader-estimate')
    const chars = billableChars(text)
    await until(async () => (await estimate.getAttribute('data-chars')) === String(chars), 'the estimate')
    const price =
      (await p.harness.core.reader.models()).models.find((m) => m.id === MODEL)?.unitPriceVndPer1M ?? 0
    const expected = estimateCostVnd(text, price) as number
    expect(Number(await estimate.getAttribute('data-cost-vnd'))).toBeCloseTo(expected, 2)
    // Nothing was sent for the estimate.
    expect(p.gate.requests).toBe(0)

    await read.click()
    const player = p.page.getByTestId('reader-player')
    const progress = p.page.getByTestId('reader-progress')
    await until(
      async () => Number(await player.getAttribute('data-played-ms')) > 300,
      'the first chunk to play',
    )
    // Heard while the service still holds the later chunks.
    expect(await player.getAttribute('data-state')).toBe('playing')
    expect(p.gate.held).toBeGreaterThan(0)
    const done = Number(await progress.getAttribute('data-done'))
    const count = Number(await progress.getAttribute('data-count'))
    expect(done).toBe(1)
    expect(count).toBeGreaterThan(2)
    expect(
      await p.page.locator('[data-testid="reader-chunk"][data-current="true"]').getAttribute('data-index'),
    ).toBe('0')

    // During the reading the button is Stop: no second paid reading can be started.
    expect(await p.page.getByTestId('reader-read').count()).toBe(0)
    expect(await p.page.getByTestId('reader-stop').innerText()).toBe('Dừng đọc')

    // Saved now, the file holds the first chunk only, and both its name and the message say so.
    const saveNow = p.page.getByTestId('reader-save')
    expect(await saveNow.innerText()).toBe(`Lưu phần 1–1 trên ${count}`)
    await saveNow.click()
    await until(() => p.harness.desktop.saved.length === 1, 'the partial file')
    const partialPath = p.harness.desktop.saved[0] as string
    expect(partialPath).toMatch(new RegExp(`\\(partial, parts 1-1 of ${count}\\)\\.mp3$`))
    const said = p.page.getByTestId('reader-saved')
    await said.waitFor()
    expect(await said.innerText()).toContain('Đã lưu một phần bài đọc')
    expect(await said.innerText()).toContain(`phần 1–1 trên ${count}`)

    p.gate.open()
    await until(async () => (await progress.getAttribute('data-done')) === String(count), 'every chunk')
    await until(() => ledger().length - before === count, 'every charge')
    expect(ledger().length - before).toBe(count)
    const spent = p.harness.core.reader.snapshot().reading?.spentVnd ?? 0
    expect(spent).toBeCloseTo(expected, 0)

    // Playback runs on from the first chunk into the second, which arrived while the first played.
    const reading0 = p.harness.core.reader.snapshot().reading
    const firstMs = durationMs(
      Buffer.from(p.harness.core.reader.audio(reading0?.id as string, 0).data, 'base64'),
      'mp3',
    )
    await until(
      async () => Number(await player.getAttribute('data-played-ms')) > firstMs + 500,
      'playback past the first chunk',
      firstMs + 20_000,
    )
    expect(
      await p.page.locator('[data-testid="reader-chunk"][data-current="true"]').getAttribute('data-index'),
    ).toBe('1')

    await p.page.getByTestId('reader-save').click()
    await until(() => p.harness.desktop.saved.length === 2, 'the saved file')
    expect(p.harness.desktop.saved[1]).not.toMatch(/partial/)
    expect(await p.page.getByTestId('reader-saved').innerText()).toMatch(/^Đã lưu vào /)
    const saved = await readFile(p.harness.desktop.saved[1] as string)
    const reading = p.harness.core.reader.snapshot().reading
    const parts = (reading?.chunks ?? []).map((c) =>
      durationMs(
        Buffer.from(p.harness.core.reader.audio(reading?.id as string, c.index).data, 'base64'),
        'mp3',
      ),
    )
    expect(durationMs(saved, 'mp3')).toBeCloseTo(
      parts.reduce((a, b) => a + b, 0),
      -2,
    )
    await p.page.getByTestId('reader-history-item').first().waitFor()
  })

  it('counts down a 429’s wait on screen while the reading is held back, and drops it once it goes through', async () => {
    // No chunk is held at the gate: only the service's 429 holds the reading back.
    r = await openReaderPage({}, 1_000)
    const p = r
    await p.page.getByTestId('reader-text').fill('Xin chào, đây là một câu ngắn.')
    const estimate = p.page.getByTestId('reader-estimate')
    await until(async () => (await estimate.getAttribute('data-chars')) !== null, 'the estimate')
    p.demo.faults.rateLimitBurst = { count: 1, retryAfterSec: 4 }
    await p.page.getByTestId('reader-read').click()
    const wait = p.page.getByTestId('reader-reading-wait')
    await wait.waitFor()
    expect(await wait.getAttribute('data-reason')).toBe('rate_limit')
    expect(await wait.innerText()).toMatch(/^Dịch vụ giới hạn tốc độ, thử lại sau [1-4] giây\.$/)
    const progress = p.page.getByTestId('reader-progress')
    await until(async () => (await progress.getAttribute('data-state')) === 'done', 'the reading', 60_000)
    expect(await wait.count()).toBe(0)
    expect(p.harness.core.reader.snapshot().reading?.chunksDone).toBe(1)
  })
})

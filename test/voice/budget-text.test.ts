// The daily budget's desktop notice in both languages: nearly used or used up, the amounts in the
// language's own format, "at least" where part of the day's spending could not be read, and what to do.
import { describe, expect, it } from 'vitest'
import { budgetNoticeText } from '../../main/voice/budget-text'

const plain = (t: { title: string; body: string }) => ({
  title: t.title,
  body: t.body.replace(/[\u00a0\u202f]/g, ' '),
})

describe('the daily budget notice', () => {
  it('at 80 %, in Vietnamese and English', () => {
    expect(plain(budgetNoticeText('vi', 82_000, 100_000, false))).toEqual({
      title: 'Sắp hết ngân sách trò chuyện hôm nay',
      body: 'Hôm nay đã chi 82.000 ₫ trên 100.000 ₫ cho trò chuyện giọng nói. Khi hết ngân sách, Loa sẽ hỏi trước khi mở cuộc trò chuyện mới.',
    })
    expect(plain(budgetNoticeText('en', 82_000, 100_000, false)).body).toBe(
      '₫82,000 of ₫100,000 spent on voice chat today. Once it is used up, Loa asks before opening a new conversation.',
    )
  })

  it('used up, with a floor, says "at least" and what to do next', () => {
    const vi = plain(budgetNoticeText('vi', 100_500, 100_000, true))
    expect(vi.title).toBe('Đã hết ngân sách trò chuyện hôm nay')
    expect(vi.body).toContain('Hôm nay đã chi ít nhất 100.500 ₫ trên 100.000 ₫')
    expect(vi.body).toContain('"Vẫn tiếp tục hôm nay"')
    const en = plain(budgetNoticeText('en', 100_500, 100_000, true))
    expect(en.title).toBe("Today's voice budget is used up")
    expect(en.body).toMatch(/^At least ₫100,500 of ₫100,000 spent/)
    expect(en.body).toContain('"Continue anyway today" in the Voice window, or raise the budget in Settings.')
  })
})

// The words of the daily budget's desktop notice, shown by main so it reaches the user while every window
// is hidden. A total that is only partly known reads "at least".
import type { Language } from '../../preload/contract'
import { formatVndFor } from '../account/alert-text'

export function budgetNoticeText(lang: Language, spentVnd: number, budgetVnd: number, atLeast: boolean) {
  const spent = formatVndFor(lang, spentVnd)
  const budget = formatVndFor(lang, budgetVnd)
  const over = spentVnd >= budgetVnd
  if (lang === 'vi')
    return {
      title: over ? 'Đã hết ngân sách trò chuyện hôm nay' : 'Sắp hết ngân sách trò chuyện hôm nay',
      body:
        `Hôm nay đã chi ${atLeast ? 'ít nhất ' : ''}${spent} trên ${budget} cho trò chuyện giọng nói. ` +
        (over
          ? 'Cuộc trò chuyện mới sẽ chờ bạn chọn "Vẫn tiếp tục hôm nay" trong cửa sổ Trò chuyện, hoặc tăng ngân sách trong Cài đặt.'
          : 'Khi hết ngân sách, Loa sẽ hỏi trước khi mở cuộc trò chuyện mới.'),
    }
  return {
    title: over ? "Today's voice budget is used up" : "Today's voice budget is nearly used",
    body:
      `${atLeast ? 'At least ' : ''}${spent} of ${budget} spent on voice chat today. ` +
      (over
        ? 'A new conversation waits until you choose "Continue anyway today" in the Voice window, or raise the budget in Settings.'
        : 'Once it is used up, Loa asks before opening a new conversation.'),
  }
}

// The words of the read-selection key's desktop notifications: shown by main, so they reach the user
// while every window is hidden.
import type { Language } from '../../preload/contract'

export interface NoticeText {
  title: string
  body: string
}

export function nothingSelectedText(lang: Language): NoticeText {
  return lang === 'vi'
    ? {
        title: 'Chưa có văn bản để đọc',
        body: 'Hãy bôi đen (hoặc sao chép) một đoạn văn bản rồi nhấn lại phím đọc.',
      }
    : { title: 'Nothing to read', body: 'Highlight (or copy) some text, then press the read key again.' }
}

export function readSelectionFailedText(lang: Language, message: string): NoticeText {
  return {
    title: lang === 'vi' ? 'Không đọc được đoạn đã chọn' : 'Could not read the selection',
    body: message,
  }
}

/** Said before the reading is paid for: the user can stop it and pick a Vietnamese model in the Reader. */
export function poorVietnameseText(lang: Language, model: string): NoticeText {
  return lang === 'vi'
    ? {
        title: 'Mô hình này đọc tiếng Việt kém',
        body: `${model} chỉ có giọng tiếng Anh và sẽ phát âm sai tiếng Việt. Hãy chọn mô hình đọc được tiếng Việt trong Đọc văn bản.`,
      }
    : {
        title: 'This model reads Vietnamese poorly',
        body: `${model} has English voices only and will mispronounce Vietnamese. Pick a Vietnamese-capable model in the Reader.`,
      }
}

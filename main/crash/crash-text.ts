// The words of the page shown in a window whose page keeps dying: main shows it, because the renderer
// and its dictionary are what failed.
import type { Language } from '../../preload/contract'

export interface PageErrorText {
  lang: Language
  title: string
  body: string
}

const TEXT: Record<Language, Omit<PageErrorText, 'lang'>> = {
  vi: {
    title: 'Cửa sổ của Loa bị đóng bất thường nhiều lần',
    body:
      'Loa đã thử mở lại cửa sổ này vài lần trong một phút và đã dừng lại. Hãy thoát Loa từ biểu tượng ở khay hệ thống rồi mở lại. ' +
      'Lần mở sau, Loa sẽ đề nghị lưu một báo cáo sự cố để gửi bộ phận hỗ trợ; báo cáo chỉ được lưu trên máy của bạn.',
  },
  en: {
    title: "Loa's window closed unexpectedly several times",
    body:
      'Loa reopened this window a few times within a minute and has stopped trying. Quit Loa from its tray icon and start it again. ' +
      'At the next start Loa offers to save a crash report you can send to support; the report stays on your computer.',
  },
}

export function pageErrorText(language: Language): PageErrorText {
  return { lang: language, ...TEXT[language] }
}

/** The error page as a self-contained document: no script, nothing loaded from anywhere. */
export function pageErrorHtml(text: PageErrorText): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  return `<!doctype html><html lang="${text.lang}"><head><meta charset="utf-8"><title>${esc(text.title)}</title></head><body style="font-family:system-ui,sans-serif;margin:2rem;max-width:40rem"><h1 style="font-size:1.25rem">${esc(text.title)}</h1><p>${esc(text.body)}</p></body></html>`
}

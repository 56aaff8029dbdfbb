// The tray menu's own small dictionary: main cannot use the renderer's i18n bundle, and the menu needs only these.
import type { Language } from '../../preload/contract'

export type TrayLabelKey =
  'tooltip' | 'open' | 'voice' | 'reader' | 'usage' | 'settings' | 'quit' | 'restartToUpdate' | 'updateWaits'

export const TRAY_LABELS: Readonly<Record<Language, Readonly<Record<TrayLabelKey, string>>>> = {
  vi: {
    tooltip: 'Loa',
    open: 'Mở Loa',
    voice: 'Trò chuyện',
    reader: 'Đọc văn bản',
    usage: 'Sử dụng',
    settings: 'Cài đặt',
    quit: 'Thoát',
    restartToUpdate: 'Khởi động lại để cập nhật ({version})',
    updateWaits: 'Sẽ khởi động lại để cập nhật khi xong cuộc trò chuyện hoặc bài đọc',
  },
  en: {
    tooltip: 'Loa',
    open: 'Open Loa',
    voice: 'Voice',
    reader: 'Reader',
    usage: 'Usage',
    settings: 'Settings',
    quit: 'Quit',
    restartToUpdate: 'Restart to update ({version})',
    updateWaits: 'Restarts to update when the conversation or reading ends',
  },
}

export function trayLabels(lang: Language): Readonly<Record<TrayLabelKey, string>> {
  return TRAY_LABELS[lang]
}

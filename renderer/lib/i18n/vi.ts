// Vietnamese: the first language of Loa's users, and the source every other dictionary must match.
// Each area's strings live in sections/ and are spread in here.
import { accountVi } from './sections/account.vi'
import { audioVi } from './sections/audio.vi'
import { catalogVi } from './sections/catalog.vi'
import { errorVi } from './sections/error.vi'
import { hotkeyVi } from './sections/hotkey.vi'
import { documentVi } from './sections/document.vi'
import { readerVi } from './sections/reader.vi'
import { usageModelVi } from './sections/usage-model.vi'
import { supportVi } from './sections/support.vi'
import { updateVi } from './sections/update.vi'
import { spendingVi } from './sections/spending.vi'
import { voiceVi } from './sections/voice.vi'
import { voiceToolsVi } from './sections/voice-tools.vi'
import { welcomeVi } from './sections/welcome.vi'

/** The views' names: the nav, each view's title and the popup's buttons all read them from here. */
const VIEW_NAMES = {
  voice: 'Trò chuyện',
  reader: 'Đọc văn bản',
  usage: 'Sử dụng',
  catalog: 'Danh mục mô hình',
  settings: 'Cài đặt',
} as const

export const vi = {
  ...accountVi,
  ...catalogVi,
  ...audioVi,
  ...errorVi,
  ...hotkeyVi,
  ...voiceVi,
  ...welcomeVi,
  ...voiceToolsVi,
  ...readerVi,
  ...documentVi,
  ...usageModelVi,
  ...supportVi,
  ...spendingVi,
  ...updateVi,
  'app.name': 'Loa',
  'app.demo': 'Demo',
  'app.demoHint': 'Đang dùng dịch vụ demo tích hợp. Thêm khóa API trong Cài đặt để dùng tài khoản của bạn.',
  'app.loading': 'Đang tải…',
  'app.chunkLoading': 'Đang tải {view}…',
  'app.chunkFailed': 'Không tải được {view}: một phần tệp của Loa bị thiếu hoặc không đọc được.',
  'app.chunkFailedNext': 'Hãy thử lại. Nếu vẫn không được, hãy khởi động lại hoặc cài lại Loa.',
  'app.chunkRetry': 'Thử lại',
  'app.popupName': 'Bảng tóm tắt',

  'nav.label': 'Điều hướng',
  'nav.voice': VIEW_NAMES.voice,
  'nav.reader': VIEW_NAMES.reader,
  'nav.usage': VIEW_NAMES.usage,
  'nav.catalog': VIEW_NAMES.catalog,
  'nav.settings': VIEW_NAMES.settings,

  'view.voice.title': VIEW_NAMES.voice,
  'view.voice.intro': 'Giữ {key} ở bất cứ đâu, nói, rồi thả ra. Loa trả lời bằng giọng nói.',
  'view.voice.introToggle':
    'Nhấn {key} ở bất cứ đâu để bắt đầu nói, nhấn lần nữa để dừng. Loa trả lời bằng giọng nói.',
  'view.voice.introKeyIdle':
    'Phím nói {key} chưa dùng được trên máy này (xem Cài đặt): giữ nút nói bên dưới. Loa trả lời bằng giọng nói.',
  'view.voice.introNoKey':
    'Chưa đặt phím nói: đặt trong Cài đặt, hoặc giữ nút nói bên dưới. Loa trả lời bằng giọng nói.',
  'view.reader.title': VIEW_NAMES.reader,
  'view.reader.intro': 'Dán hoặc chọn văn bản, xem chi phí trước, rồi nghe.',
  'view.usage.title': VIEW_NAMES.usage,
  'view.usage.intro': 'Biểu đồ chi phí và token theo ngày và theo mô hình.',
  'view.catalog.title': VIEW_NAMES.catalog,
  'view.catalog.intro': 'Các mô hình và giá theo gói của bạn.',
  'view.settings.title': VIEW_NAMES.settings,

  'popup.balance': 'Số dư',
  'popup.quit': 'Thoát',

  'settings.section.account': 'Tài khoản',
  'settings.section.appearance': 'Giao diện',
  'settings.section.behaviour': 'Hoạt động',
  'settings.section.voice': VIEW_NAMES.voice,
  'settings.voiceTransport': 'Đường truyền âm thanh',
  'settings.voiceTransport.auto': 'Tự động (mặc định của từng mô hình)',
  'settings.voiceTransport.websocket': 'WebSocket (âm thanh đi qua Loa)',
  'settings.voiceTransport.webrtc': 'WebRTC (âm thanh đi thẳng tới dịch vụ)',
  'settings.voiceTransport.hint': 'Áp dụng từ cuộc trò chuyện sau.',
  'settings.voiceSessionLength': 'Thời lượng phiên',
  'settings.voiceSessionLength.default': 'Mặc định của dịch vụ (30 phút)',
  'settings.voiceSessionLength.minutes': '{n} phút',
  'settings.voiceSessionLength.hours': '{n} giờ',
  'settings.voiceSessionLength.hint':
    'Dịch vụ kết thúc phiên sau khoảng thời gian này. Không vượt mức tối đa của từng mô hình: 60 phút với Model R và R-mini, 24 giờ với Model L. Áp dụng từ cuộc trò chuyện sau.',
  'settings.baseUrl': 'Địa chỉ cổng API',
  'settings.baseUrlPlaceholder': 'https://…',
  'settings.key': 'Khóa API',
  'settings.keyPlaceholder': 'Dán khóa API của bạn',
  'settings.baseUrlHint':
    'Địa chỉ gốc (base URL) của dịch vụ: bắt đầu bằng https://, không kèm /v1 ở cuối (Loa tự thêm).',
  'settings.keyHint':
    'Khóa API thường bắt đầu bằng sk-. Tạo khóa trên trang web của dịch vụ, mục khóa API (API keys), rồi dán cả khóa vào đây.',
  'settings.keySave': 'Kiểm tra và lưu',
  'settings.keySaving': 'Đang kiểm tra…',
  'settings.keyClear': 'Xóa khóa',
  'settings.keySaved': 'Đã lưu khóa kết thúc bằng …{hint}.',
  'settings.keyNone': 'Chưa có khóa: Loa đang chạy với dịch vụ demo.',
  'settings.baseUrlRefused':
    'Địa chỉ cổng API đã lưu {baseUrl} không được dùng, và khóa của bạn không được gửi đi đâu: {reason} Loa chạy với dịch vụ demo cho đến khi bạn lưu một địa chỉ an toàn.',
  'settings.keyStored.keychain': 'Khóa được giữ trong kho khóa của hệ thống.',
  'settings.keyStored.encrypted-file': 'Khóa được mã hóa bằng kho bảo mật của hệ điều hành.',
  'settings.keyStored.memory': 'Khóa chỉ được giữ đến khi thoát Loa.',
  'settings.language': 'Ngôn ngữ',
  'settings.language.system': 'Theo hệ thống',
  'settings.language.vi': 'Tiếng Việt',
  'settings.language.en': 'English',
  'settings.theme': 'Chủ đề',
  'settings.theme.system': 'Theo hệ thống',
  'settings.theme.light': 'Sáng',
  'settings.theme.dark': 'Tối',
  'settings.lowBalance': 'Cảnh báo khi số dư dưới (₫)',
  'settings.refreshInterval': 'Làm mới mỗi (giây)',
  'settings.launchAtLogin': 'Mở Loa khi đăng nhập',
  'settings.saved': 'Đã lưu.',

  'keyStorage.noKeyring':
    'Không có kho khóa hệ thống, nên khóa chỉ được giữ đến khi thoát Loa. Cài và mở khóa một kho khóa (ví dụ GNOME Keyring hoặc KWallet) để giữ lâu dài.',
  'keyStorage.noSafeStorage':
    'Hệ thống không có nơi an toàn để lưu bí mật, nên khóa chỉ được giữ đến khi thoát Loa.',

  'notice.settingsRestored':
    'Tệp cài đặt bị hỏng ({reason}). Loa đã khôi phục mặc định và giữ bản cũ tại {path}.',
  'notice.dismiss': 'Đóng',
} as const

export type MessageKey = keyof typeof vi

// What the checks say, in the two languages Loa speaks. The hints name what the user can do next.
import type { Language } from '../../preload/contract'

export interface CheckText {
  notChecked: string
  noBaseUrl: string
  noBaseUrlHint: string
  reachable(host: string, status: number): string
  unreachable(host: string, why: string): string
  unreachableHint: string
  noKey: string
  noKeyHint: string
  keyOk: string
  keyRefused: string
  keyRefusedHint: string
  locked: string
  lockedHint: string
  keyUnchecked(why: string): string
  tryAgainHint: string
  noDate: string
  clockOk(skewS: number): string
  clockOff(skewS: number): string
  clockHint: string
  keychainOk(backend: string): string
  keychainBad(problem: string | null): string
  keychainHint: string
}

const en: CheckText = {
  notChecked: 'not checked: the gateway could not be asked.',
  noBaseUrl: 'no gateway address was given or saved.',
  noBaseUrlHint: "Give the gateway address: --base-url URL, LOA_BASE_URL, or save it in the app's Settings.",
  reachable: (host, status) => `${host} answered (HTTP ${status}).`,
  unreachable: (host, why) => `${host} did not answer: ${why}`,
  unreachableHint: 'Check the gateway address and the network connection, then try again.',
  noKey: 'no API key was given or saved.',
  noKeyHint: "Give a key: run 'loa login', set LOA_API_KEY, or save it in the app's Settings.",
  keyOk: 'the service accepts the key.',
  keyRefused: 'the service refused the key: it is wrong, revoked or expired.',
  keyRefusedHint:
    "Copy the whole key again from your account page and save it ('loa login', or Settings in the app).",
  locked: 'the account is disabled or in its 24-hour security lock.',
  lockedHint: 'Wait for the 24-hour security lock to end, or ask support to re-enable the account.',
  keyUnchecked: (why) => `the key could not be checked: ${why}`,
  tryAgainHint: 'Try again in a moment; if it keeps failing, send this report to support.',
  noDate: 'not checked: the gateway sent no Date header.',
  clockOk: (s) => `this clock is within ${Math.abs(s)} s of the gateway's.`,
  clockOff: (s) => `this clock is ${Math.abs(s)} s ${s > 0 ? 'ahead of' : 'behind'} the gateway's.`,
  clockHint: "Turn on automatic time (NTP) in the system's date and time settings.",
  keychainOk: (backend) => `the key can be kept in the ${backend}.`,
  keychainBad: (problem) => `no system keychain can keep the key${problem ? ` (${problem})` : ''}.`,
  keychainHint:
    'Unlock or install a system keychain (on Linux the Secret Service: GNOME Keyring or KWallet); until then give the key in LOA_API_KEY.',
}

const vi: CheckText = {
  notChecked: 'chưa kiểm tra: không hỏi được gateway.',
  noBaseUrl: 'chưa có địa chỉ gateway nào được nhập hoặc lưu.',
  noBaseUrlHint:
    'Cho biết địa chỉ gateway: --base-url URL, LOA_BASE_URL, hoặc lưu trong Cài đặt của ứng dụng.',
  reachable: (host, status) => `${host} đã trả lời (HTTP ${status}).`,
  unreachable: (host, why) => `${host} không trả lời: ${why}`,
  unreachableHint: 'Kiểm tra địa chỉ gateway và kết nối mạng, rồi thử lại.',
  noKey: 'chưa có khóa API nào được nhập hoặc lưu.',
  noKeyHint: "Cung cấp khóa: chạy 'loa login', đặt LOA_API_KEY, hoặc lưu trong Cài đặt của ứng dụng.",
  keyOk: 'dịch vụ chấp nhận khóa.',
  keyRefused: 'dịch vụ từ chối khóa: khóa sai, đã bị thu hồi hoặc hết hạn.',
  keyRefusedHint:
    "Sao chép lại toàn bộ khóa từ trang tài khoản rồi lưu ('loa login', hoặc Cài đặt trong ứng dụng).",
  locked: 'tài khoản bị vô hiệu hóa hoặc đang bị khóa bảo mật 24 giờ.',
  lockedHint: 'Chờ hết thời gian khóa bảo mật 24 giờ, hoặc nhờ bộ phận hỗ trợ mở lại tài khoản.',
  keyUnchecked: (why) => `không kiểm tra được khóa: ${why}`,
  tryAgainHint: 'Thử lại sau giây lát; nếu vẫn lỗi, gửi báo cáo này cho bộ phận hỗ trợ.',
  noDate: 'chưa kiểm tra: gateway không gửi tiêu đề Date.',
  clockOk: (s) => `đồng hồ máy lệch không quá ${Math.abs(s)} giây so với gateway.`,
  clockOff: (s) => `đồng hồ máy ${s > 0 ? 'nhanh' : 'chậm'} ${Math.abs(s)} giây so với gateway.`,
  clockHint: 'Bật chỉnh giờ tự động (NTP) trong phần ngày giờ của hệ thống.',
  keychainOk: (backend) => `khóa có thể được giữ trong ${backend}.`,
  keychainBad: (problem) =>
    `không có chuỗi khóa hệ thống nào giữ được khóa${problem ? ` (${problem})` : ''}.`,
  keychainHint:
    'Mở khóa hoặc cài chuỗi khóa hệ thống (trên Linux là Secret Service: GNOME Keyring hoặc KWallet); trong lúc chờ, đưa khóa qua LOA_API_KEY.',
}

export const CHECK_TEXT: Record<Language, CheckText> = { en, vi }

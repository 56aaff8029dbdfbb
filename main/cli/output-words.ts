// The words of the verbs' tables and summaries, in the terminal's language (language.ts): one table per
// verb, both languages side by side. Figures are formatted by format.ts the same way in both languages
// (dong as `1.234.567 ₫`); what --json prints never passes through here.
import type { Language } from '../../preload/contract'
import { formatCount, plural } from './format'
import type { Words } from './language'

/** A counted noun: English says one or many; Vietnamese does not inflect. */
export type Unit = { en: readonly [one: string, many: string]; vi: string }

export const UNITS = {
  token: { en: ['token', 'tokens'], vi: 'token' },
  request: { en: ['request', 'requests'], vi: 'yêu cầu' },
  day: { en: ['day', 'days'], vi: 'ngày' },
} satisfies Record<string, Unit>

/** `1.234 tokens` in English, `1.234 token` in Vietnamese. */
export function counted(n: number, unit: Unit, language: Language): string {
  return language === 'vi' ? `${formatCount(n)} ${unit.vi}` : plural(n, ...unit.en)
}

export const STATUS_WORDS = {
  account: { en: 'Account', vi: 'Tài khoản' },
  balance: { en: 'Balance', vi: 'Số dư' },
  real: { en: 'real', vi: 'tiền thật' },
  bonus: { en: 'bonus', vi: 'tiền thưởng' },
  plan: { en: 'Plan', vi: 'Gói' },
  noEnd: { en: 'no end date', vi: 'không có ngày hết hạn' },
  expiredOn: { en: 'expired on', vi: 'đã hết hạn ngày' },
  expires: { en: 'expires', vi: 'hết hạn' },
  lessThanADay: { en: 'less than a day left', vi: 'còn chưa đến một ngày' },
  left: { en: 'left', vi: 'còn lại' },
  warning: { en: 'Warning', vi: 'Cảnh báo' },
  expiredWarning: {
    en: 'the plan has expired: renew it to get its discounts back.',
    vi: 'gói đã hết hạn: hãy gia hạn để có lại chiết khấu.',
  },
  expiringWarning: {
    en: 'the plan expires within a week: renew it to keep its discounts.',
    vi: 'gói hết hạn trong vòng một tuần: hãy gia hạn để giữ chiết khấu.',
  },
  week: { en: 'Last 7 calendar days', vi: 'Chi tiêu 7 ngày lịch gần nhất' },
  allTime: { en: 'All time', vi: 'Từ trước đến nay' },
  spent: { en: 'spent', vi: 'đã chi' },
  poolsTitle: { en: 'Pooled free quota (tokens)', vi: 'Hạn mức dùng chung miễn phí (token)' },
  pool: { en: 'Pool', vi: 'Nhóm' },
  remaining: { en: 'Remaining', vi: 'Còn lại' },
  total: { en: 'Total', vi: 'Tổng' },
  usedInWindow: { en: 'Used in window', vi: 'Đã dùng trong kỳ' },
  emails: { en: 'E-mails', vi: 'Số e-mail' },
  poolA: { en: 'Pool A', vi: 'Nhóm A' },
  poolB: { en: 'Pool B', vi: 'Nhóm B' },
  cacheHits: { en: 'Cache hits', vi: 'Trúng bộ nhớ đệm' },
  planDiscount: { en: 'Plan discount', vi: 'Chiết khấu của gói' },
  freeModels: { en: 'Free models', vi: 'Mô hình miễn phí' },
  source: { en: 'Source', vi: 'Nguồn' },
  saved: { en: 'Saved', vi: 'Tiết kiệm' },
  tokens: { en: 'Tokens', vi: 'Số token' },
  requests: { en: 'Requests', vi: 'Số yêu cầu' },
  savings: { en: 'Savings', vi: 'Tiết kiệm' },
  savedWord: { en: 'saved', vi: 'đã tiết kiệm' },
  ofWhatItWouldCost: { en: 'of what it would have cost', vi: 'so với giá gốc' },
} satisfies Record<string, Words>

export const USAGE_WORDS = {
  noRequests: { en: 'No requests yet.', vi: 'Chưa có yêu cầu nào.' },
  sent: { en: 'Sent', vi: 'Lúc gửi' },
  finished: { en: 'Finished', vi: 'Lúc xong' },
  model: { en: 'Model', vi: 'Mô hình' },
  input: { en: 'In', vi: 'Đầu vào' },
  output: { en: 'Out', vi: 'Đầu ra' },
  cache: { en: 'Cache', vi: 'Bộ nhớ đệm' },
  reasoning: { en: 'Reasoning', vi: 'Suy luận' },
  cost: { en: 'Cost', vi: 'Chi phí' },
  beforeDiscount: { en: 'Before discount', vi: 'Trước chiết khấu' },
  discount: { en: 'Discount', vi: 'Chiết khấu' },
  source: { en: 'Source', vi: 'Nguồn' },
  unknownSent: {
    en: 'under Sent: requests from before {date} were recorded only when they finished.',
    vi: 'ở cột Lúc gửi: yêu cầu trước {date} chỉ được ghi lại khi đã xong.',
  },
  latest: { en: 'The latest', vi: 'Mới nhất' },
  of: { en: 'of', vi: 'trên tổng' },
  date: { en: 'Date', vi: 'Ngày' },
  requests: { en: 'Requests', vi: 'Số yêu cầu' },
  tokens: { en: 'Tokens', vi: 'Số token' },
  total: { en: 'Total', vi: 'Tổng' },
  provider: { en: 'Provider', vi: 'Nhà cung cấp' },
} satisfies Record<string, Words>

export const SESSIONS_WORDS = {
  none: { en: 'No realtime sessions yet.', vi: 'Chưa có phiên thời gian thực nào.' },
  started: { en: 'Started', vi: 'Bắt đầu' },
  model: { en: 'Model', vi: 'Mô hình' },
  status: { en: 'Status', vi: 'Trạng thái' },
  duration: { en: 'Duration', vi: 'Thời lượng' },
  cost: { en: 'Cost', vi: 'Chi phí' },
  tokens: { en: 'Tokens', vi: 'Số token' },
  endedBecause: { en: 'Ended because', vi: 'Lý do kết thúc' },
  session: { en: 'Session', vi: 'Phiên' },
  unknown: { en: 'unknown', vi: 'không rõ' },
  more: {
    en: 'More sessions exist: raise --limit to see them.',
    vi: 'Còn nhiều phiên nữa: hãy tăng --limit để xem.',
  },
} satisfies Record<string, Words>

export const VOICES_WORDS = {
  none: { en: 'No voices.', vi: 'Không có giọng nào.' },
  voice: { en: 'Voice', vi: 'Giọng' },
  byDefault: { en: 'default', vi: 'mặc định' },
  name: { en: 'Name', vi: 'Tên' },
  language: { en: 'Language', vi: 'Ngôn ngữ' },
  gender: { en: 'Gender', vi: 'Giới tính' },
  accent: { en: 'Accent', vi: 'Giọng vùng miền' },
  aliases: { en: 'Aliases', vi: 'Tên khác' },
  patternRule: {
    en: 'Other voices are named <locale>-<Tier>-<Letter>, e.g. en-GB-Standard-A.',
    vi: 'Các giọng khác có tên dạng <locale>-<Tier>-<Letter>, ví dụ en-GB-Standard-A.',
  },
  languageCodeRule: {
    en: 'The voice is any ISO 639-1 language code; these are examples.',
    vi: 'Giọng là một mã ngôn ngữ ISO 639-1 bất kỳ; đây là các ví dụ.',
  },
  model: { en: 'Model', vi: 'Mô hình' },
  free: { en: 'free', vi: 'miễn phí' },
  pricePer1M: { en: 'VND/1M chars', vi: 'VND/1M ký tự' },
  maxChars: { en: 'Max chars', vi: 'Số ký tự tối đa' },
  formats: { en: 'Formats', vi: 'Định dạng' },
  freePerMonth: { en: 'chars/month free', vi: 'ký tự/tháng miễn phí' },
} satisfies Record<string, Words>

export const MODELS_WORDS = {
  models: { en: 'models', vi: 'mô hình' },
  kind: { en: 'Kind', vi: 'Loại' },
  model: { en: 'Model', vi: 'Mô hình' },
  name: { en: 'Name', vi: 'Tên' },
  provider: { en: 'Provider', vi: 'Nhà cung cấp' },
  prices: {
    en: 'Prices: loa models text|image|video|embedding, or loa models <model>.',
    vi: 'Giá: loa models text|image|video|embedding, hoặc loa models <model>.',
  },
  perMillion: { en: 'Per 1M tokens; {dash} = not supported.', vi: 'Theo 1M token; {dash} = không hỗ trợ.' },
  context: { en: 'Context', vi: 'Ngữ cảnh' },
  discount: { en: 'Discount', vi: 'Chiết khấu' },
  input: { en: 'In', vi: 'Đầu vào' },
  output: { en: 'Out', vi: 'Đầu ra' },
  cache: { en: 'Cache', vi: 'Bộ đệm' },
  reasoning: { en: 'Reasoning', vi: 'Suy luận' },
  rateNote: {
    en: 'VND: for your plan (its discount applied), at {rate}/USD, {origin}.',
    vi: 'VND: theo gói của bạn (đã trừ chiết khấu), tỉ giá {rate}/USD, {origin}.',
  },
  serviceRate: {
    en: "the rate of the service's own VND prices",
    vi: 'tỉ giá lấy từ giá VND của chính dịch vụ',
  },
  specRate: {
    en: "the spec's reference rate, since the catalog gives no VND price to take the rate from",
    vi: 'tỉ giá tham chiếu của đặc tả, vì danh mục không có giá VND nào để lấy tỉ giá',
  },
} satisfies Record<string, Words>

/** `loa models image|video|embedding`: the columns and notes of the other kinds' tables. */
export const KIND_WORDS = {
  use: { en: 'Use', vi: 'Công dụng' },
  generation: { en: 'generation', vi: 'tạo mới' },
  editing: { en: 'editing', vi: 'chỉnh sửa' },
  quality: { en: 'Quality', vi: 'Chất lượng' },
  size: { en: 'Size', vi: 'Kích thước' },
  perImage: {
    en: "Per image; VND is the catalog's price for your plan.",
    vi: 'Theo ảnh; VND là giá trong danh mục theo gói của bạn.',
  },
  resolution: { en: 'Resolution', vi: 'Độ phân giải' },
  inputType: { en: 'Input', vi: 'Loại đầu vào' },
  all: { en: 'all', vi: 'tất cả' },
  usdPerSecond: { en: 'USD/s', vi: 'USD/giây' },
  usd8s: { en: '8 s USD', vi: 'USD 8 giây' },
  vnd8s: { en: '8 s VND', vi: 'VND 8 giây' },
  perSecond: {
    en: "Price = USD per second × seconds; VND is the catalog's price for your plan.",
    vi: 'Giá = USD mỗi giây × số giây; VND là giá trong danh mục theo gói của bạn.',
  },
  converted: {
    en: '{mark} converted at {rate}/USD, {origin}; the catalog lists no plan discount for it, so your price may be lower.',
    vi: '{mark} quy đổi theo tỉ giá {rate}/USD, {origin}; danh mục không ghi chiết khấu theo gói cho giá này, nên giá của bạn có thể thấp hơn.',
  },
  dimensions: { en: 'Dimensions', vi: 'Số chiều' },
  maxInput: { en: 'Max input', vi: 'Đầu vào tối đa' },
  freePerDay: { en: 'Free per day', vi: 'Miễn phí mỗi ngày' },
  perMillionEmbedding: {
    en: "Per 1M tokens; free per day in tokens; VND is the catalog's price for your plan.",
    vi: 'Theo 1M token; miễn phí mỗi ngày tính bằng token; VND là giá trong danh mục theo gói của bạn.',
  },
} satisfies Record<string, Words>

/** `loa models <model>`: one model's fields and its prices. */
export const MODEL_DETAIL_WORDS = {
  description: { en: 'Description', vi: 'Mô tả' },
  contextWindow: { en: 'Context window', vi: 'Cửa sổ ngữ cảnh' },
  maxOutput: { en: 'Max output', vi: 'Đầu ra tối đa' },
  vision: { en: 'Vision', vi: 'Đọc hình ảnh' },
  released: { en: 'Released', vi: 'Ngày phát hành' },
  rateLimits: { en: 'Rate limits', vi: 'Giới hạn tần suất' },
  sizes: { en: 'Sizes', vi: 'Kích thước' },
  qualities: { en: 'Qualities', vi: 'Chất lượng' },
  editing: { en: 'Editing', vi: 'Chỉnh sửa ảnh' },
  negativePrompt: { en: 'Negative prompt', vi: 'Lời nhắc loại trừ' },
  imageInput: { en: 'Image input', vi: 'Ảnh đầu vào' },
  imagesPerRequest: { en: 'Images per request', vi: 'Số ảnh mỗi yêu cầu' },
  resolutions: { en: 'Resolutions', vi: 'Độ phân giải' },
  durations: { en: 'Durations', vi: 'Thời lượng' },
  durationRange: { en: '{min} to {max} s', vi: '{min} đến {max} giây' },
  aspectRatios: { en: 'Aspect ratios', vi: 'Tỉ lệ khung hình' },
  inputs: { en: 'Inputs', vi: 'Loại đầu vào' },
  audio: { en: 'Audio', vi: 'Âm thanh' },
  yes: { en: 'yes', vi: 'có' },
  no: { en: 'no', vi: 'không' },
  requestsPerMinute: { en: 'requests/min', vi: 'yêu cầu/phút' },
  requestsPerDay: { en: 'requests/day', vi: 'yêu cầu/ngày' },
  tokensPerMinute: { en: 'tokens/min', vi: 'token/phút' },
  tokensPerDay: { en: 'tokens/day', vi: 'token/ngày' },
  nonePublished: { en: 'none published', vi: 'chưa công bố' },
  onYourPlan: { en: '{percent} on your plan ({plans})', vi: '{percent} với gói của bạn ({plans})' },
  unknownKind: {
    en: 'This version of loa does not know how this kind of model is priced.',
    vi: 'Phiên bản loa này không biết loại mô hình này được tính giá thế nào.',
  },
  perMillion: { en: 'Per 1M tokens', vi: 'Giá theo 1M token' },
  input: { en: 'Input', vi: 'Đầu vào' },
  output: { en: 'Output', vi: 'Đầu ra' },
  cacheRead: { en: 'Cache read', vi: 'Đọc bộ đệm' },
  cacheWrite: { en: 'Cache write', vi: 'Ghi bộ đệm' },
  reasoning: { en: 'Reasoning', vi: 'Suy luận' },
  notSupported: { en: '{dash} = not supported.', vi: '{dash} = không hỗ trợ.' },
} satisfies Record<string, Words>

export const REALTIME_MODELS_WORDS = {
  model: { en: 'Model', vi: 'Mô hình' },
  name: { en: 'Name', vi: 'Tên' },
  perMinute: { en: 'VND/min', vi: 'VND/phút' },
  audioIn: { en: 'Audio in /1M', vi: 'Âm thanh vào /1M' },
  audioOut: { en: 'Audio out /1M', vi: 'Âm thanh ra /1M' },
  maxSession: { en: 'Max session', vi: 'Phiên dài nhất' },
  protocol: { en: 'Protocol', vi: 'Giao thức' },
  notAvailable: {
    en: 'not available: no complete price table',
    vi: 'không dùng được: chưa có bảng giá đầy đủ',
  },
  forPlan: { en: 'Prices for plan {plan}.', vi: 'Giá theo gói {plan}.' },
} satisfies Record<string, Words>

/** `loa say`: the estimate (--dry-run) and the report once the audio is saved. */
export const SAY_WORDS = {
  model: { en: 'Model', vi: 'Mô hình' },
  voice: { en: 'Voice', vi: 'Giọng' },
  defaultVoice: { en: 'the model’s default', vi: 'giọng mặc định của mô hình' },
  characters: { en: 'Characters', vi: 'Số ký tự' },
  chunks: { en: 'Chunks', vi: 'Số đoạn' },
  oneRequestEach: { en: '{n} (one request each)', vi: '{n} (mỗi đoạn một yêu cầu)' },
  cost: { en: 'Cost', vi: 'Chi phí' },
  about: { en: 'about {cost}', vi: 'khoảng {cost}' },
  noPrice: { en: 'unknown (the service names no price)', vi: 'không rõ (dịch vụ không cho biết giá)' },
  free: { en: 'Free', vi: 'Miễn phí' },
  freeUseUnknown: {
    en: "{n} characters a month; this month's use is unknown, so the cost above is before them",
    vi: '{n} ký tự mỗi tháng; không rõ tháng này đã dùng bao nhiêu, nên chi phí trên chưa trừ phần này',
  },
  freeOfThese: {
    en: '{n} of these characters (the monthly allowance)',
    vi: '{n} ký tự trong số này (hạn mức miễn phí hằng tháng)',
  },
  nothingSent: { en: 'Nothing was sent (--dry-run).', vi: 'Chưa gửi gì (--dry-run).' },
  saved: { en: 'Saved', vi: 'Đã lưu' },
  length: { en: 'Length', vi: 'Thời lượng' },
  seconds: { en: '{n} s', vi: '{n} giây' },
} satisfies Record<string, Words>

/** `loa talk`: the turn's summary, and its command-line mistakes. */
export const TALK_WORDS = {
  you: { en: 'You', vi: 'Bạn' },
  tool: { en: 'Tool', vi: 'Công cụ' },
  model: { en: 'Model', vi: 'Mô hình' },
  answer: { en: 'Answer', vi: 'Câu trả lời' },
  answerSaved: { en: '{out} ({n} s, 24 kHz)', vi: '{out} ({n} giây, 24 kHz)' },
  cost: { en: 'Cost', vi: 'Chi phí' },
  unknown: { en: 'unknown', vi: 'không rõ' },
  timings: { en: 'Timings', vi: 'Thời gian' },
  session: { en: 'Session', vi: 'Phiên' },
  create: { en: 'create', vi: 'tạo phiên' },
  connect: { en: 'connect', vi: 'kết nối' },
  firstAudio: {
    en: 'first audio {ms} after the turn was sent',
    vi: 'âm thanh đầu tiên {ms} sau khi gửi xong lượt',
  },
  total: { en: 'total {n} s', vi: 'tổng {n} giây' },
  failed: { en: 'failed', vi: 'lỗi' },
  inOrText: { en: 'give --in or --text, not both.', vi: 'hãy đưa --in hoặc --text, không đưa cả hai.' },
  emptyText: { en: '--text is empty.', vi: '--text đang trống.' },
  required: { en: '--{flag} is required.', vi: 'cần có --{flag}.' },
} satisfies Record<string, Words>

/** Every table above, for the test that each entry has its own Vietnamese. */
export const OUTPUT_WORDS: Record<string, Record<string, Words>> = {
  status: STATUS_WORDS,
  usage: USAGE_WORDS,
  sessions: SESSIONS_WORDS,
  voices: VOICES_WORDS,
  models: MODELS_WORDS,
  modelKinds: KIND_WORDS,
  modelDetail: MODEL_DETAIL_WORDS,
  realtimeModels: REALTIME_MODELS_WORDS,
  say: SAY_WORDS,
  talk: TALK_WORDS,
}

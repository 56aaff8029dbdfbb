// Vietnamese strings of the typed turn box and the cards of Loa's tools in the Voice view, and their
// Settings switches.
export const voiceToolsVi = {
  'voice.typed.label': 'Nhập câu hỏi',
  'voice.typed.placeholder': 'Gõ câu hỏi rồi nhấn Enter, ví dụ: số dư của tôi?',
  'voice.typed.send': 'Gửi',

  'voice.captions.tool': 'Công cụ',
  'voice.tool.get_balance': 'Đã xem số dư: {amount}',
  'voice.tool.get_spend': 'Đã xem chi tiêu: hôm nay {today}, 7 ngày {week}, tháng này {month}',
  'voice.tool.get_usage_by_model': 'Đã xem mức dùng theo mô hình',
  'voice.tool.get_pool_quota': 'Đã xem hạn mức dùng chung',
  'voice.tool.get_model_price': 'Đã xem giá của {model}',
  'voice.tool.find_cheapest_speech_model': 'Mô hình đọc rẻ nhất: {model}',
  'voice.tool.read_aloud': 'Đang đọc to bằng Trình đọc',
  'voice.tool.open_view': 'Đã mở {view}',
  'voice.tool.other': 'Đã dùng công cụ {name}',
  'voice.tool.running': 'Đang chạy công cụ {name}…',
  'voice.tool.failed': 'Công cụ {name} không chạy được: {message}. Hãy hỏi lại sau giây lát.',
  'voice.tool.cancelled': 'Đã huỷ công cụ {name}: nó không chạy.',
  'voice.tool.unknown': 'không rõ',

  'settings.voiceTools': 'Cho mô hình dùng công cụ của Loa',
  'settings.voiceTools.hint':
    'Mô hình có thể xem số dư, chi tiêu, mức dùng, hạn mức và giá để trả lời bạn. Áp dụng từ phiên sau.',
  'settings.voiceToolActions': 'Cho phép cả công cụ có tác dụng',
  'settings.voiceToolActions.hint':
    'Đọc to bằng Trình đọc (tốn tiền) và mở các trang của Loa. Tắt theo mặc định.',
} as const

export const welcomeVi = {
  'welcome.title': 'Chào mừng đến với Loa',
  'welcome.intro':
    'Vài bước ngắn để Loa sẵn sàng. Bước nào cũng bỏ qua được; bạn có thể mở lại phần này trong Cài đặt.',
  'welcome.steps': 'Các bước',
  'welcome.stepOf': 'Bước {n} / {total}',
  'welcome.done': 'Đã xong',
  'welcome.next': 'Tiếp',
  'welcome.back': 'Quay lại',
  'welcome.skipStep': 'Bỏ qua bước này',
  'welcome.skipAll': 'Bỏ qua tất cả',
  'welcome.finish': 'Bắt đầu dùng Loa',
  'welcome.saveFailed':
    'Không lưu được lựa chọn: {reason} Hãy thử lại, hoặc bỏ qua và đặt sau trong Cài đặt.',
  'welcome.reopen': 'Mở lại phần chào mừng',
  'welcome.reopenHint': 'Chọn ngôn ngữ, thêm key, thử phím nói, micrô, loa và tìm biểu tượng khay.',

  'welcome.step.language': 'Ngôn ngữ',
  'welcome.step.key': 'API key',
  'welcome.step.talkKey': 'Phím nói',
  'welcome.step.microphone': 'Micrô',
  'welcome.step.speaker': 'Loa / tai nghe',
  'welcome.step.tray': 'Biểu tượng khay',

  'welcome.language.intro': 'Loa hiển thị bằng ngôn ngữ nào?',

  'welcome.key.intro':
    'Dán API key của bạn: Loa kiểm tra với dịch vụ trước khi lưu. Chưa có key thì dùng thử với dịch vụ demo có sẵn.',
  'welcome.key.demo': 'Tiếp tục với chế độ demo',
  'welcome.key.demoNote': 'Đang dùng dịch vụ demo: mọi số tiền là dữ liệu thử. Thêm key sau trong Cài đặt.',

  'welcome.talkKey.intro':
    'Nhấn giữ {accelerator} ngay bây giờ, rồi thả ra. Thử phím không mở cuộc trò chuyện nào.',
  'welcome.talkKey.down': 'Nhấn xuống',
  'welcome.talkKey.up': 'Thả ra',
  'welcome.talkKey.waiting': 'Chưa thấy',
  'welcome.talkKey.seen': 'Đã thấy',
  'welcome.talkKey.works': 'Phím nói hoạt động: Loa thấy cả lúc nhấn lẫn lúc thả.',
  'welcome.talkKey.noneFallback':
    'Ở đây phím nói không dùng được. Dùng nút Nói trong cửa sổ Trò chuyện (giữ bằng chuột, phím cách hoặc Enter).',
  'welcome.talkKey.toggleFallback': 'Ở máy này: nhấn một lần để bắt đầu nói, nhấn lần nữa để dừng.',

  'welcome.microphone.intro': 'Bật micrô và nói vài từ: thanh mức âm sẽ nhảy theo giọng bạn.',
  'welcome.microphone.start': 'Thử micrô',
  'welcome.microphone.stop': 'Dừng thử',
  'welcome.microphone.level': 'Mức âm micrô',
  'welcome.microphone.heard': 'Loa nghe thấy bạn.',
  'welcome.microphone.silent': 'Chưa nghe thấy gì. Kiểm tra micrô đã bật và được chọn trong hệ thống.',
  'welcome.microphone.denied':
    'Loa không được dùng micrô. Cho phép micrô trong cài đặt quyền riêng tư của hệ thống, rồi thử lại.',
  'welcome.microphone.missing': 'Không tìm thấy micrô nào. Cắm micrô hoặc tai nghe, rồi thử lại.',
  'welcome.microphone.failed': 'Không mở được micrô ({reason}). Thử lại, hoặc chọn micrô khác trong Cài đặt.',

  'welcome.speaker.intro': 'Phát một câu ngắn (giọng mẫu của dịch vụ, không tính phí).',
  'welcome.speaker.play': 'Phát câu mẫu',
  'welcome.speaker.playing': 'Đang phát…',
  'welcome.speaker.played': 'Đã phát xong. Bạn có nghe thấy không?',
  'welcome.speaker.heard': 'Có, tôi nghe thấy',
  'welcome.speaker.noSample':
    'Dịch vụ không có giọng mẫu nào để phát. Thử loa sau bằng trình Đọc văn bản, hoặc bỏ qua bước này.',
  'welcome.speaker.notHeard':
    'Không nghe thấy? Kiểm tra âm lượng và loa được chọn trong Cài đặt › Âm thanh, rồi phát lại.',

  'welcome.tray.intro': 'Loa sống ở khay hệ thống: nhấn biểu tượng để xem số dư, nhấn chuột phải để mở menu.',
  'welcome.tray.win32':
    'Windows: ở góc phải thanh tác vụ, cạnh đồng hồ. Nếu không thấy, nhấn mũi tên ^ để mở vùng ẩn, rồi kéo biểu tượng Loa ra thanh tác vụ.',
  'welcome.tray.darwin': 'macOS: trên thanh menu, góc trên bên phải màn hình.',
  'welcome.tray.gnome':
    'GNOME không hiện biểu tượng khay nếu thiếu tiện ích AppIndicator: cài "AppIndicator and KStatusNotifierItem Support" (Ubuntu có sẵn), rồi đăng nhập lại.',
  'welcome.tray.kde': 'KDE Plasma: ở khay hệ thống góc dưới bên phải; nếu ẩn, nhấn mũi tên ở khay.',
  'welcome.tray.linux':
    'Linux ({desktop}): tùy môi trường desktop, thường ở thanh trên cùng hoặc thanh dưới. Nếu không có khay hệ thống, mở Loa lại từ menu ứng dụng.',
  'welcome.tray.unknownDesktop': 'không rõ desktop',
  'welcome.tray.seen': 'Tôi đã thấy biểu tượng',
} as const

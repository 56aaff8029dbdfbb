export const hotkeyVi = {
  'hotkey.title': 'Phím tắt toàn cục',
  'hotkey.talk': 'Phím nói',
  'hotkey.change': 'Đổi',
  'hotkey.cancel': 'Hủy',
  'hotkey.saving': 'Đang lưu…',
  'hotkey.recording': 'Nhấn tổ hợp phím mới… (Esc để hủy)',
  'hotkey.needsModifier':
    '{accelerator} sẽ không gõ được ở mọi ứng dụng nữa: hãy thêm Ctrl, Alt hoặc một phím bổ trợ khác.',
  'hotkey.checking': 'Đang kiểm tra…',

  'hotkey.mode.hold': 'Giữ để nói',
  'hotkey.mode.toggle': 'Nhấn để bắt đầu, nhấn lần nữa để dừng',
  'hotkey.mode.none': 'Không khả dụng',

  'hotkey.conflict':
    'Một ứng dụng khác đang dùng {accelerator}. Hãy chọn tổ hợp khác, hoặc bỏ phím tắt đó trong ứng dụng kia.',
  'hotkey.error': 'Loa không hiểu phím tắt này: {error}',

  'hotkey.reason.windows': 'Windows: Loa biết lúc bạn nhấn và lúc bạn thả phím.',
  'hotkey.reason.macos': 'macOS: có quyền Trợ năng nên Loa biết lúc bạn nhấn và lúc bạn thả phím.',
  'hotkey.reason.macosAccessibility':
    'Để giữ phím khi nói, hãy cho phép Loa trong Cài đặt hệ thống › Quyền riêng tư & Bảo mật › Trợ năng, rồi mở lại Loa.',
  'hotkey.reason.x11': 'X11: Loa biết lúc bạn nhấn và lúc bạn thả phím.',
  'hotkey.reason.wayland':
    'Wayland không cho ứng dụng biết lúc thả phím, nên phím tắt bật và tắt thay vì giữ.',
  'hotkey.reason.noDisplay': 'Không có màn hình đồ họa nào để nghe phím tắt.',
  'hotkey.reason.hookFailed':
    'Không khởi động được bộ theo dõi bàn phím, nên phím tắt bật và tắt thay vì giữ.',
  'hotkey.reason.conflict': 'Một ứng dụng khác đang giữ phím tắt này.',
  'hotkey.reason.browser': 'Trình duyệt không có phím tắt toàn cục: hãy dùng nút Nói trong cửa sổ Loa.',
  'hotkey.reason.invalid': 'Phím tắt không hợp lệ.',
  'hotkey.readSelection': 'Phím đọc đoạn đã chọn',
  'hotkey.readSelection.helpLinux':
    'Bôi đen chữ ở bất kỳ ứng dụng nào rồi nhấn phím này: Loa đọc to bằng mô hình và giọng đã lưu ở Đọc văn bản (không bôi đen gì thì đọc chữ đã sao chép).',
  'hotkey.readSelection.help':
    'Sao chép chữ ở bất kỳ ứng dụng nào rồi nhấn phím này: Loa đọc to bằng mô hình và giọng đã lưu ở Đọc văn bản.',
  'hotkey.talk.sameAsReadSelection': '{accelerator} đang là phím đọc đoạn đã chọn: hãy chọn tổ hợp khác.',
  'hotkey.readSelection.sameAsTalk': '{accelerator} đang là phím nói: hãy chọn tổ hợp khác.',
  'hotkey.readSelectionUnavailable':
    'Không đăng ký được phím đọc đoạn đã chọn {accelerator}: một ứng dụng khác đang dùng, hoặc tổ hợp phím không hợp lệ.',
} as const

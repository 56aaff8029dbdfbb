export const updateVi = {
  'update.region': 'Bản cập nhật',
  'update.ready': 'Đã tải xong Loa {version}.',
  'update.restart': 'Khởi động lại để cập nhật ({version})',
  'update.later': 'Để sau',
  'update.notes': 'Có gì mới',
  'update.waitsVoice': 'Loa sẽ khởi động lại để cập nhật khi cuộc trò chuyện kết thúc.',
  'update.waitsReading': 'Loa sẽ khởi động lại để cập nhật khi bài đọc kết thúc.',
  'update.failed': 'Không khởi động lại được. Hãy thoát Loa rồi mở lại để cài bản cập nhật.',
}

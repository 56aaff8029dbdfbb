export const supportVi = {
  'support.title': 'Hỗ trợ',
  'support.explain':
    'Gói hỗ trợ là một tệp để gửi cho bộ phận hỗ trợ: phiên bản, hệ điều hành, kết quả kiểm tra gateway, khóa, đồng hồ và chuỗi khóa, các yêu cầu và lỗi gần đây. Tệp không chứa khóa API, mã phiên hay văn bản bạn đã cho đọc.',
  'support.save': 'Lưu gói hỗ trợ',
  'support.saving': 'Đang kiểm tra và lưu…',
  'support.saved': 'Đã lưu gói hỗ trợ vào {path}. Gửi tệp này cho bộ phận hỗ trợ.',
  'crash.lastTime': 'Lần trước Loa đã bị đóng bất thường.',
  'crash.lastTimeWindow': 'Lần trước một cửa sổ của Loa bị đóng bất thường và đã được mở lại.',
  'crash.explain':
    'Bạn có thể lưu một báo cáo sự cố để gửi cho bộ phận hỗ trợ. Báo cáo chỉ được lưu trên máy của bạn, không tự gửi đi đâu, và không chứa khóa API, mã phiên hay điều bạn đã nói hoặc cho đọc.',
  'crash.save': 'Lưu báo cáo',
  'crash.saving': 'Đang lưu…',
  'crash.saved': 'Đã lưu báo cáo sự cố vào {path}. Gửi tệp này cho bộ phận hỗ trợ nếu bạn cần giúp đỡ.',
  'crash.dismiss': 'Bỏ qua',
}

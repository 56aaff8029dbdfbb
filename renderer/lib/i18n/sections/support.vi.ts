export const supportVi = {
  'support.title': 'Hỗ trợ',
  'support.explain':
    'Gói hỗ trợ là một tệp để gửi cho bộ phận hỗ trợ: phiên bản, hệ điều hành, kết quả kiểm tra gateway, khóa, đồng hồ và chuỗi khóa, các yêu cầu và lỗi gần đây. Tệp không chứa khóa API, mã phiên hay văn bản bạn đã cho đọc.',
  'support.save': 'Lưu gói hỗ trợ',
  'support.saving': 'Đang kiểm tra và lưu…',
  'support.saved': 'Đã lưu gói hỗ trợ vào {path}. Gửi tệp này cho bộ phận hỗ trợ.',
}

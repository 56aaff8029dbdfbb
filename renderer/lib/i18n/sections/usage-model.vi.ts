// Vietnamese strings of the Usage window's per-model drill-down.
export const usageModelVi = {
  'usage.model.open': 'Xem chi tiết {model}',
  'usage.model.back': '← Tất cả mô hình',
  'usage.model.title': 'Mô hình {model}',
  'usage.model.provider': 'Nhà cung cấp: {provider}',
  'usage.model.totals':
    'Tổng số dịch vụ ghi nhận cho mô hình này (không theo khoảng thời gian đã chọn ở trên).',
  'usage.model.requests': 'Yêu cầu',
  'usage.model.tokens': 'Token',
  'usage.model.cost': 'Chi phí',
  'usage.model.gone': 'Danh sách theo mô hình vừa tải lại không còn mô hình này, nên chưa rõ số liệu.',
  'usage.model.recent': 'Yêu cầu gần đây của mô hình này',
  'usage.model.recentTotals': '{requests} yêu cầu được liệt kê: {cost}, {tokens} token.',
  'usage.model.none': 'Không yêu cầu nào trong {limit} yêu cầu mới nhất dùng mô hình này.',
  'usage.model.truncated':
    'Mô hình này có {held} yêu cầu; chỉ {shown} trong số đó nằm trong {limit} yêu cầu mới nhất mà dịch vụ liệt kê, nên {missing} yêu cầu không hiện ở đây.',
  'usage.model.matching': 'Đang tải danh mục mô hình để nhận ra các yêu cầu của mô hình này…',
} as const

// Vietnamese strings of the account views: the tray popup and the usage window.
export const accountVi = {
  'account.updated': 'Cập nhật {when}',
  'account.justNow': 'vừa xong',
  'account.refresh': 'Làm mới',
  'account.refreshing': 'Đang làm mới…',
  'account.actions': 'Thao tác nhanh',
  'account.action.openCatalog': 'Mở danh mục mô hình',
  'account.action.openSettings': 'Mở Cài đặt',

  'account.balanceReal': 'Tiền nạp {amount}',
  'account.balanceBonus': 'Khuyến mãi {amount}',
  'account.balanceLow': 'Số dư thấp',
  'account.topUp': 'Nạp tiền',
  'account.topUpLabel': 'Nạp tiền vào ví trên trang web của dịch vụ ({site})',
  'account.balanceLowNext':
    'Dưới ngưỡng cảnh báo {threshold}. Nạp thêm tiền trên trang web của dịch vụ để tiếp tục dùng.',

  'account.planExpires': 'Hết hạn {date}',
  'account.planExpiresSoon': 'Hết hạn {date}, còn {days} ngày',
  'account.planExpired': 'Đã hết hạn {date}',
  'account.planNoExpiry': 'Không có ngày hết hạn',

  'account.section.pools': 'Hạn mức dùng chung',
  'account.section.savings': 'Tiết kiệm',
  'account.section.week': '7 ngày gần nhất (theo lịch)',

  'account.pool.pool_a': 'Pool A',
  'account.pool.pool_b': 'Pool B',
  'account.poolRemaining': 'Còn {remaining} / {total} token',
  'account.poolRemainingFull': 'Còn {remaining} trên {total} token trong 24 giờ qua, đã dùng {used}',
  'account.poolLeftShare': 'còn {percent}',
  'account.poolEmails': 'Tài khoản nguồn ({count})',
  'account.poolEmailUsed': 'đã dùng {used} / {quota}',
  'account.poolsNone': 'Gói của bạn không có hạn mức dùng chung.',

  'account.savingsPercent': '({percent} so với giá gốc)',
  'account.savingsSpent': 'Đã chi {amount}',
  'account.savings.pool_a': 'Pool A',
  'account.savings.pool_b': 'Pool B',
  'account.savings.cacheHit': 'Bộ nhớ đệm',
  'account.savings.discount': 'Giảm giá',
  'account.savings.freeModels': 'Mô hình miễn phí',
  'account.savingsFreeTokens':
    'Mô hình miễn phí không tính tiền nên không có số tiền tiết kiệm; dịch vụ chỉ đếm token.',
  'account.tokens': '{count} token',
  'account.requests': '{count} yêu cầu',
  'account.weekSparkline': 'Chi phí từng ngày trong 7 ngày gần nhất theo lịch, tổng {amount}',

  'account.notAvailable': 'Không khả dụng cho tài khoản này.',
  'account.partStale': 'Dữ liệu từ {age}.',
  'account.partStaleRefreshing': 'Dữ liệu từ {age}, đang làm mới…',
  'account.partFailedKept': 'Không làm mới được ({error}) Dữ liệu từ {age}.',

  'account.blocked.catalogOnly.title': 'Tài khoản & Sử dụng không khả dụng cho tài khoản này',
  'account.blocked.catalogOnly.body':
    'Tài khoản đại lý và tài khoản nội bộ không xem được số dư và lịch sử sử dụng trong Loa. Danh mục mô hình vẫn dùng được.',
  'account.blocked.locked.title': 'Tài khoản bị vô hiệu hóa hoặc đang bị khóa',
  'account.blocked.locked.body':
    'Dịch vụ từ chối mọi yêu cầu của tài khoản này: tài khoản đã bị vô hiệu hóa, hoặc đang trong thời gian khóa bảo mật 24 giờ. Hãy liên hệ bộ phận hỗ trợ, hoặc dùng một khóa khác.',
  'account.blocked.auth.title': 'Khóa API bị từ chối',
  'account.blocked.auth.body':
    'Dịch vụ không chấp nhận khóa API đã lưu: khóa có thể đã bị thu hồi. Hãy nhập một khóa mới trong Cài đặt.',

  'usage.stats.title': 'Tổng quan',
  'usage.stats.requests': 'Yêu cầu (tất cả)',
  'usage.stats.tokens': 'Token (tất cả)',
  'usage.stats.cost': 'Chi phí (tất cả)',
  'usage.stats.weekTokens': 'Token, 7 ngày gần nhất (theo lịch)',
  'usage.stats.weekCost': 'Chi phí, 7 ngày gần nhất (theo lịch)',

  'usage.daily.title': 'Theo ngày',
  'usage.daily.span': '{days} ngày',
  'usage.daily.spanLabel': 'Khoảng thời gian',
  'usage.daily.summary': '{days} ngày: {cost}, {tokens} token, {requests} yêu cầu.',
  'usage.daily.chartLabel': 'Biểu đồ chi phí và token theo ngày trong {days} ngày, tổng chi phí {cost}',
  'usage.chart.cost': 'Chi phí',
  'usage.chart.tokens': 'Token',

  'usage.models.title': 'Theo mô hình',
  'usage.models.chartLabel': 'Biểu đồ chi phí của {count} mô hình tốn nhiều nhất',

  'usage.records.title': 'Yêu cầu gần đây',
  'usage.records.count': 'Hiển thị {shown} trên tổng số {total} yêu cầu.',
  'usage.records.export': 'Xuất CSV',
  'usage.records.exporting': 'Đang xuất…',
  'usage.records.saved': 'Đã lưu vào {path}',
  'usage.records.zone': 'Giờ hiển thị theo múi {zone} ({offset}); tệp CSV cũng vậy.',
  'usage.records.truncated':
    '{days} ngày qua có {held} yêu cầu (theo số đếm từng ngày), nhưng dịch vụ chỉ liệt kê tối đa {limit} yêu cầu, không phân trang: bảng này và tệp CSV chỉ có {shown} yêu cầu mới nhất, thiếu {missing} yêu cầu cũ hơn.',
  'usage.records.tokensDetail': 'vào {input} · ra {output}',
  'usage.records.costDetail': 'giảm {percent} từ {listPrice}',
  'usage.records.noSentTime':
    'Yêu cầu trước ngày 16/08/2026 chỉ được ghi lúc hoàn tất; giờ gửi của chúng không được lưu (—).',

  'usage.empty': 'Chưa có dữ liệu.',
  'usage.unknown': 'chưa rõ',
  'usage.sortBy': 'Sắp xếp theo {column}',

  'usage.col.sent': 'Gửi lúc',
  'usage.col.completed': 'Hoàn tất',
  'usage.col.duration': 'Thời gian',
  'usage.col.model': 'Mô hình',
  'usage.col.provider': 'Nhà cung cấp',
  'usage.col.requests': 'Yêu cầu',
  'usage.col.tokens': 'Token',
  'usage.col.input': 'Token vào',
  'usage.col.output': 'Token ra',
  'usage.col.cacheHit': 'Token cache',
  'usage.col.reasoning': 'Token suy luận',
  'usage.col.costBefore': 'Giá gốc',
  'usage.col.discount': 'Giảm giá',
  'usage.col.cost': 'Chi phí',
  'usage.col.keySource': 'Nguồn khóa',
  'usage.col.status': 'Trạng thái',
  'usage.csv.vndHeader': '{label} (VND)',
  'usage.csv.percentHeader': '{label} (%)',
  'usage.csv.durationHeader': 'Thời gian (giây)',
  'usage.csv.timeHeader': '{label} (giờ {zone}, {offset})',
  'usage.csv.truncated':
    'Chỉ có {shown} yêu cầu mới nhất: {days} ngày qua có {held} yêu cầu, nhưng dịch vụ chỉ liệt kê tối đa {limit}.',

  'usage.status.charged': 'Đã tính phí',
  'usage.status.covered': 'Không tính phí',
  'usage.status.free': 'Miễn phí',

  'usage.keySource.PRIMARY': 'Khóa chính',
  'usage.keySource.SECONDARY': 'Khóa phụ',
  'usage.keySource.POOL_A': 'Pool A',
  'usage.keySource.POOL_B': 'Pool B',
} as const

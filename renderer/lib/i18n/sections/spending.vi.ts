// Vietnamese strings of the voice chat's spending limits: each conversation's cap, the daily budget
// across conversations (Settings), and what the Voice view says about them.
export const spendingVi = {
  'settings.voiceSpendCap': 'Mức chi tối đa mỗi phiên',
  'settings.voiceSpendCap.default': 'Để dịch vụ tính (ít nhất {amount})',
  'settings.voiceSpendCap.none': 'Không giới hạn',
  'settings.voiceSpendCap.hint':
    'Dịch vụ ngắt phiên khi chạm mức này và báo trước khi đã dùng 80%. "Không giới hạn" gửi 0: phiên chỉ dừng khi ví hết tiền hoặc hết thời lượng.',
  'settings.voiceDailyBudget': 'Ngân sách trò chuyện mỗi ngày',
  'settings.voiceDailyBudget.off': 'Tắt',
  'settings.voiceDailyBudget.hint':
    'Loa cộng chi phí các cuộc trò chuyện trong ngày (giờ Việt Nam), báo khi đã dùng 80% và hỏi bạn trước khi mở cuộc trò chuyện mới khi đã hết.',
  'voice.cost.capAsked': '{amount}, theo Cài đặt',
  'voice.budget.label': 'Hôm nay',
  'voice.budget.value': '{spent} / {budget}',
  'voice.budget.valueAtLeast': 'ít nhất {spent} / {budget}',
  'voice.problem.budget': 'Đã hết ngân sách trò chuyện hôm nay.',
  'voice.problem.budgetDetail':
    'Loa chưa mở cuộc trò chuyện mới. Chọn "Vẫn tiếp tục hôm nay" để nói tiếp, hoặc tăng ngân sách trong Cài đặt.',
  'voice.problem.continueToday': 'Vẫn tiếp tục hôm nay',
} as const

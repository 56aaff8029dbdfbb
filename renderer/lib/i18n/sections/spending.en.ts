// English strings of the voice chat's spending limits.
import type { spendingVi } from './spending.vi'

export const spendingEn: Record<keyof typeof spendingVi, string> = {
  'settings.voiceSpendCap': 'Spending cap per session',
  'settings.voiceSpendCap.default': 'Set by the service (at least {amount})',
  'settings.voiceSpendCap.none': 'No cap',
  'settings.voiceSpendCap.hint':
    'The service cuts the session at this amount and warns once 80% of it is used. "No cap" sends 0: the session stops only when the wallet or its length runs out.',
  'settings.voiceDailyBudget': 'Daily voice budget',
  'settings.voiceDailyBudget.off': 'Off',
  'settings.voiceDailyBudget.hint':
    "Loa adds up the day's conversations (Vietnam time), tells you at 80%, and asks before opening a new conversation once it is used up.",
  'voice.cost.capAsked': '{amount}, from Settings',
  'voice.budget.label': 'Today',
  'voice.budget.value': '{spent} / {budget}',
  'voice.budget.valueAtLeast': 'at least {spent} / {budget}',
  'voice.problem.budget': "Today's voice budget is used up.",
  'voice.problem.budgetDetail':
    'Loa did not open a new conversation. Choose "Continue anyway today" to talk, or raise the budget in Settings.',
  'voice.problem.continueToday': 'Continue anyway today',
}

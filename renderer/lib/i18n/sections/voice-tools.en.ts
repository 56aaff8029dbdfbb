// English strings of the typed turn box and the cards of Loa's tools in the Voice view, and their
// Settings switches.
import type { voiceToolsVi } from './voice-tools.vi'

export const voiceToolsEn: Record<keyof typeof voiceToolsVi, string> = {
  'voice.typed.label': 'Type a question',
  'voice.typed.placeholder': 'Type a question and press Enter, e.g. what is my balance?',
  'voice.typed.send': 'Send',

  'voice.captions.tool': 'Tool',
  'voice.tool.get_balance': 'Checked the balance: {amount}',
  'voice.tool.get_spend': 'Checked the spending: today {today}, 7 days {week}, this month {month}',
  'voice.tool.get_usage_by_model': 'Checked the usage by model',
  'voice.tool.get_pool_quota': 'Checked the pooled quota',
  'voice.tool.get_model_price': 'Checked the price of {model}',
  'voice.tool.find_cheapest_speech_model': 'Cheapest speech model: {model}',
  'voice.tool.read_aloud': 'Reading aloud with the Reader',
  'voice.tool.open_view': 'Opened {view}',
  'voice.tool.other': 'Used the tool {name}',
  'voice.tool.running': 'Running the tool {name}…',
  'voice.tool.failed': 'The tool {name} failed: {message}. Ask again in a moment.',
  'voice.tool.cancelled': 'The tool {name} was cancelled: it did not run.',
  'voice.tool.unknown': 'unknown',

  'settings.voiceTools': "Let the model use Loa's tools",
  'settings.voiceTools.hint':
    'The model can check your balance, spending, usage, quota and prices to answer you. Applies from the next session.',
  'settings.voiceToolActions': 'Also allow tools that act',
  'settings.voiceToolActions.hint':
    "Reading aloud with the Reader (costs money) and opening Loa's views. Off by default.",
}

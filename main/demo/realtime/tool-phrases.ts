// Which declared tool the demo model calls for a typed turn. The demo understands no language, so a
// turn that names one of these phrases (Vietnamese or English, any case) calls its tool, with arguments
// read from the text where the tool takes any; the first phrase that matches wins. A spoken turn calls
// the tool a test named beforehand (control/faults.ts `toolCallNext`), since the demo cannot hear words.
// The phrases are listed in main/demo/README.md.

export interface DemoToolCall {
  name: string
  args: Record<string, unknown>
}

interface Phrase {
  name: string
  pattern: RegExp
  args(text: string): Record<string, unknown>
}

const VIEWS: [RegExp, string][] = [
  [/usage|sử dụng/i, 'usage'],
  [/reader|trình đọc/i, 'reader'],
  [/catalog|danh mục/i, 'catalog'],
  [/settings|cài đặt/i, 'settings'],
]

const none = (): Record<string, unknown> => ({})

export const TOOL_PHRASES: readonly Phrase[] = [
  {
    name: 'read_aloud',
    pattern: /read aloud|đọc to/i,
    // The text to read follows a colon: "read aloud: xin chào".
    args: (text) => ({ text: text.split(':').slice(1).join(':').trim() || text }),
  },
  {
    name: 'open_view',
    pattern: /\bopen\b|\bmở\b/i,
    args: (text) => ({ view: VIEWS.find(([p]) => p.test(text))?.[1] ?? 'usage' }),
  },
  {
    name: 'find_cheapest_speech_model',
    pattern: /cheapest|rẻ nhất/i,
    args: (text) => ({ language: /english|tiếng anh/i.test(text) ? 'en' : 'vi' }),
  },
  {
    name: 'get_model_price',
    pattern: /price|\bgiá\b/i,
    // A model id has a slash: "price of openai/tts-1".
    args: (text) => ({ model: /[\w.-]+\/[\w.:-]+/.exec(text)?.[0] ?? 'openai/tts-1' }),
  },
  { name: 'get_usage_by_model', pattern: /by model|theo mô hình|theo model/i, args: none },
  { name: 'get_pool_quota', pattern: /quota|hạn mức/i, args: none },
  { name: 'get_spend', pattern: /spend|chi tiêu/i, args: none },
  { name: 'get_balance', pattern: /balance|số dư/i, args: none },
]

/** The call a typed turn asks for, among the session's declared tools; null when none. */
export function toolForText(text: string, declared: readonly string[]): DemoToolCall | null {
  for (const phrase of TOOL_PHRASES) {
    if (declared.includes(phrase.name) && phrase.pattern.test(text))
      return { name: phrase.name, args: phrase.args(text) }
  }
  return null
}

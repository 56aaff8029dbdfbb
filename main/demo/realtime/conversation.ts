// The conversation the demo model keeps for a session: it outlives a dropped socket (reconnect keeps
// it) and decides how much context each new turn re-sends, which is what makes turns dearer over time.

export const INPUT_SAMPLE_RATE_HZ = 16_000
export const OUTPUT_SAMPLE_RATE_HZ = 24_000

export interface UserItem {
  id: string
  role: 'user'
  /** `tool_output`: what the client answered a function call with (`callId`, `toolName`). */
  kind: 'audio' | 'text' | 'tool_output'
  callId?: string
  toolName?: string
  audioSamples: number
  voicedSec: number
  text: string | null
  /** Tokens this item costs when re-sent as context. */
  contextTokens: number
}

export interface AssistantItem {
  id: string
  role: 'assistant'
  /** Samples actually sent to the client at 24 kHz; truncation lowers it. */
  audioSamples: number
  transcript: string
  contextTokens: number
  /**
   * The client said how much of it was played: the conversation keeps that much, even while the answer
   * goes on being made and sent (a truncate is not a cancel).
   */
  truncated: boolean
}

export type ConversationItem = UserItem | AssistantItem

export class Conversation {
  readonly items: ConversationItem[] = []
  /** Items added since the last response started: billed as new input, not as context. */
  #fresh: UserItem[] = []
  responsesStarted = 0

  lastItemId(): string | null {
    return this.items.at(-1)?.id ?? null
  }

  find(id: string): ConversationItem | undefined {
    return this.items.find((i) => i.id === id)
  }

  addUser(item: UserItem): void {
    this.items.push(item)
    this.#fresh.push(item)
  }

  addAssistant(item: AssistantItem): void {
    this.items.push(item)
  }

  /** Starts a turn: returns the new user items and the context before them, capped at `capTokens`. */
  beginTurn(capTokens: number): { fresh: UserItem[]; contextTokens: number } {
    const fresh = this.#fresh
    this.#fresh = []
    this.responsesStarted++
    let context = 0
    const freshIds = new Set(fresh.map((i) => i.id))
    for (const item of this.items) if (!freshIds.has(item.id)) context += item.contextTokens
    return { fresh, contextTokens: Math.min(context, capTokens) }
  }
}

// What the demo model reports, independent of wire protocol. Each protocol adapter implements this
// listener and turns the calls into its own frames.
import type { UserItem } from './conversation'
import type { ResponseState } from './responder'
import type { TokenUsage } from './usage'

export interface ModelError {
  code: string
  message: string
  param?: string | null
  eventId?: string | null
}

export interface ModelListener {
  speechStarted(itemId: string, audioStartMs: number): void
  speechStopped(itemId: string, audioEndMs: number): void
  inputCommitted(item: UserItem, previousItemId: string | null): void
  inputTranscribed(item: UserItem): void
  inputCleared(): void
  responseCreated(r: ResponseState): void
  outputItemAdded(r: ResponseState): void
  audioDelta(r: ResponseState, pcm: Int16Array): void
  textDelta(r: ResponseState, delta: string): void
  responseDone(r: ResponseState, usage: TokenUsage): void
  itemTruncated(itemId: string, contentIndex: number, audioEndMs: number): void
  /** The response calls a tool (`r.call`); it is answered by the client's tool output. */
  functionCall(r: ResponseState): void
  /** New user input came while calls were unanswered: they will not be used. */
  toolCallsCancelled(callIds: string[]): void
  error(e: ModelError): void
}

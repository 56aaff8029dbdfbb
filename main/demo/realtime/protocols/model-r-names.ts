// Event names that differ between the GA and beta Model-R protocol (realtime-protocols.md §2.3).
// The beta set is chosen per connection with `OpenAI-Beta: realtime=v1` (header or subprotocol
// `openai-beta.realtime-v1`) or for the whole service by a mount option.

export type EventNameSet = 'ga' | 'beta'

export interface ModelRNames {
  itemAdded: string
  /** GA sends item `.done` after `.added`; beta has only `conversation.item.created`. */
  itemDone: string | null
  audioDelta: string
  audioDone: string
  transcriptDelta: string
  transcriptDone: string
  textDelta: string
  textDone: string
  /** Content type of assistant output inside items. */
  audioContent: 'output_audio' | 'audio'
  textContent: 'output_text' | 'text'
}

export const MODEL_R_NAMES: Record<EventNameSet, ModelRNames> = {
  ga: {
    itemAdded: 'conversation.item.added',
    itemDone: 'conversation.item.done',
    audioDelta: 'response.output_audio.delta',
    audioDone: 'response.output_audio.done',
    transcriptDelta: 'response.output_audio_transcript.delta',
    transcriptDone: 'response.output_audio_transcript.done',
    textDelta: 'response.output_text.delta',
    textDone: 'response.output_text.done',
    audioContent: 'output_audio',
    textContent: 'output_text',
  },
  beta: {
    itemAdded: 'conversation.item.created',
    itemDone: null,
    audioDelta: 'response.audio.delta',
    audioDone: 'response.audio.done',
    transcriptDelta: 'response.audio_transcript.delta',
    transcriptDone: 'response.audio_transcript.done',
    textDelta: 'response.text.delta',
    textDone: 'response.text.done',
    audioContent: 'audio',
    textContent: 'text',
  },
}

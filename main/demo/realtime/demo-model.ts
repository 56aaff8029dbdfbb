// The conversational demo model behind every realtime session: it takes the user's audio and turns
// (manual or by VAD), answers each turn with synthesized speech, supports cancel and truncate, and
// counts the tokens each response costs. It speaks no wire protocol; adapters translate for it.
import type { DemoClock, SpeechSynth } from '../context'
import type { AudioRecorder } from './audio-record'
import { Conversation, INPUT_SAMPLE_RATE_HZ, OUTPUT_SAMPLE_RATE_HZ, type UserItem } from './conversation'
import type { TurnDetection } from './create-params'
import { randomId } from './ids'
import { InputBuffer } from './input-buffer'
import type { ModelError, ModelListener } from './model-events'
import type { RealtimeModel } from './models'
import { heardDescription, replyLang, replyText, type HeardInput } from './reply-text'
import { ResponseStream, type CancelReason, type ResponseState } from './responder'
import { responseUsageSoFar, turnInputUsage } from './response-usage'
import {
  audioTokens,
  emptyUsage,
  inputTokens,
  outputTokens,
  subtractUsage,
  textTokens,
  type TokenUsage,
} from './usage'
import { EnergyVad, VAD_FRAME_MS, voicedSeconds } from './vad'
import { VideoFrames } from './video-frames'
import { toolForText, type DemoToolCall } from './tool-phrases'

/** Model-R: "Expected at least 100ms of audio" for a manual commit. */
export const MIN_COMMIT_MS = 100
/** Service ms between a commit and its (asynchronous) transcription. */
export const TRANSCRIPTION_DELAY_MS = 300
const MANUAL_VOICED_THRESHOLD = 0.5

/** How turns end when turn detection is off: Model-R buffers until commit, live-type between activity signals. */
export type ManualTurns = 'commit' | 'activity'

export interface DemoModelOptions {
  clock: DemoClock
  speech: SpeechSynth
  random: () => number
  model: RealtimeModel
  modalities: ('audio' | 'text')[]
  instructions: string | null
  inputAudioTranscription: boolean
  input: { audio: boolean; video: boolean; text: boolean }
  turnDetection: TurnDetection | null
  manualTurns: ManualTurns
  recorder: AudioRecorder
  onUsage(usage: TokenUsage): void
  /** A user turn went into the conversation. */
  onCommitted?(): void
  /** Names of the function tools the session declared. */
  tools?: readonly string[]
  /** The tool a spoken turn calls, when a test named one (control/faults.ts `toolCallNext`). */
  takeToolCall?(): DemoToolCall | null
}

export class DemoModel {
  listener: ModelListener | null = null
  readonly conversation = new Conversation()
  readonly #input = new InputBuffer()
  readonly #timers = new Set<NodeJS.Timeout>()
  #vad: EnergyVad | null = null
  #turnDetection: TurnDetection | null = null
  #instructions: string | null
  #speechStartSample = 0
  #pendingItemId: string | null = null
  #activityOpen = false
  readonly #video = new VideoFrames()
  /** Frames received over the session's life, for the debug view. */
  videoFramesTotal = 0
  /** The response in progress; `accrued` is what has been billed of it so far. */
  #active: { stream: ResponseStream; input: TokenUsage; accrued: TokenUsage } | null = null
  #autoResponseQueued = false
  #stopped = false
  /** Function calls made and not yet answered: call id -> tool name. */
  readonly #openCalls = new Map<string, string>()

  constructor(private readonly o: DemoModelOptions) {
    this.#instructions = o.instructions
    this.setTurnDetection(o.turnDetection)
  }

  get turnDetection(): TurnDetection | null {
    return this.#turnDetection
  }

  get instructions(): string | null {
    return this.#instructions
  }

  get responding(): boolean {
    return this.#active !== null
  }

  setInstructions(text: string | null): void {
    this.#instructions = text
  }

  setTurnDetection(td: TurnDetection | null): void {
    this.#turnDetection = td
    this.#input.clear()
    const startMs = (this.#input.endSample / INPUT_SAMPLE_RATE_HZ) * 1000
    const config = {
      threshold: td?.threshold ?? 0,
      prefixPaddingMs: td?.prefix_padding_ms ?? 0,
      silenceDurationMs: td?.silence_duration_ms ?? 0,
    }
    this.#vad = td ? new EnergyVad(config, startMs) : null
  }

  appendAudio(pcm: Int16Array, eventId?: string | null): void {
    this.o.recorder.add(pcm)
    if (!this.o.input.audio)
      return this.#error('input_not_allowed', 'Audio input is off for this session.', eventId)
    if (this.#vad) return this.#appendWithVad(this.#vad, pcm)
    if (this.o.manualTurns === 'commit' || this.#activityOpen) this.#input.append(pcm)
  }

  /** A JPEG frame (base64); false when the session was created without video. */
  appendVideoFrame(base64: string): boolean {
    if (!this.o.input.video) return false
    this.#video.add(base64)
    this.videoFramesTotal++
    return true
  }

  /** Model-R manual commit. */
  commit(eventId?: string | null): void {
    const minSamples = (INPUT_SAMPLE_RATE_HZ * MIN_COMMIT_MS) / 1000
    if (this.#input.lengthSamples < minSamples) {
      const ms = ((this.#input.lengthSamples / INPUT_SAMPLE_RATE_HZ) * 1000).toFixed(2)
      const message = `Error committing input audio buffer: buffer too small. Expected at least ${MIN_COMMIT_MS}ms of audio, but buffer only has ${ms}ms of audio.`
      return this.#error('input_audio_buffer_commit_empty', message, eventId)
    }
    this.#commitAudio(this.#input.take(), this.#newItemId())
  }

  clearInput(): void {
    this.#input.clear()
    this.listener?.inputCleared()
  }

  addUserText(text: string, eventId?: string | null): UserItem | null {
    this.#cancelOpenCalls()
    if (!this.o.input.text) {
      this.#error('input_not_allowed', 'Text input is off for this session.', eventId)
      return null
    }
    const item: UserItem = {
      id: this.#newItemId(),
      role: 'user',
      kind: 'text',
      audioSamples: 0,
      voicedSec: 0,
      text,
      contextTokens: textTokens(text),
    }
    const previous = this.conversation.lastItemId()
    this.conversation.addUser(item)
    this.listener?.inputCommitted(item, previous)
    return item
  }

  /** Live-type manual turns: a new activity interrupts the model and starts capturing. */
  startActivity(): void {
    this.#cancelOpenCalls()
    if (this.#active) this.cancelResponse('turn_detected')
    this.#activityOpen = true
    this.#input.clear()
  }

  endActivity(): void {
    if (!this.#activityOpen) return
    this.#activityOpen = false
    const pcm = this.#input.take()
    if (pcm.length > 0) this.#commitAudio(pcm, this.#newItemId())
    this.createResponse()
  }

  /** Live-type automatic mode: the microphone paused, so a turn in progress ends now. */
  audioStreamEnd(): void {
    const event = this.#vad?.flush()
    if (event?.type === 'stop') this.#speechStopped(event.audioEndMs)
  }

  createResponse(eventId?: string | null): void {
    if (this.#stopped) return
    if (this.#active) {
      const message = 'Conversation already has an active response in progress.'
      return this.#error('conversation_already_has_active_response', message, eventId)
    }
    const turn = this.conversation.beginTurn(this.o.model.contextTokenCap)
    const input = turnInputUsage(
      this.o.model,
      turn.fresh,
      turn.contextTokens,
      this.#instructions,
      this.#video.count,
    )
    const call = this.#callFor(turn.fresh)
    if (call) return this.#callTool(call, input)
    const seen = this.#video.take()
    const text = replyText(this.#heard(turn.fresh), this.conversation.responsesStarted, this.#lang(), seen)
    const state: ResponseState = {
      id: randomId('resp_', this.o.random),
      itemId: this.#newItemId(),
      status: 'in_progress',
      reason: null,
      text,
      sentText: '',
      sentSamples: 0,
      outputStarted: false,
      audio: this.o.modalities.includes('audio'),
      error: null,
    }
    const stream = new ResponseStream(
      state,
      { clock: this.o.clock, speech: this.o.speech, lang: this.#lang() },
      {
        outputStarted: (r) => this.#outputStarted(r),
        audio: (r, pcm) => {
          this.o.recorder.sentSamples24k += pcm.length
          const item = this.conversation.find(r.itemId)
          if (item?.role === 'assistant' && !item.truncated) item.audioSamples += pcm.length
          this.listener?.audioDelta(r, pcm)
          this.#accrue()
        },
        text: (r, delta) => {
          this.listener?.textDelta(r, delta)
          this.#accrue()
        },
        finished: (r) => this.#finished(r),
      },
    )
    this.#active = { stream, input, accrued: emptyUsage() }
    this.listener?.responseCreated(state)
    this.#accrue()
    if (this.#active?.stream === stream) void stream.start()
  }

  /**
   * The client's answer to a function call. Unknown ids are refused (Model-R `error`); the next
   * response reads the output back.
   */
  addToolOutput(callId: string, output: string, eventId?: string | null): UserItem | null {
    const name = this.#openCalls.get(callId)
    if (name === undefined) {
      this.#error('invalid_value', `No open function call with call_id '${callId}'.`, eventId, 'call_id')
      return null
    }
    this.#openCalls.delete(callId)
    const item: UserItem = {
      id: this.#newItemId(),
      role: 'user',
      kind: 'tool_output',
      callId,
      toolName: name,
      audioSamples: 0,
      voicedSec: 0,
      text: output,
      contextTokens: textTokens(output),
    }
    const previous = this.conversation.lastItemId()
    this.conversation.addUser(item)
    this.listener?.inputCommitted(item, previous)
    return item
  }

  hasOpenCall(callId: string): boolean {
    return this.#openCalls.has(callId)
  }

  /** The assistant item of the answer in progress, or null. */
  get answeringItemId(): string | null {
    return this.#active?.stream.state.itemId ?? null
  }

  /** False when no response is in progress. */
  cancelResponse(reason: CancelReason, eventId?: string | null): boolean {
    if (!this.#active) {
      if (eventId !== undefined) {
        this.#error('response_cancel_not_active', 'Cancellation failed: no active response found.', eventId)
      }
      return false
    }
    this.#active.stream.cancel(reason)
    return true
  }

  truncate(itemId: string, contentIndex: number, audioEndMs: number, eventId?: string | null): void {
    const item = this.conversation.find(itemId)
    if (!item || item.role !== 'assistant') {
      return this.#error('invalid_value', `No assistant item with id '${itemId}'.`, eventId, 'item_id')
    }
    // Model-R truncation trims what the conversation keeps of the item to what was played; it does not
    // stop the answer (that is response.cancel's job), which goes on and finishes as `completed`.
    const answering = this.#active?.stream.state
    const spoken = answering?.itemId === itemId ? answering.sentText : item.transcript
    const audioMs = Math.floor((item.audioSamples / OUTPUT_SAMPLE_RATE_HZ) * 1000)
    if (!Number.isInteger(audioEndMs) || audioEndMs < 0 || audioEndMs > audioMs) {
      const message = `Audio content of ${audioMs}ms is shorter than the requested ${audioEndMs}ms.`
      return this.#error('invalid_value', message, eventId, 'audio_end_ms')
    }
    const keptFraction =
      item.audioSamples > 0 ? (audioEndMs * OUTPUT_SAMPLE_RATE_HZ) / 1000 / item.audioSamples : 0
    item.audioSamples = Math.round((audioEndMs * OUTPUT_SAMPLE_RATE_HZ) / 1000)
    item.transcript = spoken.slice(0, Math.round(spoken.length * keptFraction))
    item.truncated = true
    item.contextTokens = audioTokens(
      item.audioSamples,
      OUTPUT_SAMPLE_RATE_HZ,
      this.o.model.audioInTokensPerSec,
    )
    this.listener?.itemTruncated(itemId, contentIndex, audioEndMs)
  }

  /** The socket went away: nothing more is sent, and nothing unsent is billed. */
  detach(): void {
    this.listener = null
    this.cancelResponse('client_cancelled')
  }

  stop(): void {
    this.#stopped = true
    this.detach()
    for (const t of this.#timers) clearTimeout(t)
    this.#timers.clear()
  }

  #appendWithVad(vad: EnergyVad, pcm: Int16Array): void {
    this.#input.append(pcm)
    for (const event of vad.push(pcm)) {
      if (event.type === 'start') this.#speechStarted(event.audioStartMs)
      else this.#speechStopped(event.audioEndMs)
    }
    if (!vad.speaking) {
      const keepMs = (this.#turnDetection?.prefix_padding_ms ?? 0) + 10 * VAD_FRAME_MS
      this.#input.trimTo((INPUT_SAMPLE_RATE_HZ * keepMs) / 1000)
    }
  }

  #speechStarted(audioStartMs: number): void {
    this.#pendingItemId = this.#newItemId()
    this.#speechStartSample = (audioStartMs * INPUT_SAMPLE_RATE_HZ) / 1000
    this.listener?.speechStarted(this.#pendingItemId, audioStartMs)
    if (this.#active && this.#turnDetection?.interrupt_response) this.cancelResponse('turn_detected')
  }

  #speechStopped(audioEndMs: number): void {
    const itemId = this.#pendingItemId ?? this.#newItemId()
    this.#pendingItemId = null
    this.listener?.speechStopped(itemId, audioEndMs)
    this.#commitAudio(this.#input.take(this.#speechStartSample), itemId)
    if (!this.#turnDetection?.create_response) return
    if (this.#active) this.#autoResponseQueued = true
    else this.createResponse()
  }

  #commitAudio(pcm: Int16Array, itemId: string): void {
    const item: UserItem = {
      id: itemId,
      role: 'user',
      kind: 'audio',
      audioSamples: pcm.length,
      voicedSec: voicedSeconds(pcm, this.#turnDetection?.threshold ?? MANUAL_VOICED_THRESHOLD),
      text: null,
      contextTokens: audioTokens(pcm.length, INPUT_SAMPLE_RATE_HZ, this.o.model.audioInTokensPerSec),
    }
    const previous = this.conversation.lastItemId()
    this.conversation.addUser(item)
    this.o.recorder.committedTurns.push({ itemId, samples: pcm.length })
    this.listener?.inputCommitted(item, previous)
    this.o.onCommitted?.()
    if (!this.o.inputAudioTranscription) return
    // Transcription runs beside the response, so its event lands somewhere inside the response's events.
    const timer = this.o.clock.setTimeout(() => {
      this.#timers.delete(timer)
      item.text = heardDescription(item.voicedSec)
      this.listener?.inputTranscribed(item)
    }, TRANSCRIPTION_DELAY_MS)
    this.#timers.add(timer)
  }

  /** A typed turn naming a declared tool calls it; a spoken one calls the tool a test asked for. */
  #callFor(fresh: UserItem[]): DemoToolCall | null {
    const declared = this.o.tools ?? []
    if (declared.length === 0) return null
    if (fresh.some((i) => i.kind === 'audio')) {
      const call = this.o.takeToolCall?.() ?? null
      return call && declared.includes(call.name) ? call : null
    }
    const text = fresh.find((i) => i.kind === 'text')?.text
    return text ? toolForText(text, declared) : null
  }

  /** A response that only calls a tool: made at once, billed for its input and the arguments' tokens. */
  #callTool(call: DemoToolCall, input: TokenUsage): void {
    const args = JSON.stringify(call.args)
    const state: ResponseState = {
      id: randomId('resp_', this.o.random),
      itemId: this.#newItemId(),
      status: 'completed',
      reason: null,
      text: '',
      sentText: '',
      sentSamples: 0,
      outputStarted: false,
      audio: false,
      error: null,
      call: { callId: randomId('call_', this.o.random), name: call.name, arguments: args },
    }
    this.conversation.addAssistant({
      id: state.itemId,
      role: 'assistant',
      audioSamples: 0,
      transcript: '',
      contextTokens: textTokens(args),
      truncated: false,
    })
    this.#openCalls.set(state.call!.callId, call.name)
    const usage = responseUsageSoFar(this.o.model, state, input)
    usage.textOut += textTokens(args)
    if (inputTokens(usage) + outputTokens(usage) > 0) this.o.onUsage(usage)
    this.listener?.responseCreated(state)
    this.listener?.functionCall(state)
    this.listener?.responseDone(state, usage)
  }

  #cancelOpenCalls(): void {
    if (this.#openCalls.size === 0) return
    const ids = [...this.#openCalls.keys()]
    this.#openCalls.clear()
    this.listener?.toolCallsCancelled(ids)
  }

  #heard(fresh: UserItem[]): HeardInput {
    const output = fresh.find((i) => i.kind === 'tool_output')
    if (output) return { kind: 'tool', name: output.toolName ?? '', output: output.text ?? '' }
    const audio = fresh.filter((i) => i.kind === 'audio')
    if (audio.length > 0) return { kind: 'audio', voicedSec: audio.reduce((s, i) => s + i.voicedSec, 0) }
    const text = fresh.find((i) => i.kind === 'text')
    return text?.text ? { kind: 'text', text: text.text } : { kind: 'none' }
  }

  #outputStarted(r: ResponseState): void {
    this.conversation.addAssistant({
      id: r.itemId,
      role: 'assistant',
      audioSamples: 0,
      transcript: '',
      contextTokens: 0,
      truncated: false,
    })
    this.listener?.outputItemAdded(r)
  }

  /**
   * Bills what the response has produced since the last call, so spending caps and an empty wallet cut a
   * long answer while it plays rather than after it. The pieces add up to the response's usage exactly.
   */
  #accrue(): void {
    const active = this.#active
    if (!active) return
    const now = responseUsageSoFar(this.o.model, active.stream.state, active.input)
    const delta = subtractUsage(now, active.accrued)
    active.accrued = now
    if (inputTokens(delta) + outputTokens(delta) > 0) this.o.onUsage(delta)
  }

  #finished(r: ResponseState): void {
    this.#accrue()
    const usage = this.#active ? this.#active.accrued : emptyUsage()
    this.#active = null
    const item = this.conversation.find(r.itemId)
    if (item?.role === 'assistant' && !item.truncated) {
      item.transcript = r.sentText
      item.contextTokens =
        audioTokens(item.audioSamples, OUTPUT_SAMPLE_RATE_HZ, this.o.model.audioInTokensPerSec) +
        (r.audio ? 0 : textTokens(r.sentText))
    }
    this.listener?.responseDone(r, usage)
    if (this.#autoResponseQueued && this.listener) this.createResponse()
    this.#autoResponseQueued = false
  }

  #lang(): 'vi' | 'en' {
    return replyLang(this.#instructions)
  }

  #newItemId(): string {
    return randomId('item_', this.o.random)
  }

  #error(code: string, message: string, eventId?: string | null, param: string | null = null): void {
    const e: ModelError = { code, message, param, eventId: eventId ?? null }
    this.listener?.error(e)
  }
}

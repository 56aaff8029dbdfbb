// A scripted gateway for engine tests: the sessions API in memory, and sockets that end in a small model
// speaking either wire protocol. Answers hold their audio open until the test finishes them, so a test
// can barge in while the model is "speaking"; everything the client sent is kept for assertions.
import { GatewayError } from '../../../main/api/gateway-error'
import { memoryConnector, type MemoryServerEnd } from './memory-transport'
import type {
  CreateSessionParams,
  ReconnectInfo,
  RealtimeSessionInfo,
  SessionService,
} from '../../../main/api/realtime/sessions-api'
import { TransportError, type TransportConnector } from '../../../main/realtime/transports/transport'

export type Wire = 'model-r' | 'live'

const PROTOCOL: Record<Wire, string> = { 'model-r': 'openai-realtime-v1', live: 'gemini-live-v1beta' }
export const VND_PER_MIN = 2_700
/** 100 ms of 24 kHz PCM16 per answer chunk. */
export const CHUNK_SAMPLES = 2_400

export interface FakeSession {
  info: RealtimeSessionInfo
  params: CreateSessionParams
  tokens: string[]
  sockets: FakeSocket[]
  deleted: boolean
}

/** One connection's server side: parses what the client sends and answers like the protocol. */
export class FakeSocket {
  readonly messages: Record<string, unknown>[] = []
  /** Upstream audio samples, in arrival order. */
  readonly audio: number[] = []
  #appendedSinceCommit = 0
  #responseSeq = 0
  #running: { id: string; itemId: string; sentChunks: number } | null = null

  constructor(
    readonly wire: Wire,
    readonly end: MemoryServerEnd,
    readonly session: FakeSession,
    private readonly chunksAtOnce: number,
  ) {
    end.onFrame((frame) => this.#receive(JSON.parse(frame) as Record<string, unknown>))
  }

  get running(): { id: string; itemId: string; sentChunks: number } | null {
    return this.#running
  }

  /** Compact list of what arrived: Model-R `type`s, or live `realtimeInput` keys. */
  kinds(): string[] {
    return this.messages.map((m) =>
      typeof m.type === 'string' ? m.type : Object.keys((m.realtimeInput as object) ?? m).join('+'),
    )
  }

  svc(payload: Record<string, unknown>): void {
    this.end.send({ svc: { session_id: this.session.info.id, ...payload } })
  }

  /** Sends `chunks` more chunks of the running answer. */
  speak(chunks: number): void {
    const r = this.#running
    if (!r) return
    for (let i = 0; i < chunks; i++) {
      const pcm = tone(CHUNK_SAMPLES, r.sentChunks)
      r.sentChunks++
      const data = Buffer.from(pcm.buffer).toString('base64')
      const word = `w${r.sentChunks} `
      if (this.wire === 'model-r') {
        const ids = { response_id: r.id, item_id: r.itemId, output_index: 0, content_index: 0 }
        this.end.send({ type: 'response.output_audio.delta', ...ids, delta: data })
        this.end.send({ type: 'response.output_audio_transcript.delta', ...ids, delta: word })
      } else {
        this.end.send({
          serverContent: {
            modelTurn: { parts: [{ inlineData: { mimeType: 'audio/pcm;rate=24000', data } }] },
          },
        })
        this.end.send({ serverContent: { outputTranscription: { text: word } } })
      }
    }
  }

  /** Ends the running answer normally; `turnComplete` can be left out for the live type. */
  finish(opts: { turnComplete?: boolean } = {}): void {
    const r = this.#running
    if (!r) return
    this.#running = null
    if (this.wire === 'model-r') {
      const ids = { response_id: r.id, item_id: r.itemId, output_index: 0, content_index: 0 }
      this.end.send({ type: 'response.output_audio.done', ...ids })
      this.end.send({
        type: 'response.output_audio_transcript.done',
        ...ids,
        transcript: words(r.sentChunks),
      })
      this.end.send({
        type: 'response.done',
        response: {
          id: r.id,
          status: 'completed',
          usage: { total_tokens: 30, input_tokens: 10, output_tokens: 20 },
        },
      })
    } else {
      this.end.send({ serverContent: { generationComplete: true } })
      if (opts.turnComplete !== false)
        this.end.send({ serverContent: { turnComplete: true }, usageMetadata: { totalTokenCount: 30 } })
    }
  }

  #receive(m: Record<string, unknown>): void {
    this.messages.push(m)
    if (this.wire === 'model-r') this.#modelR(m)
    else this.#live(m)
  }

  #modelR(m: Record<string, unknown>): void {
    switch (m.type) {
      case 'input_audio_buffer.append':
        return this.#append(String(m.audio))
      case 'input_audio_buffer.clear':
        this.#appendedSinceCommit = 0
        return this.end.send({ type: 'input_audio_buffer.cleared' })
      case 'input_audio_buffer.commit':
        if (this.#appendedSinceCommit < 1_600) {
          const error = {
            code: 'input_audio_buffer_commit_empty',
            message: 'too small',
            event_id: m.event_id,
          }
          return this.end.send({ type: 'error', error })
        }
        this.#appendedSinceCommit = 0
        this.end.send({ type: 'input_audio_buffer.committed', item_id: `user_${this.messages.length}` })
        return this.end.send({
          type: 'conversation.item.input_audio_transcription.completed',
          item_id: `user_${this.messages.length}`,
          transcript: 'hello there',
        })
      case 'response.create':
        return this.#startResponse()
      case 'response.cancel': {
        const r = this.#running
        if (!r) {
          const error = {
            code: 'response_cancel_not_active',
            message: 'no active response',
            event_id: m.event_id,
          }
          return this.end.send({ type: 'error', error })
        }
        this.#running = null
        return this.end.send({ type: 'response.done', response: { id: r.id, status: 'cancelled' } })
      }
      default:
        return
    }
  }

  #live(m: Record<string, unknown>): void {
    const input = (m.realtimeInput ?? {}) as Record<string, unknown>
    const audio = input.audio as { data?: string } | undefined
    if (audio?.data) this.#append(audio.data)
    if (input.activityStart !== undefined && this.#running) {
      this.#running = null
      this.end.send({ serverContent: { interrupted: true } })
      this.end.send({ serverContent: { turnComplete: true } })
    }
    if (input.activityEnd !== undefined) {
      this.end.send({ serverContent: { inputTranscription: { text: 'hello there', finished: true } } })
      this.#startResponse()
    }
  }

  #append(base64: string): void {
    const bytes = Buffer.from(base64, 'base64')
    const pcm = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2)
    for (const s of pcm) this.audio.push(s)
    this.#appendedSinceCommit += pcm.length
  }

  #startResponse(): void {
    const n = ++this.#responseSeq
    this.#running = { id: `resp_${n}`, itemId: `item_${n}`, sentChunks: 0 }
    if (this.wire === 'model-r')
      this.end.send({ type: 'response.created', response: { id: `resp_${n}`, status: 'in_progress' } })
    this.speak(this.chunksAtOnce)
  }
}

export interface FakeServiceOptions {
  wire?: Wire
  /** Chunks of the answer sent at once when it starts; the rest waits for `speak`/`finish`. */
  chunksAtOnce?: number
}

export class FakeService implements SessionService {
  readonly wire: Wire
  readonly sessions: FakeSession[] = []
  readonly calls: string[] = []
  /** Errors the next create calls throw, in order. */
  readonly createFailures: Error[] = []
  /** Connection attempts to refuse, in order: the TransportError code to refuse with. */
  readonly refuseConnects: string[] = []
  /** Resolves a create that the test holds back (see `holdCreates`). */
  #heldCreates: (() => void)[] = []
  holdCreates = false
  readonly connector: TransportConnector
  readonly #chunksAtOnce: number

  constructor(opts: FakeServiceOptions = {}) {
    this.wire = opts.wire ?? 'model-r'
    this.#chunksAtOnce = opts.chunksAtOnce ?? 3
    this.connector = memoryConnector((end) => this.#accept(end))
  }

  /** Lets held-back creates answer. */
  releaseCreates(): void {
    for (const resolve of this.#heldCreates.splice(0)) resolve()
  }

  get lastSocket(): FakeSocket {
    const sockets = this.sessions.flatMap((s) => s.sockets)
    const last = sockets.at(-1)
    if (!last) throw new Error('no socket yet')
    return last
  }

  async create(params: CreateSessionParams): Promise<RealtimeSessionInfo> {
    this.calls.push('create')
    if (this.holdCreates) await new Promise<void>((resolve) => this.#heldCreates.push(resolve))
    const failure = this.createFailures.shift()
    if (failure) throw failure
    const n = this.sessions.length + 1
    const created = Date.now()
    const info: RealtimeSessionInfo = {
      id: `sess_${n}`,
      status: 'created',
      model: params.model,
      protocol: PROTOCOL[this.wire],
      transport: 'websocket',
      createdAt: new Date(created).toISOString(),
      connectBy: new Date(created + 60_000).toISOString(),
      endedAt: null,
      endReason: null,
      connection: {
        kind: 'websocket',
        url: `mem://sess_${n}`,
        protocol: PROTOCOL[this.wire],
        token: `tok_${n}_1`,
      },
      billing: {
        currency: 'VND',
        estimatedVndPerMin: VND_PER_MIN,
        maxSpendVnd: 50_000,
        totalVnd: null,
        chargedVnd: null,
        unpaidVnd: null,
      },
      usage: null,
      metadata: null,
    }
    this.sessions.push({ info, params, tokens: [`tok_${n}_1`], sockets: [], deleted: false })
    return info
  }

  async reconnect(id: string, knownUrl: string): Promise<ReconnectInfo> {
    this.calls.push(`reconnect ${id}`)
    const s = this.#session(id)
    if (!s || s.deleted)
      throw new GatewayError('invalid_input', 'ended', {
        status: 409,
        code: 'realtime_session_ended',
        requestId: null,
      })
    const token = `tok_${id.slice(5)}_${s.tokens.length + 1}`
    s.tokens.push(token)
    return { token, url: knownUrl, reconnectBy: null }
  }

  async delete(id: string): Promise<RealtimeSessionInfo> {
    this.calls.push(`delete ${id}`)
    const s = this.#session(id)
    if (!s)
      throw new GatewayError('not_found', 'no such session', {
        status: 404,
        code: 'session_not_found',
        requestId: null,
      })
    s.deleted = true
    for (const socket of s.sockets) if (socket.end.isOpen) socket.end.close(4000, 'ended: client_deleted')
    return {
      ...s.info,
      status: 'ended',
      endReason: 'client_deleted',
      billing: { ...s.info.billing, totalVnd: 123 },
      usage: {
        totalTokens: 30,
        inputTokens: 10,
        outputTokens: 20,
        durationSec: 12,
        audioInSec: 1,
        audioOutSec: 1,
      },
    }
  }

  #session(id: string): FakeSession | undefined {
    return this.sessions.find((s) => s.info.id === id)
  }

  #accept(end: MemoryServerEnd): void {
    const s = this.sessions.find((x) => end.target.url === x.info.connection?.url)
    if (!s) throw new TransportError('not_found', 'session_not_found', 'no such session', { status: 404 })
    const refusal = this.refuseConnects.shift()
    if (refusal) throw new TransportError('auth', refusal, refusal, { status: 401 })
    if (end.target.token !== s.tokens.at(-1))
      throw new TransportError('auth', 'invalid_session_token', 'bad token', { status: 401 })
    const socket = new FakeSocket(this.wire, end, s, this.#chunksAtOnce)
    s.sockets.push(socket)
    if (this.wire === 'model-r') end.send({ type: 'session.created', session: { id: s.info.id } })
    else end.send({ setupComplete: {} })
    const resumed = s.sockets.length > 1
    end.send({
      svc: {
        type: 'session.active',
        session_id: s.info.id,
        resumed,
        billing: { currency: 'VND', estimated_vnd_per_min: VND_PER_MIN, max_spend_vnd: 50_000 },
      },
    })
  }
}

/** A distinct, recognisable chunk: chunk `n` is filled with the value n + 1. */
function tone(samples: number, n: number): Int16Array {
  return new Int16Array(samples).fill(n + 1)
}

function words(chunks: number): string {
  return Array.from({ length: chunks }, (_, i) => `w${i + 1}`).join(' ')
}

/** A ramp of distinct values, so order and loss of frames can be checked sample by sample. */
export function ramp(samples: number, start = 0): Float32Array {
  const out = new Float32Array(samples)
  for (let i = 0; i < samples; i++) out[i] = (((start + i) % 20_000) - 10_000) / 32_768
  return out
}

// The WebRTC side of the demo service: answers the offers posted to a session's SDP endpoint and keeps the
// peers that carry sessions. werift (WebRTC in TypeScript) is loaded with the first offer, so a demo service
// or test that never sees one does not pay for loading it.
import type { DemoContext } from '../../context'
import type { EventNameSet } from '../protocols/model-r-names'
import type { RealtimeSession } from '../session'
import type { SessionTokens, TokenEntry } from '../tokens'
import { offerProblem } from './offer-check'
import type { RtcConnection } from './rtc-connection'
import { emptyCounters, type RtpCounters } from './rtp-counters'

export type AnswerResult =
  { ok: true; sdp: string } | { ok: false; status: number; code: string; message: string }

/** Audio a session's peers carried, in ms at the track's 48 kHz. */
export interface RtpAudioDebug {
  receivedMs: number
  sentMs: number
}

const SAMPLES_PER_MS = 48

const UNAVAILABLE: AnswerResult = {
  ok: false,
  status: 503,
  code: 'realtime_channel_unavailable',
  message: 'The audio channel could not be opened; create a new session and retry.',
}

export class WebRtcPeers {
  readonly #answering = new Set<string>()
  readonly #connections = new Set<RtcConnection>()
  readonly #counters = new Map<string, RtpCounters>()
  #closed = false

  constructor(
    private readonly ctx: DemoContext,
    private readonly tokens: SessionTokens,
  ) {}

  /** An offer for this session is being answered: a second one now is as much a conflict as a connected peer. */
  answering(sessionId: string): boolean {
    return this.#answering.has(sessionId)
  }

  /** Answers `offer` for `session`; on success the token is spent and the peer is the session's connection. */
  async answer(
    session: RealtimeSession,
    token: TokenEntry,
    offer: string,
    names: EventNameSet,
  ): Promise<AnswerResult> {
    const problem = offerProblem(offer)
    if (problem) return { ok: false, status: 400, code: 'invalid_sdp_offer', message: problem }
    this.#answering.add(session.id)
    try {
      const [{ negotiate }, { RtcConnection }] = await Promise.all([
        import('./peer'),
        import('./rtc-connection'),
      ])
      const peer = await negotiate(offer).catch(() => null)
      // The WebSocket's 4503 in HTTP form: the audio channel could not be opened.
      if (!peer) return UNAVAILABLE
      if ('problem' in peer)
        return { ok: false, status: 400, code: 'invalid_sdp_offer', message: peer.problem }
      // The session may have changed while the answer was being made.
      const refusal = this.#refusal(session, token)
      if (refusal) {
        await peer.pc.close().catch(() => {})
        return refusal
      }
      this.tokens.spend(token)
      const connection = new RtcConnection({
        ctx: this.ctx,
        session,
        pc: peer.pc,
        incoming: peer.incoming,
        outgoing: peer.outgoing,
        payloadType: peer.payloadType,
        names,
        counters: this.#countersOf(session.id),
        onClosed: (c) => this.#connections.delete(c),
      })
      this.#connections.add(connection)
      return { ok: true, sdp: peer.answerSdp }
    } finally {
      this.#answering.delete(session.id)
    }
  }

  debug(sessionId: string): RtpAudioDebug | null {
    const c = this.#counters.get(sessionId)
    if (!c) return null
    return {
      receivedMs: Math.round(c.receivedSamples48k / SAMPLES_PER_MS),
      sentMs: Math.round(c.sentSamples48k / SAMPLES_PER_MS),
    }
  }

  forget(sessionId: string): void {
    this.#counters.delete(sessionId)
  }

  close(): void {
    this.#closed = true
    for (const c of [...this.#connections]) c.close()
  }

  #refusal(session: RealtimeSession, token: TokenEntry): AnswerResult | null {
    const conflict = (code: string, message: string): AnswerResult => ({
      ok: false,
      status: 409,
      code,
      message,
    })
    if (this.#closed || session.finished)
      return conflict('realtime_session_ended', `Session ${session.id} is ${session.status}.`)
    if (session.connected)
      return conflict('realtime_session_already_connected', 'The session is already connected.')
    if (token.used || session.token !== token)
      return conflict(
        'realtime_token_used',
        'The session token was used meanwhile; call reconnect for a new one.',
      )
    return null
  }

  #countersOf(sessionId: string): RtpCounters {
    let c = this.#counters.get(sessionId)
    if (!c) {
      c = emptyCounters()
      this.#counters.set(sessionId, c)
    }
    return c
  }
}

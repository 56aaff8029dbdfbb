// The voice service's one session made ready ahead of a press (main/realtime/link/prepared-session.ts), for
// the options the next conversation would open with. Options that change (model, voice, instructions,
// transport, length, the account) make it useless: it is deleted, free, and one for the new options made.
// Over WebRTC the page makes its peer and offer for the session's data channel at the same time.
import type { GatewayEndpoint } from '../api/http'
import type { EngineClock } from '../realtime/engine/engine-clock'
import { createParams } from '../realtime/engine/engine-options'
import { PreparedSession, type PreparedSource } from '../realtime/link/prepared-session'
import type { RtcPeers } from '../realtime/transports/rtc-peers'
import type { EngineOptions } from '../realtime/engine/session-engine'
import type { RealtimeSessionInfo, SessionService } from '../api/realtime/sessions-api'

export interface VoicePreparerDeps {
  api(endpoint: GatewayEndpoint): Pick<SessionService, 'create' | 'delete'>
  clock: EngineClock
  rtc: RtcPeers
}

export class VoicePreparer {
  #kept: { key: string; keeper: PreparedSession } | null = null

  constructor(private readonly deps: VoicePreparerDeps) {}

  /** The session kept ready now, if any (for the status and for tests). */
  get session(): RealtimeSessionInfo | null {
    return this.#kept?.keeper.session ?? null
  }

  /** Sessions created for preparing so far, renewals included, by the keeper in use. */
  get creates(): number {
    return this.#kept?.keeper.creates ?? 0
  }

  /** Keeps a session ready for a conversation with these options; one for other options is dropped. */
  keep(endpoint: GatewayEndpoint, options: EngineOptions): void {
    const key = keyOf(endpoint, options)
    if (this.#kept?.key !== key) {
      this.discard()
      const keeper = new PreparedSession({
        api: this.deps.api(endpoint),
        clock: this.deps.clock,
        params: createParams(options),
        ready: (session) => {
          const connection = session.connection
          if (connection?.kind === 'webrtc') this.deps.rtc.prepare(connection.dataChannel)
        },
      })
      this.#kept = { key, keeper }
    }
    this.#kept?.keeper.start()
  }

  /** Where an engine with these options looks first: the kept session, when it was made for them. */
  sourceFor(endpoint: GatewayEndpoint, options: EngineOptions): PreparedSource {
    const key = keyOf(endpoint, options)
    return { take: () => (this.#kept?.key === key ? this.#kept.keeper.take() : null) }
  }

  /** Stops renewing and deletes the kept session (never connected, so never charged). */
  discard(): Promise<void> {
    const kept = this.#kept
    this.#kept = null
    if (!kept) return Promise.resolve()
    if (kept.keeper.session?.connection?.kind === 'webrtc') this.deps.rtc.unprepare()
    return kept.keeper.stop()
  }
}

/** Two conversations open the same session when they go to the same account with the same params. */
function keyOf(endpoint: GatewayEndpoint, options: EngineOptions): string {
  return JSON.stringify([endpoint.baseUrl, endpoint.key, createParams(options)])
}

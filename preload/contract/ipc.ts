// The IPC maps: every request/response call and every event main pushes, by channel. main's handlers, the
// preload bridge, the browser harness and the renderer's wrapper are all typed from them.
// Channel names are `domain:verb`; the bridge exposes them as `loa.<domain>.<verb>(payload)` and
// events as `loa.<domain>.on<Verb>(listener)`.
import type { DailyUsage, Glance, ModelUsage, Part, UsageDays, UsageRecordsPage } from './account'
import type {
  AppInfo,
  CrashNotice,
  ConnectionStatus,
  KeyStatus,
  Notice,
  SaveTextRequest,
  SupportSaveRequest,
  UpdateState,
  ViewName,
} from './app'
import type { CatalogKind, CatalogList, CatalogModel } from './catalog'
import type { IpcResult } from './errors'
import type {
  ReaderAudio,
  ReaderChoice,
  ReaderEstimate,
  ReaderHistoryItem,
  ReaderModels,
  ReaderPreviewRequest,
  ReaderSaved,
  ReaderSnapshot,
  ReaderVoices,
  ReaderWait,
  ReadingStatus,
} from './reader'
import type {
  DocumentChoice,
  DocumentEstimate,
  DocumentReadRequest,
  ReaderDocument,
  ReaderDocumentPart,
} from './reader-document'
import type { Settings, SettingsPatch, SettingsSnapshot } from './settings'
import type {
  HotkeyStatus,
  VoiceConversationSummary,
  VoiceHistory,
  VoiceLine,
  VoiceModels,
  VoiceRtcCommand,
  VoiceRtcState,
  VoiceSessionSummary,
  VoiceSnapshot,
  VoiceStatus,
} from './voice'
import type { VoiceShareSource, VoiceVideoFrame } from './video'

/** Request/response calls: `loa.<domain>.<verb>(request)` resolves to IpcResult<response>. */
export interface Requests {
  'app:info': { request: void; response: AppInfo }
  'app:quit': { request: void; response: void }
  /** The update ready to install, if any. */
  'app:updateState': { request: void; response: UpdateState }
  /** Restarts into the update now, or once the conversation or reading running ends. */
  'app:installUpdate': { request: void; response: UpdateState }
  /** "Later": the offer is put away until the next start or the next day's check. */
  'app:deferUpdate': { request: void; response: UpdateState }
  'window:show': { request: { view: ViewName }; response: void }
  'window:hidePopup': { request: void; response: void }
  'key:status': { request: void; response: KeyStatus }
  'key:set': { request: { key: string; baseUrl?: string }; response: KeyStatus }
  'key:clear': { request: void; response: KeyStatus }
  'connection:status': { request: void; response: ConnectionStatus }
  'settings:get': { request: void; response: SettingsSnapshot }
  'settings:update': { request: SettingsPatch; response: Settings }
  /** Asks main for a MessagePort pair for streaming PCM; the port arrives as a window message `loa:audio-port`. */
  'audio:openPort': { request: void; response: void }
  /** The popup's data from cache at once; stale parts refresh behind it and arrive as `account:changed`. */
  'account:glance': { request: void; response: Glance }
  /** Refreshes every part of the glance now (the refresh button). */
  'account:refresh': { request: void; response: Glance }
  /** Tells main whether the popup is showing, so it refreshes at the popup's pace. */
  'account:popupVisible': { request: { visible: boolean }; response: void }
  'usage:records': { request: { limit: number }; response: Part<UsageRecordsPage> }
  'usage:daily': { request: { days: UsageDays }; response: Part<DailyUsage> }
  'usage:models': { request: void; response: Part<ModelUsage> }
  'catalog:list': { request: { kind: CatalogKind }; response: CatalogList }
  'catalog:model': { request: { id: string }; response: CatalogModel }
  /** Saves text the renderer made (a CSV export) where the user chooses; null when the user cancels. */
  'file:saveText': { request: SaveTextRequest; response: { path: string } | null }
  /**
   * Saves a support bundle (versions, OS, gateway host, keychain and talk-key backends, the audio devices
   * the page names, recent requests and errors, the checks) where the user chooses; null when cancelled.
   * It never holds the key, a token or text read aloud.
   */
  'support:save': { request: SupportSaveRequest; response: { path: string } | null }
  /** Crashes of the last run not yet saved or dismissed; null when there were none. */
  'crash:pending': { request: void; response: CrashNotice | null }
  /** Saves the crash report (the records and the log lines before each) where the user chooses; null when cancelled. */
  'crash:save': { request: void; response: { path: string } | null }
  /** Forgets the last run's crashes without saving them. */
  'crash:dismiss': { request: void; response: void }
  /** The conversation so far: status, lines and the last summary. */
  'voice:snapshot': { request: void; response: VoiceSnapshot }
  /** Realtime models with the VND-per-minute estimate for the user's plan. */
  'voice:models': { request: void; response: VoiceModels }
  /** The talk key went down (button or space bar): barge in if the model speaks, start streaming. */
  'voice:press': { request: void; response: void }
  /** The talk key went up: the turn is answered (a press under 100 ms is dropped). */
  'voice:release': { request: void; response: void }
  /** A typed user turn: answered as a spoken one; opens a conversation when none is live. */
  'voice:sendText': { request: { text: string }; response: void }
  /** Takes the conversation's session back through POST /reconnect (after `realtime_session_already_connected`). */
  'voice:reconnect': { request: void; response: void }
  /** Ends the conversation: the session is deleted and its bill settled. Null when none was live. */
  'voice:end': { request: void; response: VoiceConversationSummary | null }
  /** Tells main whether the Voice view is on screen: a session is made ready for the press meanwhile. */
  'voice:viewShown': { request: { shown: boolean }; response: void }
  /** Past realtime sessions with their totals, newest first. */
  'voice:history': { request: { limit: number }; response: VoiceHistory }
  /** The account's sessions still open, from any app or key: the plan caps how many run at once. */
  'voice:activeSessions': { request: void; response: VoiceSessionSummary[] }
  /** Ends one of the account's sessions (`DELETE /sessions/{id}`); the answer is the ended session. */
  'voice:endSession': { request: { id: string }; response: VoiceSessionSummary }
  /** Past the daily voice budget: the user chose to go on today. */
  'voice:continueToday': { request: void; response: void }
  /**
   * Starts sharing (a new session that takes video, at most 2 minutes) or, with null, stops it (back to an
   * audio-only session). Resolves once the video session is open; refused with the service's error, e.g.
   * `realtime_video_not_allowed`, and then nothing is shared.
   */
  'voice:share': { request: { source: VoiceShareSource | null }; response: void }
  /** A frame of what is shared; `sent` is false when no video session was open to take it. */
  'voice:videoFrame': { request: VoiceVideoFrame; response: { sent: boolean } }
  /** The page's SDP offer for a peer main asked for; main exchanges it with the service and returns the answer. */
  'voice:rtcOffer': { request: { linkId: number; sdp: string }; response: { sdp: string } }
  /** A message the page's data channel received (a model event, JSON text). */
  'voice:rtcMessage': { request: { linkId: number; text: string }; response: void }
  /** The page's peer connected, failed or closed. */
  'voice:rtcState': { request: { linkId: number; state: VoiceRtcState; reason?: string }; response: void }
  'hotkey:status': { request: void; response: HotkeyStatus }
  /**
   * Opens (true) or closes the welcome's test of the talk key: while open, the key's downs and ups arrive as
   * `hotkey:key` and start no conversation. It closes by itself after two minutes; true again renews it.
   */
  'hotkey:watch': { request: { on: boolean }; response: void }
  /** Speech models with their rules and prices on the user's plan. */
  'tts:models': { request: void; response: ReaderModels }
  'tts:voices': { request: { model: string }; response: ReaderVoices }
  /** Characters, chunks, cost and every problem, for what the user picked; nothing is sent. */
  'tts:estimate': { request: ReaderChoice; response: ReaderEstimate }
  /** Starts reading (replacing the current reading); refused with `invalid_input` if the rules say no. */
  'tts:read': { request: ReaderChoice; response: ReadingStatus }
  'tts:snapshot': { request: void; response: ReaderSnapshot }
  /** Stops further requests; chunks already paid keep their audio. */
  'tts:cancel': { request: void; response: ReadingStatus | null }
  /**
   * Continues a failed or cancelled reading from its first unfinished chunk, paying none twice; with
   * `payAgain` the user agrees to pay again for the chunk it stopped at with an error `code`.
   */
  'tts:resume': { request: { payAgain: boolean }; response: ReadingStatus }
  'tts:audio': { request: { id: string; index: number }; response: ReaderAudio }
  /** Saves a reading as one file where the user chooses (re-downloaded when no longer in memory). */
  'tts:save': { request: { id: string }; response: ReaderSaved | null }
  'tts:history': { request: void; response: ReaderHistoryItem[] }
  /** A voice's sample, fetched by main from the voice list's `preview_url`. */
  'tts:preview': { request: ReaderPreviewRequest; response: ReaderAudio }
  /** One part of a file to open; the last part answers with the document, the others with null. */
  'tts:openDocument': { request: ReaderDocumentPart; response: ReaderDocument | null }
  /** The open document's price, parts and listening time with these options; nothing is sent. */
  'tts:documentEstimate': { request: DocumentChoice; response: DocumentEstimate }
  /** Reads the open document from a place to its chapter's end, one sentence a chunk, within the limit. */
  'tts:readDocument': { request: DocumentReadRequest; response: ReadingStatus }
  /** The listener hears chunk `index` of reading `id`: the place is remembered, synthesis runs on ahead. */
  'tts:documentHeard': { request: { id: string; index: number }; response: void }
}

/** Events main pushes: `loa.<domain>.on<Verb>(listener)` returns an unsubscribe function. */
export interface Events {
  'settings:changed': Settings
  'key:changed': KeyStatus
  'connection:changed': ConnectionStatus
  'nav:show': { view: ViewName }
  'app:notice': Notice
  /** An update became ready, was put away, or waits for a conversation or reading to end. */
  'app:update': UpdateState
  'account:changed': Glance
  'voice:status': VoiceStatus
  /** A line was added or grew. */
  'voice:line': VoiceLine
  /** A conversation ended; the lines stay until the next one starts. */
  'voice:summary': VoiceConversationSummary
  /** Work for the page's WebRTC peer (see VoiceRtcCommand). */
  'voice:rtc': VoiceRtcCommand
  'hotkey:changed': HotkeyStatus
  /** The talk key went down or up while the welcome's test of it is open. */
  'hotkey:key': { down: boolean }
  /** The reading started, progressed, failed or finished. */
  'tts:reading': ReadingStatus
  'tts:history': ReaderHistoryItem[]
  /** A Reader request began or stopped waiting to be let through (a reading's waits are in its status). */
  'tts:wait': ReaderWait
}

export type RequestChannel = keyof Requests
export type EventChannel = keyof Events
export type RequestOf<C extends RequestChannel> = Requests[C]['request']
export type ResponseOf<C extends RequestChannel> = Requests[C]['response']

type DomainOf<C extends string> = C extends `${infer D}:${string}` ? D : never
type VerbOf<C extends string, D extends string> = C extends `${D}:${infer V}` ? V : never

type RequestFn<C extends RequestChannel> = [RequestOf<C>] extends [void]
  ? () => Promise<IpcResult<ResponseOf<C>>>
  : (request: RequestOf<C>) => Promise<IpcResult<ResponseOf<C>>>

type DomainApi<D extends string> = {
  [V in VerbOf<RequestChannel, D>]: RequestFn<Extract<`${D}:${V}`, RequestChannel>>
} & {
  [V in VerbOf<EventChannel, D> as `on${Capitalize<V>}`]: (
    listener: (payload: Events[Extract<`${D}:${V}`, EventChannel>]) => void,
  ) => () => void
}

/** The object the preload (or the browser harness) puts on `window.loa`. */
export type LoaBridge = {
  [D in DomainOf<RequestChannel> | DomainOf<EventChannel>]: DomainApi<D>
}

// The one IPC contract between main and the renderer. Types only: main's handlers, the preload bridge,
// the browser harness and the renderer's wrapper are all typed from these maps.
// Channel names are `domain:verb`; the bridge exposes them as `loa.<domain>.<verb>(payload)` and
// events as `loa.<domain>.on<Verb>(listener)`.
import type {
  DailyUsage,
  EmbeddingModelList,
  Glance,
  ImageModelList,
  ModelDetail,
  ModelUsage,
  Part,
  TextModelList,
  UsagePage,
  VideoModelList,
} from '../main/api/management/types'
import type { RuleNote } from '../main/api/tts/tts-check'
import type { ModelClosedCode } from '../main/api/tts/tts-rules'
import type { EngineState } from '../main/realtime/engine-state'

export type { Glance, Part }

/** What went wrong, as plain data: Electron forwards only an Error's message across IPC. */
export type ErrorKind =
  | 'invalid_input' // the payload failed validation
  | 'auth' // 401: key missing, invalid or revoked
  | 'forbidden' // 403: reseller/internal account on Account & Usage, or a model not allowed for this key
  | 'account_locked' // 403: disabled account or 24-hour security lock
  | 'not_found'
  | 'rate_limit' // 429: wait retryAfterMs
  | 'insufficient_balance' // the wallet cannot pay: 402, or 400 `insufficient_balance` (tts-api.md "Errors")
  | 'blocked' // refused before reaching the API: the edge protection layer (its error 1010) or a proxy
  | 'network' // no answer from the service
  | 'server' // 5xx
  | 'protocol' // the service answered something we could not understand
  | 'storage' // settings or files could not be written
  | 'keychain' // the OS keychain failed
  | 'unavailable' // the feature cannot work on this machine
  | 'internal'

export interface IpcError {
  kind: ErrorKind
  /** Main's words, in English, for logs; the renderer says the error from its dictionary by code or kind. */
  message: string
  retryAfterMs?: number
  /** For invalid_input and protocol errors: the offending field's path. */
  field?: string
  /**
   * What exactly went wrong: the service's error code (`insufficient_balance`, `model_not_found`, ...) or one
   * of Loa's own (`edge_blocked`, `base_url_not_https`, ...). The renderer's dictionary has a sentence for
   * the codes it knows and falls back to the kind.
   */
  code?: string
  /** The figures and names the code's sentence states (`{ format: 'ogg' }`), for saying it in any language. */
  params?: Record<string, string | number>
  /** The service's `request_id`, to quote to support; null when the service sent none. */
  requestId?: string | null
}

export type IpcResult<T> = { ok: true; value: T } | { ok: false; error: IpcError }

export type ViewName = 'voice' | 'reader' | 'usage' | 'catalog' | 'settings'
export type LanguageSetting = 'system' | 'vi' | 'en'
export type Language = 'vi' | 'en'
export type ThemeSetting = 'system' | 'light' | 'dark'

export interface Hotkeys {
  /** Electron accelerator syntax, e.g. `CommandOrControl+Shift+Space`. */
  talk: string
  readSelection: string
}

export type VoiceMode = 'push-to-talk' | 'hands-free'
export type VoiceModality = 'audio' | 'text'

export interface RealtimeDefaults {
  model: string | null
  voice: string | null
  instructions: string
  mode: VoiceMode
  /** What the model answers with: voice (with its captions), text, or both. Never empty. */
  modalities: VoiceModality[]
  /** `auto` follows each model's default transport (realtime-api.md); the others force one. */
  transport: VoiceTransportSetting
  /**
   * The session length asked for (`max_duration_sec`), cut to the model's maximum when the session is
   * created; null leaves it out and the service's default (30 min) applies.
   */
  maxDurationSec: number | null
}

export type VoiceTransportSetting = 'auto' | 'websocket' | 'webrtc'

export interface TtsDefaults {
  model: string | null
  voice: string | null
  format: 'mp3' | 'wav' | 'pcm' | 'opus' | 'aac' | 'flac' | 'ogg'
  speed: number
}

export interface AudioSettings {
  /** Devices are remembered by label: ids change between sessions and machines. null = system default. */
  inputDeviceLabel: string | null
  outputDeviceLabel: string | null
  echoCancellation: boolean
  noiseSuppression: boolean
  autoGainControl: boolean
  soundCues: boolean
}

export interface Settings {
  /** The gateway's base URL, e.g. `https://gateway.example.com`. null until the user sets one. */
  baseUrl: string | null
  language: LanguageSetting
  theme: ThemeSetting
  hotkeys: Hotkeys
  realtime: RealtimeDefaults
  tts: TtsDefaults
  lowBalanceThresholdVnd: number
  refreshIntervalSec: number
  launchAtLogin: boolean
  audio: AudioSettings
}

/** A settings change: any top-level field, nested objects merged one level deep. */
export type SettingsPatch = {
  [K in keyof Settings]?: Settings[K] extends object | null
    ? Partial<NonNullable<Settings[K]>> | Settings[K]
    : Settings[K]
}

export interface SettingsSnapshot {
  settings: Settings
  /** Set when the settings file was unreadable at start-up and defaults were restored. */
  restoredFrom?: { backupPath: string; reason: string }
}

export type SecretStorageKind = 'keychain' | 'encrypted-file' | 'memory'

/** All the renderer ever learns about the API key. */
export interface KeyStatus {
  hasKey: boolean
  /** Last four characters of the saved key, for recognition. */
  hint: string | null
  /** True while Loa runs against its embedded demo service. */
  demo: boolean
  baseUrl: string | null
  storage: SecretStorageKind
  /** i18n message key saying why the key is kept only for this run, when the OS offers no safe place. */
  storageWarning: string | null
}

export interface AppInfo {
  name: string
  version: string
  platform: string
  /** The OS locale, e.g. `vi-VN`. */
  osLocale: string
  /** Which window this page lives in. */
  surface: 'main' | 'popup'
}

export type NoticeLevel = 'info' | 'warning' | 'error'

export interface Notice {
  level: NoticeLevel
  /** A dictionary key of the renderer's i18n, so the notice reads in the user's language. */
  messageKey: string
  params?: Record<string, string | number>
}

/** A saved gateway address Loa would not send the key to, and why (an `error.code.base_url_*` code). */
export interface RefusedBaseUrl {
  baseUrl: string
  code: string
  /** A safe address to use instead, when there is an obvious one. */
  suggestion?: string
}

export interface ConnectionStatus {
  demo: boolean
  baseUrl: string
  /** Set while the saved address is refused: Loa runs the demo and sends the key nowhere. */
  refused?: RefusedBaseUrl
}

export type UsageDays = 7 | 30 | 90 | 365
/**
 * A usage record's two moments as main reads them (management-api.md "Usage record"): records from before
 * 2026-08-16 have no sending time (their `date` is when they finished); `finishedAt` is null when a newer
 * record lacks `completedAt`.
 */
export interface UsageRecordTimes {
  sentAt: string | null
  finishedAt: string | null
}
/** `/usage` as the Usage window gets it: each record with its times read. */
export interface UsageRecordsPage {
  data: (UsagePage['data'][number] & UsageRecordTimes)[]
  total: number
}
export type CatalogKind = 'text' | 'image' | 'video' | 'embedding'
export interface CatalogLists {
  text: TextModelList
  image: ImageModelList
  video: VideoModelList
  embedding: EmbeddingModelList
}
/**
 * Dong per US dollar for the catalog's USD-only prices (text, some video): `service` when the service's
 * data gives it (a stated rate, or the one its own VND prices imply), else `reference`, the spec's
 * reference conversion. Main works it out; the renderer only shows it.
 */
export interface VndPerUsd {
  rate: number
  source: 'service' | 'reference'
}
/** A catalog tab's list, tagged with its kind so the renderer knows the item shape. */
export type CatalogList = {
  [K in CatalogKind]: { kind: K; list: Part<CatalogLists[K]>; vndPerUsd: VndPerUsd }
}[CatalogKind]
/** One model's detail, with the rate its USD-only prices are estimated at. */
export type CatalogModel = ModelDetail & { vndPerUsd: VndPerUsd }

export interface SaveTextRequest {
  /** File name offered in the save dialog, e.g. `loa-usage-2026-11-22.csv`. */
  suggestedName: string
  content: string
  kind: 'csv'
}

// ---- Voice chat -------------------------------------------------------------------------------------

/** The conversation's state, as the session engine derives it. */
export type VoiceState = EngineState

export interface VoiceModel {
  id: string
  name: string | null
  /** The wire protocol's family, when the service says: `model-r` or `live`. */
  protocol: string | null
  voices: string[]
  defaultVoice: string | null
  /** The service's estimate for a typical conversation on the user's plan. */
  estimatedVndPerMin: number | null
  maxSessionSec: number | null
  /** The transport `auto` picks for this model, when the service says. */
  defaultTransport: VoiceTransport | null
  /** The per-token prices the list gives for the user's plan, as the live cost meter prices usage. */
  tokenPricesVnd: VoiceTokenPrices
  /**
   * Null when the model can be used. `no_price_table`: the service lists it without a complete price
   * table, so opening a session is refused (realtime-api.md `realtime_model_not_configured`).
   */
  unavailable: VoiceModelUnavailable | null
}

export type VoiceModelUnavailable = 'no_price_table'

/**
 * VND per 1M tokens of each kind, as `GET /v1/realtime/models` prices them for the caller's plan
 * (realtime-api.md "What the service does"); null where the list names no price for that kind. Model L
 * has no cache price, so `cachedIn` is null there even in a complete list.
 */
export interface VoiceTokenPrices {
  audioIn: number | null
  audioOut: number | null
  textIn: number | null
  textOut: number | null
  cachedIn: number | null
}

export interface VoiceModels {
  plan: string | null
  models: VoiceModel[]
}

/**
 * One caption of the conversation; a line is updated in place (same `itemId`) while it streams.
 * Lines read in `order`: the user's words take the place of the turn they belong to, even when their
 * caption arrives after the answer began.
 */
export interface VoiceLine {
  role: 'user' | 'assistant'
  itemId: string
  order: number
  text: string
  final: boolean
  /** An answer cut by barge-in: the text past what was heard was never spoken. */
  cancelled: boolean
  /** When the line began (epoch ms). */
  atMs: number
}

export interface VoiceCost {
  /** Settled by the service over every session of this conversation; null when its figure could not be read. */
  settledVnd: number | null
  /** Settled plus the estimate since the last settlement: what the meter shows. */
  totalVnd: number
  /**
   * Used since the last settlement at the model's prices; null when the prices are unknown, and then
   * `totalVnd` holds only what was settled: a floor, not the figure.
   */
  estimateVnd: number | null
  estimatedVndPerMin: number | null
  maxSpendVnd: number | null
  /** The wallet: from the last settlement, else from the account glance. */
  balanceVnd: number | null
  /** How many minutes the balance buys at the current rate; null when either is unknown. */
  minutesLeft: number | null
}

export interface VoiceWarning {
  /** `renewed`: the service cut the session and Loa opened a new one; the model forgot the earlier turns. */
  kind: 'low_balance' | 'max_spend' | 'audio_dropped' | 'renewed'
  balanceVnd: number | null
  totalVnd: number | null
  maxSpendVnd: number | null
  usedPercent: number | null
  /** For audio_dropped: how much of the user's speech was lost. */
  droppedMs?: number
  /** For renewed: why the service cut the old session (a termination reason, as in VoiceProblem.code). */
  reason?: string
}

/** Something went wrong. `terminated`: the service cut the session; `code` is its reason. */
export interface VoiceProblem {
  kind: ErrorKind | 'terminated'
  /** The service's code or termination reason (`insufficient_balance`, `max_spend_reached`, ...). */
  code: string | null
  message: string
  /** No session could be opened; the next press tries again. */
  fatal: boolean
  retryAfterMs?: number
  /** The service's `request_id` of the refusal, to quote to support. */
  requestId?: string | null
  /**
   * For `terminated`: why no new session followed. `refused`: a new one would be refused or spend past
   * the cap (money, the key); `repeated`: the renewed session was cut again within a minute.
   */
  renewal?: 'refused' | 'repeated'
}

export interface VoiceSessionSummary {
  id: string
  model: string
  totalVnd: number | null
  durationSec: number | null
  endReason: string | null
  /** ISO timestamp, when known. */
  startedAt: string | null
}

export interface VoiceConversationSummary {
  durationMs: number
  /** Null when the service's figure could not be read: shown as unknown, never as 0 ₫. */
  costVnd: number | null
  turns: number
  responses: number
  sessions: VoiceSessionSummary[]
}

/** Everything about the conversation except its lines, pushed on every change. */
export interface VoiceStatus {
  state: VoiceState
  /** The talk key (button, space bar or global hotkey) is down. */
  pressed: boolean
  session: VoiceSessionStatus | null
  cost: VoiceCost | null
  warning: VoiceWarning | null
  problem: VoiceProblem | null
  /** Main wants the microphone open: a conversation is live or the key is down. */
  micWanted: boolean
  mode: VoiceMode
}

export type VoiceTransport = 'websocket' | 'webrtc'

export interface VoiceSessionStatus {
  id: string
  model: string
  protocol: string
  transport: VoiceTransport
  /**
   * When the service ends the session for its length (epoch ms): its own expiry where it gives one, else
   * the moment it went live plus the length asked for (`max_duration_sec`) or the spec's default.
   */
  endsAtMs: number | null
}

/**
 * What main asks of the page that holds a session's WebRTC peer (the main window). Main creates the
 * session and posts the page's SDP offer itself, so neither the API key nor the session token reaches
 * the page; it learns only the data channel's name. One `linkId` is one peer connection.
 *   open  — make a peer: the microphone track (sent only while `mic` is on), the remote audio to the
 *           chosen output, a data channel named `dataChannel`; then `voice:rtcOffer`.
 *   send  — a model event (JSON text) for the data channel.
 *   mic   — the microphone goes out on the track (key down) or not (key up).
 *   close — hang up and free the peer.
 *   prepare   — make a spare peer for a session created ahead (its offer and ICE candidates gathered),
 *               sent nowhere; the next `open` with the same `dataChannel` takes it and only posts the offer.
 *   unprepare — drop the spare peer.
 */
export type VoiceRtcCommand =
  | { op: 'open'; linkId: number; dataChannel: string }
  | { op: 'prepare'; dataChannel: string }
  | { op: 'unprepare' }
  | { op: 'send'; linkId: number; text: string }
  | { op: 'mic'; linkId: number; on: boolean }
  | { op: 'close'; linkId: number }

/** `connected`: the data channel is open. `failed`/`closed`: the peer is gone (with why, for the log). */
export type VoiceRtcState = 'connected' | 'failed' | 'closed'

export interface VoiceSnapshot {
  status: VoiceStatus
  /** The conversation so far, in order. */
  lines: VoiceLine[]
  /** The last conversation that ended, for its totals. */
  lastSummary: VoiceConversationSummary | null
}

export interface VoiceHistory {
  sessions: VoiceSessionSummary[]
  /** Null when any session's cost could not be read: a sum that counted it as 0 would say too little. */
  totalVnd: number | null
  /** The sum of the sessions whose cost is known: the total is at least this. */
  knownTotalVnd: number
  totalDurationSec: number
}

// ---- Global hotkey -----------------------------------------------------------------------------------

/**
 * `hold`: real key-down/key-up (hold to talk). `toggle`: the shortcut fires on press only, so one press
 * starts and the next stops. `none`: no global hotkey works (not registered, or no desktop to hook).
 */
export type HotkeyMode = 'hold' | 'toggle' | 'none'

export interface HotkeyStatus {
  accelerator: string
  mode: HotkeyMode
  /** i18n key saying why this mode: `hotkey.reason.<...>`. */
  reasonKey: string
  /** Another application holds this shortcut: registering it was refused. */
  conflict: boolean
  /** The accelerator could not be understood; plain text for the settings page. */
  error: string | null
}

// ---- Reader (text to speech) -------------------------------------------------------------------------

export type ReaderFormat = TtsDefaults['format']
export type ReaderField = 'model' | 'input' | 'format' | 'speed' | 'voice'

/** One of the model's output formats: usable, or greyed out with the reason. */
export interface ReaderFormatOption {
  format: ReaderFormat
  /** Why this format cannot be used with the model; null when it can. Plain text from the rules. */
  disabledReason: string | null
  /** Saved readings join into one file only in mp3, wav and pcm. */
  joinable: boolean
}

/**
 * What the service does with `speed`: honours it within [min, max] (`range`: refuses outside; `clamp`:
 * clamps outside), ignores it (`ignored`), or refuses anything but 1.0 (`fixed`).
 */
export interface ReaderSpeedRule {
  mode: 'range' | 'clamp' | 'ignored' | 'fixed'
  min: number
  max: number
}

export interface ReaderModel {
  id: string
  name: string | null
  /** The spec's group: free, A, G, classic, v3, multi. */
  group: string
  free: boolean
  /** VND per 1,000,000 characters; null when the service does not say. */
  unitPriceVndPer1M: number | null
  freeCharsPerMonth: number
  /** Per request, in characters; null when neither the service nor the spec states one. */
  maxInputChars: number | null
  maxInputApproximate: boolean
  formats: ReaderFormatOption[]
  speed: ReaderSpeedRule
  voiceRequired: boolean
  /** `language_code`: the voice is an ISO 639-1 code; `pattern`: `<locale>-<Tier>-<Letter>`; else a list. */
  voiceKind: 'language_code' | 'list' | 'fallback' | 'pattern'
  /** `native`: reads Vietnamese; `poor`: English-only voices mispronounce it. */
  vietnamese: 'native' | 'poor' | 'unknown'
  /** Set for ids the service does not open: main's words, for logs. */
  closedReason: string | null
  /** The same reason as a code and its figures, for the UI's words (`reader.closed.<code>`). */
  closed: { code: ModelClosedCode; params: Record<string, string> } | null
  /** false when the service says this key may not use the model (an allowlist). */
  allowedForKey: boolean
}

export interface ReaderModels {
  plan: string | null
  models: ReaderModel[]
  /** What a reading uses when nothing usable was picked: main's one default for every path. */
  defaultModel: string | null
}

export interface ReaderVoice {
  id: string
  name: string
  /** e.g. `vi`, `vi-VN`. */
  language: string | null
  gender: string | null
  accent: string | null
  /** The service has a sample of this voice: `tts:preview` plays it. */
  hasPreview: boolean
}

export interface ReaderVoices {
  model: string
  voices: ReaderVoice[]
  /** Never null for a model that needs a voice and names some: Vietnamese first. */
  defaultVoice: string | null
  /** Alias name to the voice it stands for. */
  aliases: Record<string, string>
}

/** What the user picked. `voice` null: the model's default (multi-vendor models only). */
export interface ReaderChoice {
  text: string
  model: string
  voice: string | null
  format: ReaderFormat
  speed: number
}

export interface ReaderProblem {
  code: string
  field: ReaderField
  /** Plain text naming the real limit, format or voice. */
  message: string
  /** The figures and names the message states, for saying it in the user's language. */
  params: Record<string, string | number>
}

/** What the service will do differently from what was asked, without refusing. */
export type ReaderNote = RuleNote

/** The price before the click. */
export interface ReaderEstimate {
  /** Billable characters: Unicode code points after NFC. */
  chars: number
  /** How many requests the text is read in. */
  chunks: number
  /** null when the model's price is unknown. Net of the monthly free allowance where it is known. */
  costVnd: number | null
  /**
   * Characters of this text the model's monthly free allowance covers (0 for a model without one); null
   * when the month's use cannot be known, and then `costVnd` is the price beyond the allowance.
   */
  freeChars: number | null
  free: boolean
  balanceVnd: number | null
  /** false when the cost is over the balance; null when either is unknown. */
  affordable: boolean | null
  /** Empty when the reading can start. */
  problems: ReaderProblem[]
  notes: ReaderNote[]
  /** The text is Vietnamese and the model has English voices only: said before anything is paid. */
  poorVietnamese: boolean
}

export interface ReaderChunk {
  index: number
  /** Where the chunk sits in the reading's text (UTF-16 offsets, end exclusive): for highlighting. */
  start: number
  end: number
  chars: number
  /** Its audio is here: `tts:audio` returns it. */
  ready: boolean
  costVnd: number | null
}

export type ReadingState = 'running' | 'done' | 'failed' | 'cancelled'

/**
 * Why a Reader request is held back: `rate_limit`, the service answered 429 and named when to try again;
 * `duplicate`, a 409 while the same request still runs; `budget`, Loa keeping under the plan's requests
 * per minute (tts-api.md "Rate limits by plan").
 */
export type ReaderWaitReason = 'rate_limit' | 'duplicate' | 'budget'

/** A request held back, and until when (epoch ms, from main's clock): for a live countdown. */
export interface ReaderWaitUntil {
  reason: ReaderWaitReason
  until: number
}

/**
 * A Reader request other than a reading's chunks began or stopped waiting: the price (the model and voice
 * lists it reads), a voice's sample, or a re-download from the history (`id`: the history item).
 * `wait` null: it waits no more (it went through, or failed).
 */
export interface ReaderWait {
  request: 'estimate' | 'preview' | 'download'
  id: string | null
  wait: ReaderWaitUntil | null
}

/**
 * A chunk's answer was lost longer ago than the service remembers its Idempotency-Key (60 s), so sending
 * it again is a new charge: `already_charged`, the usage history shows the lost request was charged;
 * `charge_unknown`, the history cannot tell.
 */
export type ReadingStopCode = 'already_charged' | 'charge_unknown'

export interface ReadingStatus {
  id: string
  state: ReadingState
  model: string
  voice: string | null
  format: ReaderFormat
  speed: number | null
  chunks: ReaderChunk[]
  chunksDone: number
  chunkCount: number
  charsDone: number
  charsTotal: number
  spentVnd: number
  estimateVnd: number | null
  /**
   * Why the reading stopped; `chunkIndex` is the chunk whose request failed. `code` is the service's or
   * Loa's; a ReadingStopCode means the chunk waits for the user's say-so to pay again (`tts:resume` with
   * `payAgain`).
   */
  error: (IpcError & { chunkIndex: number | null }) | null
  /** The next chunk the listener needs is held back, until then; null while nothing waits. */
  wait: ReaderWaitUntil | null
  /** ISO time the reading started. */
  startedAt: string
}

export interface ReaderSnapshot {
  reading: ReadingStatus | null
  /** The reading's text: what its chunks' offsets point into. */
  text: string
}

/** One chunk's audio, as the service sent it. */
export interface ReaderAudio {
  /** Base64 of the encoded audio (mp3, wav, raw PCM, ...). */
  data: string
  contentType: string
  format: ReaderFormat
  /** For raw PCM: 16-bit mono little-endian at this rate. */
  sampleRateHz: number | null
}

export interface ReaderHistoryItem {
  id: string
  createdAt: string
  model: string
  voice: string | null
  format: ReaderFormat
  chars: number
  costVnd: number
  chunkCount: number
  /** The first words, for recognition. */
  preview: string
  /** When the service deletes the audio (24 h on FREE, 72 h on paid plans); null when unknown. */
  expiresAt: string | null
  /** The audio is still in Loa's memory: saving needs no download. */
  inMemory: boolean
  /** Every chunk has a job id the service can re-send. */
  downloadable: boolean
  /** The last re-download failed: `not_found` (never stored, over 50 MB) or `expired` (410). */
  gone: 'not_found' | 'expired' | null
}

/**
 * A saved reading. `partial`: the file holds only chunks 1 to `parts` of `of` (saved during a reading,
 * or one that stopped part way), and its name says so; null when it holds the whole reading.
 */
export interface ReaderSaved {
  path: string
  partial: { parts: number; of: number } | null
}

export interface ReaderPreviewRequest {
  model: string
  voice: string
}

/** Request/response calls: `loa.<domain>.<verb>(request)` resolves to IpcResult<response>. */
export interface Requests {
  'app:info': { request: void; response: AppInfo }
  'app:quit': { request: void; response: void }
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
  /** The conversation so far: status, lines and the last summary. */
  'voice:snapshot': { request: void; response: VoiceSnapshot }
  /** Realtime models with the VND-per-minute estimate for the user's plan. */
  'voice:models': { request: void; response: VoiceModels }
  /** The talk key went down (button or space bar): barge in if the model speaks, start streaming. */
  'voice:press': { request: void; response: void }
  /** The talk key went up: the turn is answered (a press under 100 ms is dropped). */
  'voice:release': { request: void; response: void }
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
  /** The page's SDP offer for a peer main asked for; main exchanges it with the service and returns the answer. */
  'voice:rtcOffer': { request: { linkId: number; sdp: string }; response: { sdp: string } }
  /** A message the page's data channel received (a model event, JSON text). */
  'voice:rtcMessage': { request: { linkId: number; text: string }; response: void }
  /** The page's peer connected, failed or closed. */
  'voice:rtcState': { request: { linkId: number; state: VoiceRtcState; reason?: string }; response: void }
  'hotkey:status': { request: void; response: HotkeyStatus }
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
}

/** Events main pushes: `loa.<domain>.on<Verb>(listener)` returns an unsubscribe function. */
export interface Events {
  'settings:changed': Settings
  'key:changed': KeyStatus
  'connection:changed': ConnectionStatus
  'nav:show': { view: ViewName }
  'app:notice': Notice
  'account:changed': Glance
  'voice:status': VoiceStatus
  /** A line was added or grew. */
  'voice:line': VoiceLine
  /** A conversation ended; the lines stay until the next one starts. */
  'voice:summary': VoiceConversationSummary
  /** Work for the page's WebRTC peer (see VoiceRtcCommand). */
  'voice:rtc': VoiceRtcCommand
  'hotkey:changed': HotkeyStatus
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

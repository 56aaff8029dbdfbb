// The one IPC contract between main and the renderer. Types only: main's handlers, the preload bridge,
// the browser harness and the renderer's wrapper are all typed from these maps.
// Channel names are `domain:verb`; the bridge exposes them as `loa.<domain>.<verb>(payload)` and
// events as `loa.<domain>.on<Verb>(listener)`.

/** What went wrong, as plain data: Electron forwards only an Error's message across IPC. */
export type ErrorKind =
  | 'invalid_input' // the payload failed validation
  | 'auth' // 401: key missing, invalid or revoked
  | 'forbidden' // 403: reseller/internal account on Account & Usage, or a model not allowed for this key
  | 'account_locked' // 403: disabled account or 24-hour security lock
  | 'not_found'
  | 'rate_limit' // 429: wait retryAfterMs
  | 'network' // no answer from the service
  | 'server' // 5xx
  | 'protocol' // the service answered something we could not understand
  | 'storage' // settings or files could not be written
  | 'keychain' // the OS keychain failed
  | 'unavailable' // the feature cannot work on this machine
  | 'internal'

export interface IpcError {
  kind: ErrorKind
  message: string
  retryAfterMs?: number
  /** For invalid_input and protocol errors: the offending field's path. */
  field?: string
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

export interface RealtimeDefaults {
  model: string | null
  voice: string | null
  instructions: string
  mode: 'push-to-talk' | 'hands-free'
}

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

export interface ConnectionStatus {
  demo: boolean
  baseUrl: string
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
}

/** Events main pushes: `loa.<domain>.on<Verb>(listener)` returns an unsubscribe function. */
export interface Events {
  'settings:changed': Settings
  'key:changed': KeyStatus
  'connection:changed': ConnectionStatus
  'nav:show': { view: ViewName }
  'app:notice': Notice
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

// The user's settings as main keeps them and the Settings view edits them.
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
  /**
   * The spending cap of each conversation (`max_spend_vnd`): null leaves it out and the service computes
   * one (at least 50,000 VND); 0 asks for no cap at all.
   */
  maxSpendVnd: number | null
  /** Loa's own limit on a day's voice spending, across conversations; null = off. */
  dailyBudgetVnd: number | null
  /** The model may call Loa's read-only tools (balance, spend, usage, quota, prices). */
  tools: boolean
  /** It may also call the tools that act: read_aloud (costs money) and open_view. Off by default. */
  toolActions: boolean
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

/** The first-run welcome's steps, in the order it shows them. */
export const WELCOME_STEPS = ['language', 'key', 'talkKey', 'microphone', 'speaker', 'tray'] as const
export type WelcomeStep = (typeof WELCOME_STEPS)[number]

export interface WelcomeState {
  /**
   * `pending`: the main window opens on the welcome. `finished` or `skipped`: it opens only from Settings.
   * A settings file written before the welcome existed counts as `finished`: that user has set Loa up.
   */
  status: 'pending' | 'finished' | 'skipped'
  /** Steps the user did (not skipped), so a second pass starts at the first one left. */
  done: WelcomeStep[]
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
  welcome: WelcomeState
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

// The app around the views: which window and view, notices, the key's status and the gateway in use.
export type ViewName = 'voice' | 'reader' | 'usage' | 'catalog' | 'settings'

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
  /**
   * The Linux desktop (`XDG_CURRENT_DESKTOP`, e.g. `GNOME`, `KDE`), for where the tray icon shows; absent
   * elsewhere or when the session does not say.
   */
  desktop?: string
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

export interface SaveTextRequest {
  /** File name offered in the save dialog, e.g. `loa-usage-2026-11-22.csv`. */
  suggestedName: string
  content: string
  kind: 'csv' | 'json'
}

/** Crashes recorded in an earlier run, offered at the next start as a report to save (never sent). */
export interface CrashNotice {
  count: number
  /** When the latest happened (ISO). */
  lastAt: string
  /** `main`: Loa itself closed; `renderer`: a window's page did, and was reloaded. */
  lastKind: 'main' | 'renderer'
}

export interface SupportSaveRequest {
  /** The audio devices by name, as the page sees them; null when it cannot list them. */
  audioDevices: string[] | null
}

/** What keeps Loa from restarting into an update now: it never cuts a conversation or a reading short. */
export type UpdateWait = 'voice' | 'reading'

/** A newer version, downloaded and checked against the feed's sha512, that a restart installs. */
export interface UpdateOffer {
  version: string
  /** The release notes from the feed, as plain text; null when the release has none. */
  notes: string | null
  /** Set while a conversation or a reading runs: the restart waits for it to end. */
  waitingFor: UpdateWait | null
  /** The user asked to restart: Loa does so once nothing is running. */
  restartRequested: boolean
}

/** The update the popup and the tray menu offer; `offer` is null while there is none to offer. */
export interface UpdateState {
  offer: UpdateOffer | null
}

import { accountEn } from './sections/account.en'
import { audioEn } from './sections/audio.en'
import { catalogEn } from './sections/catalog.en'
import { errorEn } from './sections/error.en'
import { hotkeyEn } from './sections/hotkey.en'
import { documentEn } from './sections/document.en'
import { readerEn } from './sections/reader.en'
import { usageModelEn } from './sections/usage-model.en'
import { supportEn } from './sections/support.en'
import { updateEn } from './sections/update.en'
import { spendingEn } from './sections/spending.en'
import { voiceEn } from './sections/voice.en'
import { voiceToolsEn } from './sections/voice-tools.en'
import { welcomeEn } from './sections/welcome.en'
import type { MessageKey } from './vi'

/** The views' names: the nav, each view's title and the popup's buttons all read them from here. */
const VIEW_NAMES = {
  voice: 'Voice',
  reader: 'Reader',
  usage: 'Usage',
  catalog: 'Catalog',
  settings: 'Settings',
} as const

export const en: Record<MessageKey, string> = {
  ...accountEn,
  ...catalogEn,
  ...audioEn,
  ...errorEn,
  ...hotkeyEn,
  ...voiceEn,
  ...welcomeEn,
  ...voiceToolsEn,
  ...readerEn,
  ...documentEn,
  ...usageModelEn,
  ...supportEn,
  ...spendingEn,
  ...updateEn,
  'app.name': 'Loa',
  'app.demo': 'Demo',
  'app.demoHint': 'Using the built-in demo service. Add your API key in Settings to use your account.',
  'app.loading': 'Loading…',
  'app.chunkLoading': 'Loading {view}…',
  'app.chunkFailed': "Could not load {view}: some of Loa's files are missing or could not be read.",
  'app.chunkFailedNext': 'Try again. If it still fails, restart Loa or install it again.',
  'app.chunkRetry': 'Try again',
  'app.popupName': 'Tray popup',

  'nav.label': 'Navigation',
  'nav.voice': VIEW_NAMES.voice,
  'nav.reader': VIEW_NAMES.reader,
  'nav.usage': VIEW_NAMES.usage,
  'nav.catalog': VIEW_NAMES.catalog,
  'nav.settings': VIEW_NAMES.settings,

  'view.voice.title': VIEW_NAMES.voice,
  'view.voice.intro': 'Hold {key} anywhere, speak, release. Loa answers aloud.',
  'view.voice.introToggle': 'Press {key} anywhere to start talking, and again to stop. Loa answers aloud.',
  'view.voice.introKeyIdle':
    'The talk key {key} does not work on this desktop right now (see Settings): hold the talk button below. Loa answers aloud.',
  'view.voice.introNoKey':
    'No talk key is set: set one in Settings, or hold the talk button below. Loa answers aloud.',
  'view.reader.title': VIEW_NAMES.reader,
  'view.reader.intro': 'Paste or select text, see the cost first, then listen.',
  'view.usage.title': VIEW_NAMES.usage,
  'view.usage.intro': 'Cost and tokens by day and by model.',
  'view.catalog.title': VIEW_NAMES.catalog,
  'view.catalog.intro': 'Models and prices for your plan.',
  'view.settings.title': VIEW_NAMES.settings,

  'popup.balance': 'Balance',
  'popup.quit': 'Quit',

  'settings.section.account': 'Account',
  'settings.section.appearance': 'Appearance',
  'settings.section.behaviour': 'Behaviour',
  'settings.section.voice': VIEW_NAMES.voice,
  'settings.voiceTransport': 'Audio transport',
  'settings.voiceTransport.auto': 'Automatic (each model’s default)',
  'settings.voiceTransport.websocket': 'WebSocket (audio goes through Loa)',
  'settings.voiceTransport.webrtc': 'WebRTC (audio goes straight to the service)',
  'settings.voiceTransport.hint': 'Applies from the next conversation.',
  'settings.voiceSessionLength': 'Session length',
  'settings.voiceSessionLength.default': 'Service default (30 min)',
  'settings.voiceSessionLength.minutes': '{n} min',
  'settings.voiceSessionLength.hours': '{n} h',
  'settings.voiceSessionLength.hint':
    'The service ends a session after this long. Cut to each model’s maximum: 60 min for Model R and R-mini, 24 h for Model L. Applies from the next conversation.',
  'settings.baseUrl': 'Gateway address',
  'settings.baseUrlPlaceholder': 'https://…',
  'settings.key': 'API key',
  'settings.keyPlaceholder': 'Paste your API key',
  'settings.baseUrlHint':
    'The service’s base URL: it starts with https:// and leaves out the /v1 at the end (Loa adds it).',
  'settings.keyHint':
    'API keys usually start with sk-. Create one on the service’s website, API keys page, and paste it here whole.',
  'settings.keySave': 'Check and save',
  'settings.keySaving': 'Checking…',
  'settings.keyClear': 'Remove key',
  'settings.keySaved': 'Saved the key ending in …{hint}.',
  'settings.keyNone': 'No key yet: Loa is running against the demo service.',
  'settings.baseUrlRefused':
    'The saved gateway address {baseUrl} was not used, and your key was sent nowhere: {reason} Loa runs on the demo service until you save a safe address.',
  'settings.keyStored.keychain': 'The key is kept in the system keychain.',
  'settings.keyStored.encrypted-file': 'The key is encrypted with the operating system’s secure storage.',
  'settings.keyStored.memory': 'The key is kept only until Loa quits.',
  'settings.language': 'Language',
  'settings.language.system': 'Follow the system',
  'settings.language.vi': 'Tiếng Việt',
  'settings.language.en': 'English',
  'settings.theme': 'Theme',
  'settings.theme.system': 'Follow the system',
  'settings.theme.light': 'Light',
  'settings.theme.dark': 'Dark',
  'settings.lowBalance': 'Warn when the balance falls below (₫)',
  'settings.refreshInterval': 'Refresh every (seconds)',
  'settings.launchAtLogin': 'Open Loa at login',
  'settings.saved': 'Saved.',

  'keyStorage.noKeyring':
    'No system keyring is available, so the key is kept only until Loa quits. Install and unlock a keyring (for example GNOME Keyring or KWallet) to keep it.',
  'keyStorage.noSafeStorage':
    'This system offers no safe place for secrets, so the key is kept only until Loa quits.',

  'notice.settingsRestored':
    'The settings file was damaged ({reason}). Loa restored defaults and kept the old file at {path}.',
  'notice.dismiss': 'Dismiss',
}

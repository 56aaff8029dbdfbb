// The composition root shared by the app, the browser harness and the tests: builds the services once and
// maps every request channel of the contract to them. Electron-specific actions come in through `Shell`.
import type {
  AppInfo,
  HotkeyStatus,
  KeyStatus,
  Language,
  SaveTextRequest,
  UpdateState,
  UpdateWait,
  ViewName,
  VoiceState,
  VoiceStatus,
} from '../preload/contract'
import { AccountHub, type AccountHost } from './account/account-hub'
import { AudioPorts } from './audio-port/audio-ports'
import { ConnectionService, type DemoHandle } from './connection/connection-service'
import type { GatewayEndpoint } from './api/http'
import { EventHub } from './ipc/event-hub'
import { mainWindowOnly } from './ipc/main-window-only'
import { createRouter, type CallContext, type Router } from './ipc/router'
import type { SecretStoreChoice } from './secrets/choose-store'
import { resolveLanguage } from './settings/language'
import { readSelection } from './tts/read-selection'
import type { SettingsService } from './settings/settings-service'
import { USAGE_LIMIT } from './api/management/requests'
import { extractDocumentOffThread } from './documents/worker'
import { DocumentPlaces } from './tts/document-places'
import { DocumentReader } from './tts/document-reader'
import { ReaderHistory } from './tts/reader-history'
import { ReaderService, type ReaderServiceDeps, type SaveAudioRequest } from './tts/reader-service'
import { VoiceService, type VoiceServiceDeps } from './voice/voice-service'
import { DailyBudget, voiceBudgetPath } from './voice/daily-budget'
import { TrayComposer } from './voice/voice-tray'
import { TalkKeyWatch } from './hotkey/talk-key-watch'
import { createLog, type Log } from './logging/log'
import { logGatewayRequests } from './logging/gateway-log'
import { voiceStatusLog } from './logging/voice-log'
import { keychainStateOf } from './support/keychain-name'
import { SupportService } from './support/support-service'
import { CrashService } from './crash/crash-service'
import { systemClock, type Clock } from './updates/schedule'
import { UpdateService } from './updates/update-service'
import type { UpdateSource } from './updates/update-source'

/** What only the host (Electron, or the harness) can do. */
export interface Shell extends AccountHost {
  /** Asks where to save and writes the file; null when the user cancels. */
  saveText(request: SaveTextRequest): Promise<{ path: string } | null>
  /** The same for a reading's audio. */
  saveAudio(request: SaveAudioRequest): Promise<{ path: string } | null>
  showView(view: ViewName): void
  hidePopup(): void
  quit(): void
  /** Creates a port pair, keeps one end for `audioPorts`, hands the other to the calling page. */
  openAudioPort(ctx: CallContext, audioPorts: AudioPorts): void
  setLaunchAtLogin(enabled: boolean): void
}

export interface CoreDeps {
  settings: SettingsService
  secrets: SecretStoreChoice
  startDemo: () => Promise<DemoHandle>
  validateKey: (endpoint: GatewayEndpoint) => Promise<void>
  shell: Shell
  info: Omit<AppInfo, 'surface'>
  /** Where main keeps its own files (the management cache). */
  dataDir: string
  onError?: (channel: string, err: unknown) => void
  /** Where main logs requests, session changes and errors; the host opens it (app.getPath('logs') in the app). */
  log?: Log
  /** What the global hotkey can do here, until the host says otherwise. */
  hotkeyStatus?: HotkeyStatus
  /** Tests build the voice engine their own way. */
  voice?: Pick<VoiceServiceDeps, 'createEngine' | 'api'>
  /** Tests build the speech client their own way. */
  reader?: Pick<ReaderServiceDeps, 'client' | 'firstChunkChars'>
  /** Where updates come from and how one is installed; without it (no feed set) Loa never checks. */
  updates?: { source: UpdateSource; install(): void; clock?: Clock }
}

export interface Core {
  router: Router
  events: EventHub
  connection: ConnectionService
  settings: SettingsService
  audioPorts: AudioPorts
  account: AccountHub
  voice: VoiceService
  reader: ReaderService
  /** Crash records, the report offered at the next start, and what to do when main or a page dies. */
  crash: CrashService
  /** The update policy; null when no feed is set. */
  updates: UpdateService | null
  /** Reads text the user selected elsewhere (the read-selection hotkey) with the saved Reader settings. */
  readSelection(text: string): Promise<void>
  /** The host reports what the global talk hotkey does on this desktop. */
  setHotkeyStatus(status: HotkeyStatus): void
  /**
   * Where the host's talk key presses and releases: voice chat, or the welcome's test of the key. The
   * harness has no key hook, so its tests press and release here as the OS hook would.
   */
  talkKey: TalkKeyWatch
  /** The UI language now: the setting, or the OS locale when it says "system". */
  language(): Language
  close(): Promise<void>
}

/** Voice states with no conversation running: a restart cuts nothing short. */
const VOICE_AT_REST: ReadonlySet<VoiceState> = new Set(['idle', 'ended', 'failed'])

export async function createCore(deps: CoreDeps): Promise<Core> {
  const { settings, shell } = deps
  const log = deps.log ?? createLog(() => {})
  const stopGatewayLog = logGatewayRequests(log)
  const onError = (channel: string, err: unknown) => {
    log.error('request failed', err, { channel })
    deps.onError?.(channel, err)
  }
  const events = new EventHub()
  events.addSink(voiceStatusLog(log))
  const audioPorts = new AudioPorts()
  const connection = new ConnectionService(deps)
  await connection.init()
  const language = (): Language => resolveLanguage(settings.get().language, deps.info.osLocale)
  const tray = new TrayComposer((status) => shell.setTrayStatus(status), language)
  const account = await AccountHub.open({
    connection,
    settings,
    events,
    cacheDir: deps.dataDir,
    host: { notify: (title, body) => shell.notify(title, body), setTrayStatus: (s) => tray.setAccount(s) },
    language,
  })
  // The day's voice spending, which a conversation ended at close still writes: closing waits for it.
  const voiceBudget = await DailyBudget.open(voiceBudgetPath(deps.dataDir))
  const voice = new VoiceService({
    endpoint: () => connection.endpoint(),
    settings: () => settings.get(),
    events,
    audioPorts,
    host: {
      notify: (title, body) => shell.notify(title, body),
      setVoiceActivity: (a) => tray.setActivity(a),
      setVoiceLinkInterrupted: (interrupted) => tray.setLinkInterrupted(interrupted),
    },
    language,
    balanceVnd: () => account.glance().me.value?.balance.totalVND ?? null,
    budget: voiceBudget,
    // The tools read and act through the same clients as the app's views: one rate budget per key.
    tools: {
      management: () => account.client,
      speechModels: () => reader.models(),
      readAloud: async (text) => {
        const reading = await reader.readWithDefaults(text, settings.get().tts)
        return { model: reading.model, characters: reading.charsTotal, estimateVnd: reading.estimateVnd }
      },
      openView: (view) => shell.showView(view),
    },
    ...deps.voice,
  })
  const reader = new ReaderService({
    endpoint: () => connection.endpoint(),
    events,
    history: await ReaderHistory.open({
      dir: deps.dataDir,
      onError: (err) => onError('tts:history', err),
    }),
    balanceVnd: () => account.glance().me.value?.balance.totalVND ?? null,
    plan: () => account.glance().me.value?.plan ?? null,
    saveAudio: (request) => shell.saveAudio(request),
    usageHistory: async () => {
      const page = (await account.records(USAGE_LIMIT.max)).value
      return page ? { records: page.data, total: page.total } : null
    },
    usageNow: async () => {
      const page = await account.latestRecords(USAGE_LIMIT.max)
      return { records: page.data, total: page.total }
    },
    // The balance shown moves with the reading, not a refresh interval later.
    onSpent: () => void account.refresh(),
    ...deps.reader,
  })
  const documents = new DocumentReader({
    reader,
    places: await DocumentPlaces.open(deps.dataDir, (err) => onError('tts:documentHeard', err)),
    // Off main's thread: a long book takes seconds to parse, and main also runs the tray and the voice.
    extract: (file) => extractDocumentOffThread(file),
  })
  let hotkeyStatus: HotkeyStatus = deps.hotkeyStatus ?? {
    accelerator: settings.get().hotkeys.talk,
    mode: 'none',
    reasonKey: 'hotkey.reason.noDisplay',
    conflict: false,
    error: null,
  }

  const talkKey = new TalkKeyWatch({
    voice: { press: () => voice.press(), release: () => voice.release() },
    report: (down) => events.emit('hotkey:key', { down }),
  })

  voice.setHotkeyArmed(hotkeyStatus.mode !== 'none' && hotkeyStatus.error === null && !hotkeyStatus.conflict)
  const support = new SupportService({
    log,
    endpoint: () => connection.endpoint(),
    keychain: () => keychainStateOf(deps.secrets, process.platform),
    hotkey: () => hotkeyStatus,
    language,
    saveText: (request) => shell.saveText(request),
  })

  const crash = await CrashService.open({
    dataDir: deps.dataDir,
    log,
    appVersion: deps.info.version,
    voice,
    language,
    saveText: (request) => shell.saveText(request),
  })
  // The conversation's state as last published: voice:status comes often (the cost meter), and reading it
  // from the event costs nothing, where a snapshot copies the whole transcript.
  let voiceState: VoiceState = voice.snapshot().status.state
  const busy = (): UpdateWait | null => {
    if (!VOICE_AT_REST.has(voiceState)) return 'voice'
    return reader.current?.status().state === 'running' ? 'reading' : null
  }
  const updates = deps.updates
    ? new UpdateService({
        source: deps.updates.source,
        install: deps.updates.install,
        clock: deps.updates.clock ?? systemClock,
        currentVersion: deps.info.version,
        busy,
        log,
        onChange: (state) => events.emit('app:update', state),
      })
    : null
  const noUpdate: UpdateState = { offer: null }
  // A restart waiting for the conversation or the reading to end hears of it from their status events.
  events.addSink((channel, payload) => {
    if (channel === 'voice:status') voiceState = (payload as VoiceStatus).state
    if (channel === 'voice:status' || channel === 'tts:reading') updates?.activityChanged()
  })
  updates?.start()

  let launchAtLogin = settings.get().launchAtLogin
  settings.onChange((s) => {
    events.emit('settings:changed', s)
    void voice.settingsChanged()
    if (s.launchAtLogin !== launchAtLogin) {
      launchAtLogin = s.launchAtLogin
      shell.setLaunchAtLogin(launchAtLogin)
    }
  })
  connection.onChange((key: KeyStatus, conn) => {
    events.emit('key:changed', key)
    events.emit('connection:changed', conn)
    void voice.connectionChanged()
  })

  const router = createRouter(
    {
      'app:info': (_req, ctx) => ({ ...deps.info, surface: ctx.surface }),
      'app:quit': () => shell.quit(),
      'app:updateState': () => updates?.state() ?? noUpdate,
      'app:installUpdate': () => updates?.install() ?? noUpdate,
      'app:deferUpdate': () => updates?.later() ?? noUpdate,
      'window:show': ({ view }) => shell.showView(view),
      'window:hidePopup': () => shell.hidePopup(),
      'key:status': () => connection.keyStatus(),
      'key:set': ({ key, baseUrl }) => connection.setKey(key, baseUrl),
      'key:clear': () => connection.clearKey(),
      'connection:status': () => connection.connectionStatus(),
      'settings:get': () => settings.snapshot(),
      'settings:update': (patch) => settings.update(patch),
      'audio:openPort': (_req, ctx) => shell.openAudioPort(ctx, audioPorts),
      'account:glance': () => account.glance(),
      'account:refresh': () => account.refresh(),
      'account:popupVisible': ({ visible }) => account.setPopupVisible(visible),
      'usage:records': ({ limit }) => account.records(limit),
      'usage:daily': ({ days }) => account.daily(days),
      'usage:models': () => account.models(),
      'catalog:list': ({ kind }) => account.catalog(kind),
      'catalog:model': ({ id }) => account.model(id),
      'file:saveText': (request) => shell.saveText(request),
      'support:save': (request) => support.save(request),
      'crash:pending': () => crash.reports.pending(),
      'crash:save': () => crash.reports.save(),
      'crash:dismiss': () => crash.reports.dismiss(),
      'voice:snapshot': () => voice.snapshot(),
      'voice:models': () => voice.models(),
      'voice:press': () => voice.press(),
      'voice:release': () => voice.release(),
      'voice:reconnect': () => voice.reconnect(),
      'voice:sendText': ({ text }) => voice.sendText(text),
      'voice:end': () => voice.end(),
      'voice:viewShown': ({ shown }) => voice.setViewShown(shown),
      'voice:history': ({ limit }) => voice.history(limit),
      'voice:activeSessions': () => voice.activeSessions(),
      'voice:endSession': ({ id }) => voice.endSession(id),
      'voice:continueToday': () => voice.continueToday(),
      // The main window holds the Voice view, where sharing is started and captured.
      'voice:share': ({ source }, ctx) => voice.share(mainWindowOnly(ctx, source)),
      'voice:videoFrame': (frame, ctx) => voice.videoFrame(mainWindowOnly(ctx, frame)),
      'voice:rtcOffer': ({ linkId, sdp }, ctx) => voice.rtc.offer(linkId, mainWindowOnly(ctx, sdp)),
      'voice:rtcMessage': ({ linkId, text }, ctx) => voice.rtc.message(linkId, mainWindowOnly(ctx, text)),
      'voice:rtcState': ({ linkId, state, reason }, ctx) =>
        voice.rtc.state(linkId, mainWindowOnly(ctx, state), reason ?? null),
      'hotkey:status': () => hotkeyStatus,
      'hotkey:watch': ({ on }) => talkKey.watch(on),
      'tts:models': () => reader.models(),
      'tts:voices': ({ model }) => reader.voices(model),
      'tts:estimate': (choice) => reader.estimate(choice),
      'tts:read': (choice) => reader.read(choice),
      'tts:snapshot': () => reader.snapshot(),
      'tts:cancel': () => reader.cancel(),
      'tts:resume': ({ payAgain }) => reader.resume({ payAgain }),
      'tts:audio': ({ id, index }) => reader.audio(id, index),
      'tts:save': ({ id }) => reader.save(id),
      'tts:history': () => reader.history(),
      'tts:preview': ({ model, voice }) => reader.preview(model, voice),
      'tts:openDocument': (part) => documents.open(part),
      'tts:documentEstimate': (choice) => documents.estimate(choice),
      'tts:readDocument': (request) => documents.read(request),
      'tts:documentHeard': ({ id, index }) => documents.heard(id, index),
    },
    onError,
  )

  return {
    router,
    events,
    connection,
    settings,
    audioPorts,
    account,
    voice,
    reader,
    crash,
    updates,
    language,
    talkKey,
    readSelection: (text) =>
      readSelection(text, {
        reader,
        readerSettings: () => settings.get().tts,
        language,
        notify: (title, body) => shell.notify(title, body),
        showReader: () => shell.showView('reader'),
      }),
    setHotkeyStatus(status) {
      hotkeyStatus = status
      voice.setHotkeyArmed(status.mode !== 'none' && status.error === null && !status.conflict)
      events.emit('hotkey:changed', status)
    },
    async close() {
      updates?.stop()
      stopGatewayLog()
      talkKey.dispose()
      await reader.close()
      await documents.flushed()
      await voice.close()
      await voiceBudget.flushed()
      audioPorts.closeAll()
      await account.close()
      await connection.close()
    },
  }
}

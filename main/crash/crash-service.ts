// Crash recovery as the app runs it: the record file, the report offered at the next start, main's own
// crash and a window's page that died. The hosts (main/app, main/web) only hear of the events and carry
// out what this decides.
import type { Language, SaveTextRequest } from '../../preload/contract'
import type { Log } from '../logging/log'
import type { VoiceService } from '../voice/voice-service'
import { CrashStore, crashFilePath } from './crash-record'
import { CrashReports } from './crash-report'
import { handleMainCrash, type AfterCrash } from './main-crash'
import { PageCrashes, type CrashedPageHost } from './page-crash'

export interface CrashServiceDeps {
  dataDir: string
  log: Log
  appVersion: string
  voice: Pick<VoiceService, 'sessionOpen' | 'endNow'>
  language: () => Language
  saveText: (request: SaveTextRequest) => Promise<{ path: string } | null>
}

export class CrashService {
  private constructor(
    private readonly deps: CrashServiceDeps,
    private readonly store: CrashStore,
    readonly reports: CrashReports,
  ) {}

  static async open(deps: CrashServiceDeps): Promise<CrashService> {
    const redact = (text: string) => deps.log.redact(text)
    const store = new CrashStore(crashFilePath(deps.dataDir), redact)
    const reports = await CrashReports.open({
      store,
      redact,
      saveText: deps.saveText,
      appVersion: deps.appVersion,
    })
    return new CrashService(deps, store, reports)
  }

  /** An error nothing caught in main: what to do after it is logged, recorded and the voice session ended. */
  mainCrashed(kind: 'exception' | 'rejection', err: unknown, uptimeMs: number): Promise<AfterCrash> {
    return handleMainCrash(kind, err, {
      log: this.deps.log,
      store: this.store,
      appVersion: this.deps.appVersion,
      voice: () => this.deps.voice,
      uptimeMs: () => uptimeMs,
    })
  }

  /** The pages of one host's windows: `host` reloads a page or shows the error page in it. */
  pages(host: CrashedPageHost): PageCrashes {
    return new PageCrashes({
      log: this.deps.log,
      store: this.store,
      appVersion: this.deps.appVersion,
      voiceSessionOpen: () => this.deps.voice.sessionOpen,
      language: this.deps.language,
      host,
    })
  }
}

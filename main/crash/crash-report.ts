// The crashes of an earlier run, offered once at the next start: "Save a report" writes them where the
// user chooses, "Dismiss" forgets them. Nothing is sent anywhere; the file is the user's to pass on.
// The report is not the support bundle: the bundle's log lines and checks are this run's, while a crash
// report is about the run that ended, and each record already carries the log lines that led up to it.
import { arch, platform, release } from 'node:os'
import type { CrashNotice, SaveTextRequest } from '../../preload/contract'
import type { CrashRecord, CrashStore } from './crash-record'

export interface CrashReportDeps {
  store: Pick<CrashStore, 'read' | 'drop'>
  redact: (text: string) => string
  saveText: (request: SaveTextRequest) => Promise<{ path: string } | null>
  appVersion: string
}

export class CrashReports {
  /** The records there were at start; crashes of this run wait for the next. */
  #records: CrashRecord[]

  private constructor(
    private readonly deps: CrashReportDeps,
    records: CrashRecord[],
  ) {
    this.#records = records
  }

  static async open(deps: CrashReportDeps): Promise<CrashReports> {
    return new CrashReports(deps, await deps.store.read())
  }

  pending(): CrashNotice | null {
    const last = this.#records.at(-1)
    if (!last) return null
    return { count: this.#records.length, lastAt: last.time, lastKind: last.kind }
  }

  async save(now = new Date()): Promise<{ path: string } | null> {
    if (this.#records.length === 0) return null
    const report = {
      createdAt: now.toISOString(),
      versions: { loa: this.deps.appVersion, electron: process.versions.electron ?? null },
      os: { platform: platform(), release: release(), arch: arch() },
      crashes: this.#records,
    }
    const saved = await this.deps.saveText({
      suggestedName: `loa-crash-${now
        .toISOString()
        .replace(/\.\d+Z$/, 'Z')
        .replace(/:/g, '-')}.json`,
      content: this.deps.redact(`${JSON.stringify(report, null, 2)}\n`),
      kind: 'json',
    })
    if (saved) await this.dismiss()
    return saved
  }

  async dismiss(): Promise<void> {
    const offered = this.#records
    this.#records = []
    await this.deps.store.drop(offered)
  }
}

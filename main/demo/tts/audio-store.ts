// Generated audio kept for re-download by job id: 24 hours on FREE, 72 hours on paid plans, nothing over
// the size threshold. Expired files are dropped but their job ids are remembered, so a late download gets
// 410 rather than 404.
import type { DemoClock, PlanCode } from '../context'
import type { AudioFormat } from './models'

const HOUR_MS = 3600_000

export function retentionMs(plan: PlanCode): number {
  return (plan === 'FREE' ? 24 : 72) * HOUR_MS
}

export interface AudioJob {
  jobId: string
  accountId: string
  format: AudioFormat
  contentType: string
  createdAtMs: number
  expiresAtMs: number
  /** Null when the file was over the threshold or has expired. */
  bytes: Buffer | null
  stored: boolean
}

export type DownloadLookup =
  | { kind: 'ok'; job: AudioJob & { bytes: Buffer } }
  | { kind: 'missing' }
  | { kind: 'not_stored' }
  | { kind: 'expired' }

export class AudioStore {
  private readonly jobs = new Map<string, AudioJob>()

  constructor(
    private readonly clock: DemoClock,
    private readonly maxStoredBytes: () => number,
  ) {}

  put(job: Omit<AudioJob, 'stored' | 'expiresAtMs' | 'createdAtMs'>, plan: PlanCode): AudioJob {
    const now = this.clock.now()
    const stored = job.bytes !== null && job.bytes.length <= this.maxStoredBytes()
    const full: AudioJob = {
      ...job,
      bytes: stored ? job.bytes : null,
      stored,
      createdAtMs: now,
      expiresAtMs: now + retentionMs(plan),
    }
    this.jobs.set(job.jobId, full)
    return full
  }

  /** Only the owner sees a job; to anyone else it does not exist. */
  download(jobId: string, accountId: string): DownloadLookup {
    const job = this.jobs.get(jobId)
    if (!job || job.accountId !== accountId) return { kind: 'missing' }
    if (!job.stored) return { kind: 'not_stored' }
    if (this.clock.now() >= job.expiresAtMs) {
      job.bytes = null
      return { kind: 'expired' }
    }
    return job.bytes ? { kind: 'ok', job: job as AudioJob & { bytes: Buffer } } : { kind: 'expired' }
  }

  /** Frees the bytes of expired jobs. */
  sweep(): void {
    const now = this.clock.now()
    for (const job of this.jobs.values()) if (job.bytes && now >= job.expiresAtMs) job.bytes = null
  }
}

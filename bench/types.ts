/** One measured figure: ours beside the same figure of reference implementations, against a goal. */
export interface Figure {
  metric: string
  /** A comparison with a threshold, e.g. '>=100' or '<=3'. */
  goal: string
  ours: number
  met: boolean
  /** The same figure for each reference implementation, measured in the same run. */
  reference: Record<string, number>
  /** Labels that say what was measured, e.g. `pair: '48000->16000'`. */
  [label: string]: unknown
}

export interface SuiteReport {
  suite: string
  /** How the figures were obtained, for a reader of the JSON. */
  method?: Record<string, string>
  results: Figure[]
}

/** Every module in bench/suites exports `run` of this type. */
export type Suite = () => Promise<SuiteReport>

/**
 * A suite may export `prepare` of this type: it checks or makes what the suite needs beyond node_modules
 * (bench/prerequisites.ts), and throws saying what to do. The runner prepares every chosen suite before
 * any measures.
 */
export type Prepare = () => Promise<void> | void

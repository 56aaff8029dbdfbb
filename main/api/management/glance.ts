// The account data the UI is shown: the contract's shapes, and what main says when one part changes.
import type { Glance } from '../../../preload/contract'

export type { Glance, GlancePart, Part } from '../../../preload/contract'

export interface AccountUpdate {
  /** The request whose entry changed, e.g. `/v1/management/me`. */
  requestId: string
  glance: Glance
}

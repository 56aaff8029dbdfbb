// Whether the account's data can be shown at all for this key, from the glance's access finding and its
// parts' errors (main decides between `forbidden` and `account_locked`; see main's access rule).
import type { ErrorKind } from '../../../preload/contract'
import type { Glance } from './shapes'

/** `catalog_only`: reseller or internal account; `locked`: disabled or locked; `auth`: key rejected. */
export type AccountBlock = 'auth' | 'locked' | 'catalog_only' | null

const PARTS = ['me', 'quota', 'savings', 'daily', 'stats'] as const

/** The most severe reason wins: a rejected key hides everything, a lock hides the catalog too. */
export function accountBlock(glance: Glance): AccountBlock {
  const kinds = new Set<ErrorKind>()
  for (const part of PARTS) {
    const kind = glance[part].error?.kind
    if (kind) kinds.add(kind)
  }
  if (kinds.has('auth')) return 'auth'
  if (glance.access === 'locked' || kinds.has('account_locked')) return 'locked'
  if (glance.access === 'catalog_only' || kinds.has('forbidden')) return 'catalog_only'
  return null
}

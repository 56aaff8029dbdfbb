import type { ViewName } from '../../preload/contract'

export const VIEWS: readonly ViewName[] = ['voice', 'reader', 'usage', 'catalog', 'settings']

export type Route = { surface: 'popup' } | { surface: 'main'; view: ViewName }

/** `#/popup` is the tray popup; `#/<view>` a view of the main window; anything else the first view. */
export function parseRoute(hash: string): Route {
  const name = hash.replace(/^#\/?/, '').split(/[/?]/)[0] ?? ''
  if (name === 'popup') return { surface: 'popup' }
  const view = VIEWS.find((v) => v === name)
  return { surface: 'main', view: view ?? 'voice' }
}

// The security baseline of every web page Loa hosts (https://www.electronjs.org/docs/latest/tutorial/security):
// no navigation away from our pages, no new windows, no <webview>, and the microphone and camera (shown to
// the voice model when the user shares it) for our own pages only.
import { shell, type Session, type WebContents } from 'electron'
import type { OriginCheck } from './origins'

type Permission = Parameters<Parameters<Session['setPermissionRequestHandler']>[0] & object>[1]
type RequestDetails = Parameters<Parameters<Session['setPermissionRequestHandler']>[0] & object>[3]
type CheckDetails = Parameters<Parameters<Session['setPermissionCheckHandler']>[0] & object>[3]

/** `speaker-selection` lets the renderer send audio to the output device chosen in Settings. */
const GRANTABLE: ReadonlySet<Permission> = new Set<Permission>(['media', 'speaker-selection'])

const hardenedSessions = new WeakSet<Session>()

/** Applied from `app.on('web-contents-created')`, so no page escapes it. */
export function hardenWebContents(contents: WebContents, isOurs: OriginCheck): void {
  contents.on('will-navigate', (event) => {
    // Only in-page moves within our own page (hash routes) are navigation; everything else is refused.
    if (event.isSameDocument && isOurs(event.url)) return
    event.preventDefault()
  })
  contents.on('will-redirect', (event) => event.preventDefault())
  contents.on('will-attach-webview', (event) => event.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    if (isOurs(contents.getURL()) && isWebLink(url)) void openInBrowser(url)
    return { action: 'deny' }
  })
  hardenSession(contents.session, isOurs)
}

/** Idempotent: each window's session gets the handlers once. */
export function hardenSession(session: Session, isOurs: OriginCheck): void {
  if (hardenedSessions.has(session)) return
  hardenedSessions.add(session)
  session.setPermissionRequestHandler((_contents, permission, callback, details) =>
    callback(mayGrant(permission, details, isOurs)),
  )
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin, details) =>
    mayPass(permission, requestingOrigin, details, isOurs),
  )
  // No HID, USB or serial devices: Loa has no use for them.
  session.setDevicePermissionHandler(() => false)
}

function mayGrant(permission: Permission, details: RequestDetails, isOurs: OriginCheck): boolean {
  if (!GRANTABLE.has(permission) || !details.isMainFrame || !isOurs(details.requestingUrl)) return false
  if (permission === 'media') {
    // The microphone, and the camera the Voice view shares with the model.
    const types = 'mediaTypes' in details ? (details.mediaTypes ?? []) : []
    if (types.some((t) => t !== 'audio' && t !== 'video')) return false
    if ('securityOrigin' in details && details.securityOrigin && !isOurs(details.securityOrigin)) return false
  }
  return true
}

function mayPass(
  permission: Permission,
  requestingOrigin: string,
  details: CheckDetails,
  isOurs: OriginCheck,
): boolean {
  if (!GRANTABLE.has(permission) || !isOurs(requestingOrigin)) return false
  // A cross-origin frame inside our page reports the page as its embedder: it gets nothing.
  if (details.embeddingOrigin !== undefined) return false
  if (details.securityOrigin !== undefined && !isOurs(details.securityOrigin)) return false
  return true
}

function isWebLink(url: string): boolean {
  try {
    const { protocol } = new URL(url)
    return protocol === 'https:' || protocol === 'http:'
  } catch {
    return false
  }
}

async function openInBrowser(url: string): Promise<void> {
  try {
    // Only http(s) URLs from our own pages reach here (see isWebLink above).
    await shell.openExternal(url) /* eng-disable OPEN_EXTERNAL_JS_CHECK */
  } catch {
    // No browser to open the link in: there is nothing more useful to do.
  }
}

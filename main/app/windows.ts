// Loa's two windows: the main window (Voice, Reader, Usage, Catalog, Settings) and the frameless popup
// anchored to the tray. Both are created on first use and hidden, not destroyed, when closed.
import {
  BrowserWindow,
  nativeTheme,
  screen,
  type BrowserWindowConstructorOptions,
  type Rectangle,
  type WebContents,
} from 'electron'
import type { ViewName } from '../../preload/contract'
import { popupPosition } from './popup-position'

export type Surface = 'main' | 'popup'

export interface WindowsOptions {
  /** The built preload script (`out/preload/index.cjs`). */
  preloadPath: string
  /** The page URL for a renderer route, e.g. `voice` → `app://loa/index.html#/voice`. */
  pageUrl(route: ViewName | 'popup'): string
  /** DevTools only while developing: a packaged app has no use for them. */
  devTools: boolean
}

const MAIN_SIZE = { width: 980, height: 700, minWidth: 720, minHeight: 520 }
const POPUP_SIZE = { width: 360, height: 480 }
/** The colours the renderer paints first, so a window never flashes white in dark mode. */
const BACKGROUND = { light: '#ffffff', dark: '#1e1f22' }
/**
 * Clicking the tray while the popup is open first blurs (and hides) the popup, then delivers the click.
 * A click this soon after a blur-hide means "close", not "open again".
 */
const REOPEN_AFTER_BLUR_GUARD_MS = 300
/**
 * Electron says a page is unresponsive after a few seconds without an answer; a long chart or a large
 * text can take that long once. A page still hung this much later is taken as dead and reloaded.
 */
const HUNG_GRACE_MS = 10_000

export class AppWindows {
  #main: BrowserWindow | null = null
  #popup: BrowserWindow | null = null
  #quitting = false
  #popupHiddenByBlurAt = 0
  #onHung: ((contents: WebContents) => void) | null = null

  constructor(private readonly opts: WindowsOptions) {}

  /** Lets windows close for real: set when Loa quits. */
  setQuitting(): void {
    this.#quitting = true
  }

  showMain(): void {
    const win = this.#main ?? this.#createMain('voice')
    showAndFocus(win)
  }

  /**
   * Loads the main window without showing it: its page holds the microphone and the player, so the
   * global talk key works while every Loa window is hidden, from the first press.
   */
  ensureMain(): void {
    this.#main ??= this.#createMain('voice')
  }

  showView(view: ViewName): void {
    if (!this.#main) {
      showAndFocus(this.#createMain(view))
      return
    }
    const contents = this.#main.webContents
    // A page still loading would miss the event; it hears it once it has loaded.
    if (contents.isLoading()) contents.once('did-finish-load', () => contents.send('nav:show', { view }))
    else contents.send('nav:show', { view })
    showAndFocus(this.#main)
  }

  /** Opens the popup beside the tray icon, or closes it when it is open. */
  togglePopup(trayBounds: Rectangle): void {
    const popup = this.#popup ?? this.#createPopup()
    if (popup.isVisible()) {
      popup.hide()
      return
    }
    if (Date.now() - this.#popupHiddenByBlurAt < REOPEN_AFTER_BLUR_GUARD_MS) return
    const { x, y } = popupPosition({
      trayBounds,
      cursor: screen.getCursorScreenPoint(),
      displays: screen.getAllDisplays(),
      windowSize: POPUP_SIZE,
    })
    popup.setBounds({ x, y, ...POPUP_SIZE })
    showAndFocus(popup)
  }

  hidePopup(): void {
    this.#popup?.hide()
  }

  /** Which of our windows `contents` belongs to; null for anything else. */
  surfaceOf(contents: WebContents): Surface | null {
    if (this.#main && !this.#main.isDestroyed() && this.#main.webContents === contents) return 'main'
    if (this.#popup && !this.#popup.isDestroyed() && this.#popup.webContents === contents) return 'popup'
    return null
  }

  webContentsOf(surface: Surface): WebContents | null {
    const win = surface === 'main' ? this.#main : this.#popup
    return win && !win.isDestroyed() ? win.webContents : null
  }

  allWebContents(): WebContents[] {
    return [this.#main, this.#popup].flatMap((w) => (w && !w.isDestroyed() ? [w.webContents] : []))
  }

  /**
   * Loads a window's page again after it died, on the route it showed: the window itself (where it is,
   * its size, shown or hidden) outlives its page, so nothing else needs restoring.
   */
  reloadPage(surface: Surface, route: string): void {
    const contents = this.webContentsOf(surface)
    if (!contents) return
    const known = surface === 'popup' ? route === 'popup' : VIEWS.some((v) => v === route)
    void contents.loadURL(this.opts.pageUrl(known ? (route as ViewName | 'popup') : surfaceRoute(surface)))
  }

  /** In place of a page that keeps dying: a page of text, with no script. */
  showErrorPage(surface: Surface, html: string): void {
    void this.webContentsOf(surface)?.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(html)}`)
  }

  /** Hears of a window whose page stopped answering. */
  onPageHung(listener: (contents: WebContents) => void): void {
    this.#onHung = listener
  }

  /** Repaints the window backgrounds after a theme change. */
  applyTheme(): void {
    for (const w of [this.#main, this.#popup]) {
      if (w && !w.isDestroyed()) w.setBackgroundColor(backgroundColor())
    }
  }

  #createMain(view: ViewName): BrowserWindow {
    const win = this.#newWindow({ ...MAIN_SIZE, title: 'Loa' })
    this.#keepOnClose(win)
    win.on('closed', () => (this.#main = null))
    void win.loadURL(this.opts.pageUrl(view))
    this.#main = win
    return win
  }

  #createPopup(): BrowserWindow {
    const win = this.#newWindow({
      ...POPUP_SIZE,
      frame: false,
      resizable: false,
      movable: false,
      minimizable: false,
      maximizable: false,
      fullscreenable: false,
      skipTaskbar: true,
      alwaysOnTop: true,
    })
    // The popup follows the user to whichever space or workspace the tray was clicked on.
    win.setVisibleOnAllWorkspaces(true, { visibleOnFullScreen: true })
    win.on('blur', () => {
      if (!win.isVisible()) return
      this.#popupHiddenByBlurAt = Date.now()
      win.hide()
    })
    this.#keepOnClose(win)
    win.on('closed', () => (this.#popup = null))
    void win.loadURL(this.opts.pageUrl('popup'))
    this.#popup = win
    return win
  }

  #keepOnClose(win: BrowserWindow): void {
    win.on('unresponsive', () => {
      const hung = setTimeout(() => this.#onHung?.(win.webContents), HUNG_GRACE_MS)
      win.once('responsive', () => clearTimeout(hung))
    })
    win.on('close', (event) => {
      if (this.#quitting) return
      event.preventDefault()
      win.hide()
    })
  }

  /** Every Loa window is made here, so all of them share one set of web preferences. */
  #newWindow(options: BrowserWindowConstructorOptions): BrowserWindow {
    // Spelled out as a literal (not built by a helper) so electronegativity can read each setting.
    return new BrowserWindow({
      ...options,
      show: false,
      backgroundColor: backgroundColor(),
      webPreferences: {
        // Reviewed: the preload is sandboxed and exposes only the contract's named functions, never ipcRenderer.
        preload: this.opts.preloadPath, // eng-disable PRELOAD_JS_CHECK
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInSubFrames: false,
        nodeIntegrationInWorker: false,
        webSecurity: true,
        allowRunningInsecureContent: false,
        experimentalFeatures: false,
        webviewTag: false,
        spellcheck: false,
        navigateOnDragDrop: false,
        safeDialogs: true,
        // A middle click would ask for a new window; setWindowOpenHandler refuses it, and this stops the ask.
        disableBlinkFeatures: 'Auxclick',
        // The voice chat plays and captures while the window is hidden: no timer throttling, and the
        // answer may start playing without a click (the global hotkey is not a page gesture).
        backgroundThrottling: false,
        autoplayPolicy: 'no-user-gesture-required',
        devTools: this.opts.devTools,
      },
    })
  }
}

const VIEWS: readonly ViewName[] = ['voice', 'reader', 'usage', 'catalog', 'settings']

function surfaceRoute(surface: Surface): ViewName | 'popup' {
  return surface === 'popup' ? 'popup' : 'voice'
}

function backgroundColor(): string {
  return nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light
}

function showAndFocus(win: BrowserWindow): void {
  if (win.isMinimized()) win.restore()
  win.show()
  win.focus()
}

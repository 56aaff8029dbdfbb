// The global talk hotkey on Electron: globalShortcut for the shortcut, systemPreferences for macOS's
// Accessibility permission, a utility process for the hook's probe. Needs no window, so it works from the tray.
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { globalShortcut, systemPreferences, utilityProcess } from 'electron'
import type { HotkeyStatus } from '../../preload/contract'
import type { TalkTarget } from '../hotkey/hold-to-talk'
import { decideHotkeyMode } from '../hotkey/hotkey-mode'
import { TalkHotkey } from '../hotkey/talk-hotkey'
import {
  createUiohookLoader,
  PROBE_MODULE_ENV,
  PROBE_SCRIPT,
  uiohookModulePath,
  watchProbe,
  type Probe,
  type ProbeOutcome,
} from '../hotkey/uiohook-loader'

export interface GlobalHotkeyOptions {
  accelerator: () => string
  /** Called with the talk accelerator whenever the settings change; may return an unsubscribe function. */
  onAcceleratorChange(listener: (accelerator: string) => void): (() => void) | void
  target: TalkTarget
  setStatus(status: HotkeyStatus): void
  /** The desktop to decide for; the running process's unless a test says otherwise. */
  platform?: NodeJS.Platform
  env?: NodeJS.ProcessEnv
  probe?: Probe
}

export interface GlobalHotkey {
  dispose(): void
}

/** Call after app `ready`: globalShortcut and utility processes need it. */
export function startGlobalHotkey(opts: GlobalHotkeyOptions): GlobalHotkey {
  const platform = opts.platform ?? process.platform
  const env = opts.env ?? process.env
  const hotkey = new TalkHotkey({
    platform,
    decideMode: () =>
      decideHotkeyMode({
        platform,
        env,
        accessibilityTrusted: () => systemPreferences.isTrustedAccessibilityClient(false),
      }),
    loader: createUiohookLoader({ platform, probe: opts.probe ?? (() => probeInUtilityProcess(env)) }),
    shortcuts: globalShortcut,
    target: opts.target,
    onStatus: (status) => opts.setStatus(status),
    log: (message) => console.warn(`[loa] ${message}`),
  })

  let current = opts.accelerator()
  void hotkey.apply(current)
  // Settings change for many reasons; only a new accelerator re-registers.
  const unsubscribe = opts.onAcceleratorChange((next) => {
    if (next === current) return
    current = next
    void hotkey.apply(next)
  })

  return {
    dispose: () => {
      unsubscribe?.()
      hotkey.dispose()
    },
  }
}

/** A utility process crashes alone, and starts even with the runAsNode fuse off. It runs a file, so one is written. */
async function probeInUtilityProcess(env: NodeJS.ProcessEnv): Promise<ProbeOutcome> {
  let modulePath: string
  try {
    modulePath = uiohookModulePath()
  } catch (err) {
    return { ok: false, detail: `uiohook-napi is not installed: ${String(err)}` }
  }
  const dir = await mkdtemp(join(tmpdir(), 'loa-hotkey-probe-'))
  try {
    const script = join(dir, 'probe.cjs')
    await writeFile(script, PROBE_SCRIPT, { mode: 0o600 })
    const child = utilityProcess.fork(script, [], {
      env: { ...env, [PROBE_MODULE_ENV]: modulePath },
      stdio: 'pipe',
      serviceName: 'Loa keyboard hook probe',
    })
    return await watchProbe({
      stdout: child.stdout,
      stderr: child.stderr,
      onExit: (listener) => child.once('exit', (code) => listener(code, null)),
      onError: (listener) => child.once('error', (type, location) => listener(`${type} at ${location}`)),
      kill: () => child.kill(),
    })
  } catch (err) {
    return { ok: false, detail: `the probe failed to run: ${String(err)}` }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

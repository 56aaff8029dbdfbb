// Loads uiohook-napi, the keyboard hook behind hold-to-talk, only once it is known to work. On X11 a hook that
// cannot open the display aborts the whole process, so on Linux a throwaway process tries it first.
import { spawn as nodeSpawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import { createRequire } from 'node:module'
import type { HookKeyEvent } from './accelerator'
import type { ModeDecision } from './hotkey-mode'

/** The part of uiohook-napi's `uIOhook` emitter that Loa uses. */
export interface KeyboardHook {
  on(event: 'keydown' | 'keyup', listener: (e: HookKeyEvent) => void): unknown
  off(event: 'keydown' | 'keyup', listener: (e: HookKeyEvent) => void): unknown
  start(): void
  stop(): void
}

export interface UiohookModule {
  uIOhook: KeyboardHook
}

export type ProbeOutcome = { ok: true } | { ok: false; detail: string }
export type Probe = () => Promise<ProbeOutcome>

export interface HookLoad {
  /** The decision to act on: the one given, or toggle when the hook could not be had. */
  decision: ModeDecision
  hook: KeyboardHook | null
  /** Why the hook failed, for the log. */
  detail?: string
}

export interface HookLoader {
  load(decision: ModeDecision): Promise<HookLoad>
}

const requireHere = createRequire(import.meta.url)

/** The module's entry file. Resolving reads no native code, so it is safe before the probe. */
export function uiohookModulePath(): string {
  return requireHere.resolve('uiohook-napi')
}

export const PROBE_MODULE_ENV = 'LOA_UIOHOOK_PATH'
/** Printed by the probe once the hook has started and stopped: exit code 0 alone could come from anything. */
export const PROBE_OK_LINE = 'loa-uiohook-ok'
export const PROBE_TIMEOUT_MS = 5_000
/** The hook fails on its own thread, so the probe waits this long after start() before calling it good. */
const PROBE_SETTLE_MS = 200

/** CommonJS run by the probe process: load the hook, start it, stop it, say so. */
export const PROBE_SCRIPT = `
const { uIOhook } = require(process.env.${PROBE_MODULE_ENV});
uIOhook.start();
setTimeout(() => {
  uIOhook.stop();
  process.stdout.write('${PROBE_OK_LINE}\\n', () => process.exit(0));
}, ${PROBE_SETTLE_MS});
`

/** A running probe, whatever started it: a Node child process or an Electron utility process. */
export interface ProbeChild {
  stdout: NodeJS.ReadableStream | null
  stderr: NodeJS.ReadableStream | null
  onExit(listener: (code: number | null, signal: string | null) => void): void
  /** The process could not be started at all. */
  onError(listener: (message: string) => void): void
  kill(): void
}

/**
 * Good once the OK line arrives; bad when the process ends without it, fails to start, or runs past the timeout.
 * The exit may be reported before the last output is read, so a failure waits for stdout to end.
 */
export function watchProbe(child: ProbeChild, timeoutMs: number = PROBE_TIMEOUT_MS): Promise<ProbeOutcome> {
  return new Promise((resolve) => {
    let stdout = ''
    let stderr = ''
    let settled = false
    const finish = (outcome: ProbeOutcome) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const timer = setTimeout(() => {
      child.kill()
      finish({ ok: false, detail: `the probe did not finish within ${timeoutMs} ms` })
    }, timeoutMs)
    const stdoutEnded = new Promise<void>((done) => {
      if (!child.stdout) return done()
      child.stdout.on('end', done)
      child.stdout.on('error', () => done())
    })
    child.stdout?.on('data', (chunk: Buffer | string) => {
      stdout += chunk.toString()
      if (stdout.includes(PROBE_OK_LINE)) finish({ ok: true })
    })
    child.stderr?.on('data', (chunk: Buffer | string) => (stderr = (stderr + chunk.toString()).slice(-2000)))
    child.onError((message) => finish({ ok: false, detail: `the probe failed to run: ${message}` }))
    child.onExit((code, signal) => {
      void stdoutEnded.then(() => finish({ ok: false, detail: probeFailure(code, signal, stderr) }))
    })
  })
}

function probeFailure(code: number | null, signal: string | null, stderr: string): string {
  const how = signal ? `was killed by ${signal}` : `exited with code ${code} without starting the hook`
  const said = stderr.trim()
  return `the probe ${how}${said ? `: ${said}` : ''}`
}

export type Spawn = (command: string, args: readonly string[], options: SpawnOptions) => ChildProcess

export interface ChildProbeOptions {
  /** A Node binary, or Electron's, which the ELECTRON_RUN_AS_NODE variable turns into one. */
  execPath?: string
  modulePath?: () => string
  env?: NodeJS.ProcessEnv
  spawn?: Spawn
  timeoutMs?: number
}

/**
 * Runs PROBE_SCRIPT in a child process. A packaged Loa has the runAsNode fuse off, so there Electron's binary
 * would start a second Loa instead: the app probes in a utility process (main/app/global-hotkey.ts).
 */
export function childProcessProbe(opts: ChildProbeOptions = {}): Probe {
  const spawn = opts.spawn ?? nodeSpawn
  return async () => {
    let modulePath: string
    try {
      modulePath = (opts.modulePath ?? uiohookModulePath)()
    } catch (err) {
      return { ok: false, detail: `uiohook-napi is not installed: ${String(err)}` }
    }
    let child: ChildProcess
    try {
      child = spawn(opts.execPath ?? process.execPath, ['-e', PROBE_SCRIPT], {
        env: { ...(opts.env ?? process.env), ELECTRON_RUN_AS_NODE: '1', [PROBE_MODULE_ENV]: modulePath },
        stdio: ['ignore', 'pipe', 'pipe'],
        windowsHide: true,
      })
    } catch (err) {
      return { ok: false, detail: `the probe failed to run: ${String(err)}` }
    }
    return watchProbe(
      {
        stdout: child.stdout,
        stderr: child.stderr,
        onExit: (listener) => child.once('exit', listener),
        onError: (listener) => child.once('error', (err) => listener(err.message)),
        kill: () => child.kill('SIGKILL'),
      },
      opts.timeoutMs,
    )
  }
}

export interface UiohookLoaderOptions {
  platform: NodeJS.Platform
  /** Where the module would crash the process, this runs it elsewhere first. Used on Linux. */
  probe: Probe
  requireHook?: () => UiohookModule
}

/**
 * Loads the hook at most once per process, and only for a hold decision: anything else never touches it.
 * Every failure turns the decision into toggle mode with `hotkey.reason.hookFailed`.
 */
export function createUiohookLoader(opts: UiohookLoaderOptions): HookLoader {
  const requireHook = opts.requireHook ?? (() => requireHere('uiohook-napi') as UiohookModule)
  let attempt: Promise<{ hook: KeyboardHook } | { detail: string }> | null = null

  const tryLoad = async (): Promise<{ hook: KeyboardHook } | { detail: string }> => {
    if (opts.platform === 'linux') {
      const probed = await opts.probe()
      if (!probed.ok) return { detail: probed.detail }
    }
    try {
      return { hook: requireHook().uIOhook }
    } catch (err) {
      return {
        detail: `uiohook-napi could not be loaded: ${err instanceof Error ? err.message : String(err)}`,
      }
    }
  }

  return {
    async load(decision) {
      if (decision.mode !== 'hold') return { decision, hook: null }
      attempt ??= tryLoad()
      const result = await attempt
      if ('hook' in result) return { decision, hook: result.hook }
      return { decision: HOOK_FAILED, hook: null, detail: result.detail }
    },
  }
}

export const HOOK_FAILED: ModeDecision = { mode: 'toggle', reasonKey: 'hotkey.reason.hookFailed' }

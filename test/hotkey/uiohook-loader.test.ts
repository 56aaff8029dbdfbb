import { spawn } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ModeDecision } from '../../main/hotkey/hotkey-mode'
import {
  childProcessProbe,
  createUiohookLoader,
  type KeyboardHook,
  type Probe,
  type Spawn,
  type UiohookModule,
} from '../../main/hotkey/uiohook-loader'

const HOLD_X11: ModeDecision = { mode: 'hold', reasonKey: 'hotkey.reason.x11' }
const HOOK_FAILED: ModeDecision = { mode: 'toggle', reasonKey: 'hotkey.reason.hookFailed' }

function fakeModule(): UiohookModule {
  const hook = Object.assign(new EventEmitter(), { start() {}, stop() {} })
  return { uIOhook: hook as unknown as KeyboardHook }
}

/** A loader whose probe and require only count their calls. */
function counted(platform: NodeJS.Platform, probeOk: boolean, requireThrows = false) {
  const counts = { probe: 0, require: 0 }
  const module = fakeModule()
  const probe: Probe = async () => {
    counts.probe++
    return probeOk ? { ok: true } : { ok: false, detail: 'the probe was killed by SIGABRT' }
  }
  const loader = createUiohookLoader({
    platform,
    probe,
    requireHook: () => {
      counts.require++
      if (requireThrows) throw new Error('invalid ELF header')
      return module
    },
  })
  return { loader, counts, module }
}

describe('createUiohookLoader', () => {
  it('never probes or loads for a decision that is not hold', async () => {
    const { loader, counts } = counted('linux', true)
    const none: ModeDecision = { mode: 'none', reasonKey: 'hotkey.reason.noDisplay' }
    const wayland: ModeDecision = { mode: 'toggle', reasonKey: 'hotkey.reason.wayland' }
    expect(await loader.load(none)).toEqual({ decision: none, hook: null })
    expect(await loader.load(wayland)).toEqual({ decision: wayland, hook: null })
    expect(counts).toEqual({ probe: 0, require: 0 })
  })

  it('on Linux, loads only after the probe succeeds', async () => {
    const { loader, counts, module } = counted('linux', true)
    const loaded = await loader.load(HOLD_X11)
    expect(loaded).toEqual({ decision: HOLD_X11, hook: module.uIOhook })
    expect(counts).toEqual({ probe: 1, require: 1 })
  })

  it('on Linux, a failed probe means toggle mode and no load', async () => {
    const { loader, counts } = counted('linux', false)
    const loaded = await loader.load(HOLD_X11)
    expect(loaded.decision).toEqual(HOOK_FAILED)
    expect(loaded.hook).toBeNull()
    expect(loaded.detail).toMatch(/SIGABRT/)
    expect(counts).toEqual({ probe: 1, require: 0 })
  })

  it('a module that throws on load means toggle mode', async () => {
    const { loader, counts } = counted('win32', true, true)
    const loaded = await loader.load({ mode: 'hold', reasonKey: 'hotkey.reason.windows' })
    expect(loaded.decision).toEqual(HOOK_FAILED)
    expect(loaded.detail).toMatch(/invalid ELF header/)
    expect(counts).toEqual({ probe: 0, require: 1 })
  })

  it('loads without a probe where a failing hook throws instead of aborting', async () => {
    const { loader, counts, module } = counted('win32', false)
    const decision: ModeDecision = { mode: 'hold', reasonKey: 'hotkey.reason.windows' }
    expect(await loader.load(decision)).toEqual({ decision, hook: module.uIOhook })
    expect(counts).toEqual({ probe: 0, require: 1 })
  })

  it('tries once per process, whatever the outcome', async () => {
    const good = counted('linux', true)
    await Promise.all([good.loader.load(HOLD_X11), good.loader.load(HOLD_X11)])
    await good.loader.load(HOLD_X11)
    expect(good.counts).toEqual({ probe: 1, require: 1 })

    const bad = counted('linux', false)
    await bad.loader.load(HOLD_X11)
    expect((await bad.loader.load(HOLD_X11)).decision).toEqual(HOOK_FAILED)
    expect(bad.counts).toEqual({ probe: 1, require: 0 })
  })
})

describe('childProcessProbe', () => {
  let dir: string
  let spawnHere: Spawn

  // Stand-ins for uiohook-napi, each failing the way a real hook can.
  const modules: Record<string, string> = {
    'works.cjs': 'exports.uIOhook = { start() {}, stop() {} }',
    'aborts.cjs':
      'exports.uIOhook = { start() { process.stderr.write("XOpenDisplay failure!\\n"); process.abort() }, stop() {} }',
    'throws.cjs': 'throw new Error("Could not open the display")',
    'exits.cjs': 'exports.uIOhook = { start() { process.exit(0) }, stop() {} }',
    'hangs.cjs': 'exports.uIOhook = { start() { for (;;) {} }, stop() {} }',
  }

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'loa-hotkey-probe-test-'))
    for (const [name, source] of Object.entries(modules)) await writeFile(join(dir, name), source)
    // Core dumps from the aborting stand-in land here, not in the repository.
    spawnHere = (command, args, options) => spawn(command, args, { ...options, cwd: dir })
  })

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const probeWith = (name: string, timeoutMs?: number) =>
    childProcessProbe({
      modulePath: () => join(dir, name),
      spawn: spawnHere,
      ...(timeoutMs ? { timeoutMs } : {}),
    })()

  it('succeeds when the hook starts and stops', async () => {
    expect(await probeWith('works.cjs')).toEqual({ ok: true })
  })

  it('fails, without harm to this process, when the hook aborts', async () => {
    const outcome = await probeWith('aborts.cjs')
    expect(outcome.ok).toBe(false)
    expect(!outcome.ok && outcome.detail).toMatch(/killed by SIGABRT: XOpenDisplay failure!/)
  })

  it('fails when the module throws, passing on what it said', async () => {
    const outcome = await probeWith('throws.cjs')
    expect(!outcome.ok && outcome.detail).toMatch(/exited with code 1.*Could not open the display/s)
  })

  it('fails on a clean exit that never said the hook worked', async () => {
    const outcome = await probeWith('exits.cjs')
    expect(!outcome.ok && outcome.detail).toMatch(/exited with code 0 without starting the hook/)
  })

  it('fails, and kills the probe, when it runs past the timeout', async () => {
    const outcome = await probeWith('hangs.cjs', 300)
    expect(!outcome.ok && outcome.detail).toMatch(/did not finish within 300 ms/)
  })

  it('fails when the module is not installed or the process cannot start', async () => {
    const missing = await childProcessProbe({
      modulePath: () => {
        throw new Error("Cannot find module 'uiohook-napi'")
      },
    })()
    expect(!missing.ok && missing.detail).toMatch(/not installed/)

    const noBinary = await childProcessProbe({
      modulePath: () => join(dir, 'works.cjs'),
      execPath: join(dir, 'no-such-binary'),
    })()
    expect(!noBinary.ok && noBinary.detail).toMatch(/failed to run: .*ENOENT/)
  })

  it.skipIf(process.platform !== 'linux')(
    'catches the real uiohook-napi failing without an X display',
    async () => {
      const env = { ...process.env }
      delete env['DISPLAY']
      delete env['WAYLAND_DISPLAY']
      const outcome = await childProcessProbe({ env, spawn: spawnHere, timeoutMs: 3_000 })()
      expect(outcome.ok).toBe(false)
      // Its start() either aborts the process or, now and then, deadlocks in it: in-process, either would be fatal.
      expect(!outcome.ok && outcome.detail).toMatch(/SIGABRT.*XOpenDisplay|did not finish/s)
    },
  )
})

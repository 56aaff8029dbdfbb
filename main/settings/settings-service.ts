// Settings on disk (electron-store in the app, Conf in the harness and the CLI): read once, validated,
// salvaged when damaged, written on every change. A damaged file is kept beside the new one.
import { readFile, rename } from 'node:fs/promises'
import type { z } from 'zod'
import { checkGatewayUrl } from '../api/endpoint-rule'
import { AppError } from '../errors'
import type { Settings, SettingsSnapshot } from '../../preload/contract'
import {
  salvageSettings,
  settingsPatchSchema,
  settingsSchema,
  WELCOME_FOR_EARLIER_USERS,
} from './settings-schema'

/** The part of electron-store / Conf this service uses. */
export interface SettingsBackend {
  store: Record<string, unknown>
}

export interface OpenSettingsOptions {
  filePath: string
  /** Opens the store; called after the file has been checked, so it never meets a damaged file. */
  openBackend: () => SettingsBackend
  now?: () => Date
}

type Listener = (settings: Settings) => void

export class SettingsService {
  #settings: Settings
  readonly #backend: SettingsBackend | null
  readonly #restoredFrom: SettingsSnapshot['restoredFrom']
  readonly #listeners = new Set<Listener>()
  #unsaved = false

  private constructor(
    settings: Settings,
    backend: SettingsBackend | null,
    restoredFrom: SettingsSnapshot['restoredFrom'],
  ) {
    this.#settings = settings
    this.#backend = backend
    this.#restoredFrom = restoredFrom
  }

  static async open(opts: OpenSettingsOptions): Promise<SettingsService> {
    const now = opts.now ?? (() => new Date())
    const { settings, damage } = await readChecked(opts.filePath)
    let restoredFrom: SettingsSnapshot['restoredFrom']
    if (damage) {
      const backupPath = `${opts.filePath}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`
      try {
        // Moved aside, not copied: the store then starts from a clean file holding the salvaged values.
        await rename(opts.filePath, backupPath)
        restoredFrom = { backupPath, reason: damage }
      } catch {
        restoredFrom = { backupPath: '', reason: damage }
      }
    }
    let backend: SettingsBackend | null = null
    try {
      backend = opts.openBackend()
      backend.store = settings as unknown as Record<string, unknown>
    } catch {
      // The store could not be opened or written (read-only or full disk): run on the values in memory.
      backend = null
    }
    return new SettingsService(settings, backend, restoredFrom)
  }

  snapshot(): SettingsSnapshot {
    const snap: SettingsSnapshot = { settings: this.get() }
    if (this.#restoredFrom) snap.restoredFrom = { ...this.#restoredFrom }
    return snap
  }

  get(): Settings {
    return structuredClone(this.#settings)
  }

  /**
   * Applies a validated patch. The new values take effect even when the disk refuses them; the write is
   * retried on the next change, and the caller learns it failed.
   */
  update(patch: unknown): Settings {
    // The endpoint rule, not just URL syntax: an address saved here is where the key goes after a restart.
    if (isPlainObject(patch) && typeof patch.baseUrl === 'string')
      patch = { ...patch, baseUrl: checkGatewayUrl(patch.baseUrl) }
    const parsed = settingsPatchSchema.safeParse(patch)
    if (!parsed.success) throw invalid(parsed.error)
    const merged = mergePatch(this.#settings, parsed.data)
    const full = settingsSchema.safeParse(merged)
    if (!full.success) throw invalid(full.error)
    this.#settings = full.data
    this.#emit()
    this.#persist()
    return this.get()
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** True while the latest values are only in memory. */
  get unsaved(): boolean {
    return this.#unsaved
  }

  #persist(): void {
    if (!this.#backend) {
      this.#unsaved = true
      throw new AppError('storage', 'Settings could not be saved to disk; they apply until Loa quits.', {
        code: 'settings_not_saved',
      })
    }
    try {
      this.#backend.store = this.#settings as unknown as Record<string, unknown>
      this.#unsaved = false
    } catch (cause) {
      this.#unsaved = true
      throw new AppError('storage', 'Settings could not be saved to disk; they apply until Loa quits.', {
        cause,
        code: 'settings_not_saved',
      })
    }
  }

  #emit(): void {
    const copy = this.get()
    for (const l of this.#listeners) l(copy)
  }
}

function mergePatch(current: Settings, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(current) as unknown as Record<string, unknown>
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue
    const cur = out[k]
    out[k] = isPlainObject(v) && isPlainObject(cur) ? { ...cur, ...v } : v
  }
  return out
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function invalid(error: z.ZodError): AppError {
  const issue = error.issues[0]
  const field = issue?.path.join('.') ?? ''
  return new AppError(
    'invalid_input',
    `Setting ${field || '(unknown)'}: ${issue?.message ?? 'invalid value'}`,
    { field, code: 'setting_invalid', params: { field: field || '?' } },
  )
}

async function readChecked(filePath: string): Promise<{ settings: Settings; damage: string | null }> {
  let text: string
  try {
    text = await readFile(filePath, 'utf8')
  } catch {
    return { settings: salvageSettings({}).settings, damage: null }
  }
  if (text.trim() === '') return { settings: salvageSettings({}).settings, damage: null }
  let raw: unknown
  try {
    // An editor may save the file with a byte-order mark; it is not content, and the values behind it stand.
    raw = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch {
    // Someone wrote this file, so its user has been through Loa before: no welcome for them either.
    const settings = { ...salvageSettings({}).settings, welcome: structuredClone(WELCOME_FOR_EARLIER_USERS) }
    return { settings, damage: 'the file is not valid JSON' }
  }
  const { settings, invalidFields } = salvageSettings(raw)
  return { settings, damage: invalidFields.length ? `invalid values: ${invalidFields.join(', ')}` : null }
}

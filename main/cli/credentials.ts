// Which gateway and key `loa` uses. The key: --key, else LOA_API_KEY, else the one the Loa app saved in the
// OS keychain for the gateway's origin. The gateway: --base-url, else LOA_BASE_URL, else the app's settings.
// The key is only ever handed to the HTTP client: it never appears in a message.
import { readFile } from 'node:fs/promises'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { GatewayEndpoint } from '../api/http'
import { checkGatewayUrl, EndpointRuleError } from '../api/endpoint-rule'
import { readGatewayKey } from '../secrets/gateway-key'
import { KeytarSecretStore, loadKeytar, type KeytarLike } from '../secrets/keytar-store'
import { accountFor, legacyAccountFor, SERVICE_NAME } from '../secrets/secret-store'
import { salvageSettings } from '../settings/settings-schema'
import type { Settings } from '../../preload/contract'
import { EXIT } from './exit-codes'
import { CliFailure } from './failure'
import { HINTS } from './failure-codes'
import type { GlobalOptions } from './verb'

/** Electron's userData folder is named after the product. */
const PRODUCT_NAME = 'Loa'
const SETTINGS_FILE = 'settings.json'
/** Where the app keeps a key sealed with Electron safeStorage when no keychain works. */
const SEALED_KEY_FILE = 'key.enc.json'

export type KeySource = 'option' | 'keychain'

export interface Credentials {
  endpoint: GatewayEndpoint
  keySource: KeySource
}

export interface CredentialDeps {
  env: NodeJS.ProcessEnv
  loadKeytar?: () => Promise<KeytarLike | null>
  platform?: NodeJS.Platform
  homeDir?: string
}

/** The app's userData folder: LOA_CONFIG_DIR when set, else where Electron puts it on this platform. */
export function appConfigDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LOA_CONFIG_DIR) return env.LOA_CONFIG_DIR
  if (platform === 'darwin') return join(home, 'Library', 'Application Support', PRODUCT_NAME)
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), PRODUCT_NAME)
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), PRODUCT_NAME)
}

const BASE_URL_HINT = {
  en: 'give the gateway address as https://host[/path] (http:// only for this machine).',
  vi: 'đưa địa chỉ gateway dạng https://host[/path] (http:// chỉ cho chính máy này).',
}

export async function resolveCredentials(global: GlobalOptions, deps: CredentialDeps): Promise<Credentials> {
  const dir = appConfigDir(deps.env, deps.platform, deps.homeDir)
  const rawBaseUrl = global.baseUrl ?? (await savedBaseUrl(dir))
  if (global.key !== undefined) {
    if (rawBaseUrl === undefined) {
      throw new CliFailure(
        { en: 'no gateway address for the key.', vi: 'không có địa chỉ gateway cho khóa.' },
        EXIT.usage,
        'no_base_url',
        HINTS.passBaseUrl,
      )
    }
    return { endpoint: { baseUrl: checkBaseUrl(rawBaseUrl), key: global.key }, keySource: 'option' }
  }
  if (rawBaseUrl === undefined)
    throw new CliFailure({ en: 'no API key.', vi: 'không có khóa API.' }, EXIT.auth, 'no_key', HINTS.passKey)
  const baseUrl = checkBaseUrl(rawBaseUrl)
  const account = accountFor(baseUrl)
  const { key, keychainProblem } = await keychainKey(baseUrl, deps.loadKeytar ?? loadKeytar)
  if (key) return { endpoint: { baseUrl, key }, keySource: 'keychain' }
  if (await hasSealedKey(dir, [account, legacyAccountFor(baseUrl)])) {
    throw new CliFailure(
      {
        en:
          `the Loa app saved the key for ${account} with its own encryption (Electron safeStorage), which only ` +
          'the app can read.',
        vi:
          `ứng dụng Loa đã lưu khóa cho ${account} bằng cách mã hóa riêng của nó (Electron safeStorage), ` +
          'chỉ ứng dụng đọc được.',
      },
      EXIT.auth,
      'no_key',
      { en: 'pass --key KEY or set LOA_API_KEY.', vi: 'đưa --key KEY hoặc đặt LOA_API_KEY.' },
    )
  }
  const why = keychainProblem
    ? {
        en: ` (the system keychain could not be read: ${keychainProblem})`,
        vi: ` (không đọc được kho khóa của hệ thống: ${keychainProblem})`,
      }
    : { en: '', vi: '' }
  throw new CliFailure(
    { en: `no API key for ${account}${why.en}.`, vi: `không có khóa API cho ${account}${why.vi}.` },
    EXIT.auth,
    'no_key',
    HINTS.passKey,
  )
}

/** The gateway `loa login` and `loa logout` act for: --base-url, else LOA_BASE_URL, else the app's settings. */
export async function resolveBaseUrl(global: GlobalOptions, deps: CredentialDeps): Promise<string> {
  const raw = global.baseUrl ?? (await savedBaseUrl(appConfigDir(deps.env, deps.platform, deps.homeDir)))
  if (raw === undefined) {
    throw new CliFailure(
      { en: 'no gateway address.', vi: 'không có địa chỉ gateway.' },
      EXIT.usage,
      'no_base_url',
      HINTS.passBaseUrl,
    )
  }
  return checkBaseUrl(raw)
}

async function savedBaseUrl(dir: string): Promise<string | undefined> {
  return (await savedSettings(dir))?.baseUrl ?? undefined
}

/** The Loa app's settings as the app would read them; undefined when it never saved any. */
export async function savedSettings(dir: string): Promise<Settings | undefined> {
  let raw: unknown
  try {
    raw = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8'))
  } catch {
    // No settings (the app never ran) or a damaged file: the app itself would start from defaults.
    return undefined
  }
  return salvageSettings(raw).settings
}

async function keychainKey(
  baseUrl: string,
  load: () => Promise<KeytarLike | null>,
): Promise<{ key: string | null; keychainProblem: string | null }> {
  const keytar = await load()
  if (!keytar) return { key: null, keychainProblem: 'keytar is not available' }
  try {
    const store = new KeytarSecretStore(keytar, SERVICE_NAME)
    return { key: await readGatewayKey(store, baseUrl), keychainProblem: null }
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause.message : String(err)
    return { key: null, keychainProblem: cause.split('\n')[0] ?? cause }
  }
}

async function hasSealedKey(dir: string, accounts: readonly string[]): Promise<boolean> {
  try {
    const parsed: unknown = JSON.parse(await readFile(join(dir, SEALED_KEY_FILE), 'utf8'))
    if (typeof parsed !== 'object' || parsed === null) return false
    const sealed = parsed as Record<string, unknown>
    return accounts.some((account) => typeof sealed[account] === 'string')
  } catch {
    return false
  }
}

/** The app's endpoint rule (main/api/endpoint-rule.ts), its refusal said as a usage failure. */
export function checkBaseUrl(value: string): string {
  try {
    return checkGatewayUrl(value)
  } catch (err) {
    if (!(err instanceof EndpointRuleError)) throw err
    const hint =
      err.suggestion === null
        ? BASE_URL_HINT
        : { en: `use ${err.suggestion} instead.`, vi: `hãy dùng ${err.suggestion}.` }
    throw new CliFailure(lowerFirst(err.message), EXIT.usage, 'bad_base_url', hint)
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

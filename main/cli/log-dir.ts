// Where `loa` writes its log: LOA_LOG_DIR when set, else the OS's place for an app's logs or state, beside
// (not inside) the folder the desktop app logs to, so the two processes never write one file.
import { homedir } from 'node:os'
import { join } from 'node:path'

export function cliLogDir(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
  home: string = homedir(),
): string {
  if (env.LOA_LOG_DIR) return env.LOA_LOG_DIR
  if (platform === 'darwin') return join(home, 'Library', 'Logs', 'Loa', 'cli')
  if (platform === 'win32')
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'Loa', 'Logs', 'cli')
  return join(env.XDG_STATE_HOME || join(home, '.local', 'state'), 'loa', 'logs')
}

// The gateway's edge layer refuses requests without a User-Agent (its code 1010), so every call sends one.
import { platform, release } from 'node:os'
import pkg from '../../package.json' with { type: 'json' }

export const APP_VERSION: string = pkg.version

export function userAgent(): string {
  return `Loa/${APP_VERSION} (${platform()} ${release()})`
}

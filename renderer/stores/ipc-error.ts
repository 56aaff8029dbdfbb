// Failures reach the UI as data, never as exceptions: a bridge refusal keeps main's error, anything else
// becomes an `internal` one with its message.
import type { ErrorKind, IpcError } from '../../preload/contract'
import { BridgeError } from '../lib/bridge'

export function asIpcError(err: unknown, kind: ErrorKind = 'internal'): IpcError {
  if (err instanceof BridgeError) return err.error
  return { kind, message: err instanceof Error ? err.message : String(err) }
}

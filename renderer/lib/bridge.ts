// The renderer's only way to main: the `window.loa` bridge, typed from the contract.
import type { IpcError, IpcResult, LoaBridge } from '../../preload/contract'

declare global {
  interface Window {
    loa: LoaBridge
  }
}

export const loa: LoaBridge = window.loa

/** Thrown by `unwrap` so components can catch a typed failure. */
export class BridgeError extends Error {
  constructor(readonly error: IpcError) {
    super(error.message)
    this.name = 'BridgeError'
  }
}

export async function unwrap<T>(pending: Promise<IpcResult<T>>): Promise<T> {
  const result = await pending
  if (!result.ok) throw new BridgeError(result.error)
  return result.value
}

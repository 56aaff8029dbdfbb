// The saved key of one gateway, read and forgotten by its keychain account (secret-store.ts `accountFor`).
// Keys saved under the older host-only name move to the origin's name on first read, so an update never
// loses a key; the base URL has passed the endpoint rule before it gets here, so a host-only entry (saved
// for https, or for http on this machine) is moved only to an origin that may carry it.
import { accountFor, legacyAccountFor, type SecretStore } from './secret-store'

export async function readGatewayKey(store: SecretStore, baseUrl: string): Promise<string | null> {
  const account = accountFor(baseUrl)
  const key = await store.get(account)
  if (key !== null) return key
  const legacy = legacyAccountFor(baseUrl)
  const old = await store.get(legacy)
  if (old === null) return null
  try {
    await store.set(account, old)
    await store.delete(legacy)
  } catch {
    // A store that cannot write still gave the key: use it, and move it on a later start.
  }
  return old
}

/** Removes the gateway's key under both names; true when there was one. */
export async function forgetGatewayKey(store: SecretStore, baseUrl: string): Promise<boolean> {
  const removed = await store.delete(accountFor(baseUrl))
  const removedLegacy = await store.delete(legacyAccountFor(baseUrl))
  return removed || removedLegacy
}

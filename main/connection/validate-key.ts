// A key is saved only after the service accepts it.
import { AppError } from '../errors'
import { GatewayError } from '../api/gateway-error'
import { gatewayJson, type GatewayEndpoint } from '../api/http'

/**
 * Resolves when the gateway accepts the key. Reseller and internal accounts get 403 on `/me` but may use
 * the catalog, so a 403 is confirmed against `/models`; a disabled or locked account fails both.
 */
export async function validateKey(endpoint: GatewayEndpoint): Promise<void> {
  try {
    await gatewayJson(endpoint, '/v1/management/me')
    return
  } catch (err) {
    if (!(err instanceof GatewayError) || err.kind !== 'forbidden') throw explain(err)
  }
  try {
    await gatewayJson(endpoint, '/v1/management/models')
  } catch (err) {
    if (err instanceof GatewayError && err.kind === 'forbidden') {
      throw new AppError('account_locked', 'This account is disabled or in its 24-hour security lock.', {
        cause: err,
      })
    }
    throw explain(err)
  }
}

function explain(err: unknown): unknown {
  if (err instanceof GatewayError && err.kind === 'auth') {
    return new AppError('auth', 'The service did not accept this key.', { cause: err, code: 'key_rejected' })
  }
  return err
}

/** Cheap local checks before any request: a key is one line of printable ASCII. */
export function checkKeyShape(key: unknown): string {
  if (typeof key !== 'string')
    throw new AppError('invalid_input', 'The key must be text.', { field: 'key', code: 'key_malformed' })
  const trimmed = key.trim()
  if (trimmed.length < 8 || trimmed.length > 512 || !/^[\x21-\x7e]+$/.test(trimmed)) {
    throw new AppError('invalid_input', 'That does not look like an API key.', {
      field: 'key',
      code: 'key_malformed',
    })
  }
  return trimmed
}

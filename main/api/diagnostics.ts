// What the gateway client reports while it works, on Node's diagnostics channels: every request it sent
// (method, path, status, time taken, the service's request id) and every credential it was handed (a
// realtime session token). A log subscribes by channel name, so the client needs no logger and sends
// nothing when no one listens.
import { channel } from 'node:diagnostics_channel'

export interface RequestRecord {
  method: string
  /** The path without its query: query values are the caller's, not needed to trace a request. */
  path: string
  /** null when no answer came (refused, unreachable, timed out, cancelled). */
  status: number | null
  durationMs: number
  /** The service's request id (X-Request-Id, else the error envelope's request_id); null when none came. */
  requestId: string | null
}

export const REQUEST_CHANNEL = 'loa:gateway-request'
export const CREDENTIAL_CHANNEL = 'loa:gateway-credential'

const requests = channel(REQUEST_CHANNEL)
const credentials = channel(CREDENTIAL_CHANNEL)

export function reportRequest(record: RequestRecord): void {
  if (requests.hasSubscribers) requests.publish(record)
}

/** A secret the client received, so that whatever writes logs can keep it out of them. */
export function reportCredential(secret: string): void {
  if (credentials.hasSubscribers) credentials.publish(secret)
}

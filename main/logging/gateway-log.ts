// Connects the gateway client's reports (api/diagnostics.ts) to a log: one line per request, and every key
// and token the client used kept out of the log from then on.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import { CREDENTIAL_CHANNEL, REQUEST_CHANNEL, type RequestRecord } from '../api/diagnostics'
import type { Log } from './log'

/** Starts logging the client's requests; returns the function that stops it. */
export function logGatewayRequests(log: Log): () => void {
  const onRequest = (message: unknown) => {
    const r = message as RequestRecord
    const fields = { ...r, durationMs: Math.round(r.durationMs) }
    // A refusal or no answer is worth a look when something went wrong; a success is routine.
    if (r.status === null || r.status >= 400) log.warn('request', fields)
    else log.info('request', fields)
  }
  const onCredential = (message: unknown) => {
    if (typeof message === 'string') log.keepOut(message)
  }
  subscribe(REQUEST_CHANNEL, onRequest)
  subscribe(CREDENTIAL_CHANNEL, onCredential)
  return () => {
    unsubscribe(REQUEST_CHANNEL, onRequest)
    unsubscribe(CREDENTIAL_CHANNEL, onCredential)
  }
}

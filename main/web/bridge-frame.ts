// What the page may send on the harness's bridge socket: `{ t: 'invoke', id, channel, request }` as JSON
// text, the stand-in for an ipcRenderer.invoke. Anything else is a page that is not Loa's bridge, and
// the socket is closed (1008) rather than guessed at.
import type { RawData } from 'ws'

export interface InvokeFrame {
  t: 'invoke'
  id: number
  channel: string
  request: unknown
}

/** Longer than any channel of the contract (`domain:verb`); the router refuses unknown ones. */
const MAX_CHANNEL_CHARS = 64

const bufferOf = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data)

export function parseBridgeFrame(data: RawData, isBinary: boolean): InvokeFrame | { problem: string } {
  if (isBinary) return { problem: 'the bridge takes text frames only' }
  let frame: unknown
  try {
    frame = JSON.parse(bufferOf(data).toString('utf8'))
  } catch {
    return { problem: 'the frame is not JSON' }
  }
  if (typeof frame !== 'object' || frame === null || Array.isArray(frame))
    return { problem: 'the frame is not an object' }
  const f = frame as Record<string, unknown>
  if (f.t !== 'invoke') return { problem: 'the frame is not an invoke' }
  if (typeof f.id !== 'number' || !Number.isSafeInteger(f.id) || f.id < 0)
    return { problem: 'the frame has no valid id' }
  if (typeof f.channel !== 'string' || f.channel === '' || f.channel.length > MAX_CHANNEL_CHARS)
    return { problem: 'the frame has no valid channel' }
  return { t: 'invoke', id: f.id, channel: f.channel, request: f.request ?? undefined }
}

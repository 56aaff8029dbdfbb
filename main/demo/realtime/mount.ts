// The shape a part of the demo service plugs into the HTTP server with. It mirrors `DemoMount` of
// ../context.ts so this module compiles on its own; the two are structurally the same type.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'

export interface DemoMount {
  /** True when the request was this part's to answer (it has then been answered). */
  handleRequest(req: IncomingMessage, res: ServerResponse, url: URL): boolean | Promise<boolean>
  /** True when the upgrade was this part's to take. */
  handleUpgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean
  close?(): void
}

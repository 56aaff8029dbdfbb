// Fetches a voice's sample from the `preview_url` the voice list gave (tts-api.md "Voice record"). The
// renderer may not reach the network, so main fetches it. Samples are public files: the API key is
// never sent with them, whatever host they are on. The address follows the base URL's rule (https, or
// http on this machine), and a redirect may not lead to another host: the voice list names where Loa
// goes, not whoever answers there.
import type { ReaderAudio, ReaderFormat } from '../../preload/contract'
import { checkFileUrl } from '../api/endpoint-rule'
import { retryAfterMs } from '../api/gateway-error'
import { realSleep, type RequestWait, type Sleep } from '../api/tts/tts-retry'
import { userAgent } from '../api/user-agent'
import { AppError } from '../errors'

const PREVIEW_TIMEOUT_MS = 15_000
/** A sample is a few seconds of speech; anything far larger is not one. */
const MAX_PREVIEW_BYTES = 5 * 1024 * 1024
/** A CDN may move a file once or twice within its own host; more is a loop. */
const MAX_REDIRECTS = 3
/** A busy sample host (429) is waited out this many times, each for at most MAX_PREVIEW_WAIT_MS. */
const MAX_PREVIEW_WAITS = 3
/** Longer than this and the user is better told to try later than kept waiting for a sample. */
const MAX_PREVIEW_WAIT_MS = 60_000

const FORMAT_BY_TYPE: Record<string, ReaderFormat> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/ogg': 'ogg',
  'audio/opus': 'opus',
  'audio/flac': 'flac',
  'audio/aac': 'aac',
}

/**
 * `onWait` hears when a 429 holds the sample back, until when, and null once the fetch has settled.
 */
export async function fetchPreview(
  url: string,
  fetchImpl: typeof fetch = fetch,
  onWait?: (wait: RequestWait | null) => void,
  sleep: Sleep = realSleep,
): Promise<ReaderAudio> {
  const parsed = checkFileUrl(url, 'voice sample address')
  let waited = false
  try {
    return await fetchPreviewOnce(parsed, fetchImpl, async (waitMs) => {
      waited = true
      onWait?.({ reason: 'rate_limit', untilMs: Date.now() + waitMs })
      await sleep(waitMs)
    })
  } finally {
    if (waited) onWait?.(null)
  }
}

async function fetchPreviewOnce(
  parsed: URL,
  fetchImpl: typeof fetch,
  wait: (ms: number) => Promise<void>,
): Promise<ReaderAudio> {
  let res: Response
  for (let waits = 0; ; waits++) {
    res = await fetchSameOrigin(parsed, fetchImpl)
    const waitMs = res.status === 429 ? retryAfterMs(res.headers.get('retry-after')) : undefined
    if (waitMs === undefined || waits >= MAX_PREVIEW_WAITS || waitMs > MAX_PREVIEW_WAIT_MS) break
    await res.body?.cancel()
    await wait(waitMs)
  }
  if (res.status === 429) {
    const waitMs = retryAfterMs(res.headers.get('retry-after'))
    throw new AppError('rate_limit', 'The voice sample is rate-limited; try again in a minute.', {
      ...(waitMs === undefined ? {} : { retryAfterMs: waitMs }),
    })
  }
  if (!res.ok)
    throw new AppError(
      res.status === 404 ? 'not_found' : 'server',
      `The voice sample answered ${res.status}.`,
    )
  const declared = Number(res.headers.get('content-length') ?? NaN)
  if (declared > MAX_PREVIEW_BYTES)
    throw new AppError('protocol', 'The voice sample is too large to be a sample.')
  const bytes = new Uint8Array(
    await res.arrayBuffer().catch((cause: unknown) => {
      throw new AppError('network', 'The connection dropped while the sample was arriving.', { cause })
    }),
  )
  if (bytes.length === 0 || bytes.length > MAX_PREVIEW_BYTES) {
    throw new AppError('protocol', 'The voice sample is empty or too large.')
  }
  const contentType =
    (res.headers.get('content-type') ?? 'audio/mpeg').split(';')[0]?.trim().toLowerCase() ?? ''
  const format = FORMAT_BY_TYPE[contentType] ?? extensionFormat(parsed.pathname)
  if (!format) throw new AppError('protocol', `The voice sample is not audio (${contentType}).`)
  return { data: Buffer.from(bytes).toString('base64'), contentType, format, sampleRateHz: null }
}

/** Follows redirects by hand, each to the same origin as the address the voice list gave. */
async function fetchSameOrigin(start: URL, fetchImpl: typeof fetch): Promise<Response> {
  const deadline = AbortSignal.timeout(PREVIEW_TIMEOUT_MS)
  let target = start
  for (let hop = 0; ; hop++) {
    let res: Response
    try {
      res = await fetchImpl(target, {
        headers: { Accept: 'audio/*', 'User-Agent': userAgent() },
        signal: deadline,
        redirect: 'manual',
      })
    } catch (cause) {
      throw new AppError('network', 'The voice sample could not be fetched.', { cause })
    }
    if (res.status < 300 || res.status > 399) return res
    const location = res.headers.get('location')
    await res.body?.cancel()
    const next = location === null ? null : URL.parse(location, target)
    if (next === null || next.origin !== start.origin) {
      throw new AppError(
        'protocol',
        `The voice sample at ${start.host} redirected to ${next?.host ?? 'nowhere'}; Loa stays on the host the voice list named.`,
        { code: 'preview_redirect' },
      )
    }
    if (hop + 1 >= MAX_REDIRECTS)
      throw new AppError('protocol', `The voice sample at ${start.host} redirected too many times.`)
    target = next
  }
}

function extensionFormat(path: string): ReaderFormat | null {
  const ext = path.split('.').pop()?.toLowerCase()
  return ext === 'mp3' || ext === 'wav' || ext === 'ogg' || ext === 'opus' || ext === 'flac' ? ext : null
}

// Runtime validation of every request payload the renderer can send. A bad payload gets a typed
// `invalid_input` error; handlers only ever see validated data.
import { z } from 'zod'
import type { RequestChannel, RequestOf } from '../../preload/contract'
import {
  DOCUMENT_PART_BYTES,
  MAX_READER_TEXT,
  MAX_VIDEO_FRAME_BYTES,
  MAX_VIDEO_FRAME_SIDE_PX,
} from '../../preload/contract'
import { settingsPatchSchema } from '../settings/settings-schema'

const none = z.union([z.undefined(), z.null()]).transform(() => undefined)
const view = z.enum(['voice', 'reader', 'usage', 'catalog', 'settings'])
const modelId = z.string().min(1).max(200)
const readingId = z.string().min(1).max(100)
const linkId = z.number().int().min(1)
/** An offer with a few dozen candidates is a few kB; far more is not an offer. */
const MAX_SDP_CHARS = 64 * 1024
/** Model events on the data channel are small (no audio rides on it). */
const MAX_RTC_MESSAGE_CHARS = 1024 * 1024
/** A typed turn is a message, not a document: the model's own input limit is far beyond what one types. */
const MAX_TYPED_TURN_CHARS = 4_000
const readerChoice = z
  .object({
    text: z.string().max(MAX_READER_TEXT),
    model: modelId,
    voice: z.string().min(1).max(200).nullable(),
    format: z.enum(['mp3', 'wav', 'pcm', 'opus', 'aac', 'flac', 'ogg']),
    speed: z.number().finite().min(0.1).max(10),
  })
  .strict()

const documentChoice = readerChoice.omit({ text: true })
/** A book in parts of DOCUMENT_PART_BYTES: 50 MB is 100 parts; the size itself is checked by main. */
const MAX_DOCUMENT_PARTS = 10_000
const documentPart = z
  .object({
    upload: z.string().min(1).max(100),
    name: z.string().min(1).max(500),
    size: z.number().int().min(0),
    index: z.number().int().min(0).max(MAX_DOCUMENT_PARTS),
    count: z.number().int().min(1).max(MAX_DOCUMENT_PARTS),
    data: z
      .string()
      .max(Math.ceil(DOCUMENT_PART_BYTES / 3) * 4)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'not base64'),
  })
  .strict()
  .refine((p) => p.index < p.count, 'the part is past the last one')
const place = z.number().int().min(0).max(1_000_000)

export const REQUEST_SCHEMAS: { [C in RequestChannel]: z.ZodType<RequestOf<C>, unknown> } = {
  'app:info': none,
  'app:quit': none,
  'app:updateState': none,
  'app:installUpdate': none,
  'app:deferUpdate': none,
  'window:show': z.object({ view }).strict(),
  'window:hidePopup': none,
  'key:status': none,
  'key:set': z.object({ key: z.string().max(1024), baseUrl: z.string().max(2048).optional() }).strict(),
  'key:clear': none,
  'connection:status': none,
  'settings:get': none,
  'settings:update': settingsPatchSchema,
  'audio:openPort': none,
  'account:glance': none,
  'account:refresh': none,
  'account:popupVisible': z.object({ visible: z.boolean() }).strict(),
  'usage:records': z.object({ limit: z.number().int().min(1).max(200) }).strict(),
  'usage:daily': z
    .object({ days: z.union([z.literal(7), z.literal(30), z.literal(90), z.literal(365)]) })
    .strict(),
  'usage:models': none,
  'catalog:list': z.object({ kind: z.enum(['text', 'image', 'video', 'embedding']) }).strict(),
  'catalog:model': z.object({ id: z.string().min(1).max(200) }).strict(),
  'file:saveText': z
    .object({
      suggestedName: z
        .string()
        .min(1)
        .max(120)
        // No path separators, no characters Windows forbids, no control characters.
        .refine(
          (name) => !/[/\\:*?"<>|]/.test(name) && ![...name].some((c) => c.charCodeAt(0) < 0x20),
          'not a plain file name',
        ),
      content: z.string().max(50_000_000),
      kind: z.literal('csv'),
    })
    .strict(),
  'support:save': z.object({ audioDevices: z.array(z.string().max(300)).max(64).nullable() }).strict(),
  'crash:pending': none,
  'crash:save': none,
  'crash:dismiss': none,
  'voice:snapshot': none,
  'voice:models': none,
  'voice:press': none,
  'voice:release': none,
  'voice:reconnect': none,
  'voice:sendText': z.object({ text: z.string().min(1).max(MAX_TYPED_TURN_CHARS) }).strict(),
  'voice:end': none,
  'voice:viewShown': z.object({ shown: z.boolean() }).strict(),
  'voice:history': z.object({ limit: z.number().int().min(1).max(100) }).strict(),
  'voice:activeSessions': none,
  'voice:continueToday': none,
  'voice:endSession': z.object({ id: z.string().min(1).max(200) }).strict(),
  'voice:share': z.object({ source: z.enum(['screen', 'window', 'camera']).nullable() }).strict(),
  'voice:videoFrame': z
    .object({
      jpegBase64: z
        .string()
        .min(4)
        .max(Math.ceil(MAX_VIDEO_FRAME_BYTES / 3) * 4)
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'not base64'),
      width: z.number().int().min(1).max(MAX_VIDEO_FRAME_SIDE_PX),
      height: z.number().int().min(1).max(MAX_VIDEO_FRAME_SIDE_PX),
    })
    .strict(),
  'voice:rtcOffer': z.object({ linkId, sdp: z.string().min(1).max(MAX_SDP_CHARS) }).strict(),
  'voice:rtcMessage': z.object({ linkId, text: z.string().max(MAX_RTC_MESSAGE_CHARS) }).strict(),
  'voice:rtcState': z
    .object({
      linkId,
      state: z.enum(['connected', 'interrupted', 'failed', 'closed']),
      reason: z.string().max(500).optional(),
    })
    .strict(),
  'hotkey:status': none,
  'hotkey:watch': z.object({ on: z.boolean() }).strict(),
  'tts:models': none,
  'tts:voices': z.object({ model: modelId }).strict(),
  'tts:estimate': readerChoice,
  'tts:read': readerChoice,
  'tts:snapshot': none,
  'tts:cancel': none,
  'tts:resume': z.object({ payAgain: z.boolean() }).strict(),
  'tts:audio': z.object({ id: readingId, index: z.number().int().min(0).max(100_000) }).strict(),
  'tts:save': z.object({ id: readingId }).strict(),
  'tts:history': none,
  'tts:preview': z.object({ model: modelId, voice: z.string().min(1).max(200) }).strict(),
  'tts:openDocument': documentPart,
  'tts:documentEstimate': documentChoice,
  'tts:readDocument': documentChoice
    .extend({
      chapter: place,
      sentence: place,
      limitVnd: z.number().finite().min(0).max(1e12).nullable(),
    })
    .strict(),
  'tts:documentHeard': z.object({ id: readingId, index: z.number().int().min(0).max(1_000_000) }).strict(),
}

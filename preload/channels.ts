// The contract's channel names as runtime values, so the bridge can be generated from them.
// The `satisfies` checks fail to compile when a channel is added to the contract and not here, or the reverse.
import type { EventChannel, RequestChannel } from './contract'

type Exhaustive<All extends string, Listed extends readonly string[]> = [All] extends [Listed[number]]
  ? Listed
  : never

const requestChannels = [
  'app:info',
  'app:quit',
  'app:updateState',
  'app:installUpdate',
  'app:deferUpdate',
  'window:show',
  'window:hidePopup',
  'key:status',
  'key:set',
  'key:clear',
  'connection:status',
  'settings:get',
  'settings:update',
  'audio:openPort',
  'account:glance',
  'account:refresh',
  'account:popupVisible',
  'usage:records',
  'usage:daily',
  'usage:models',
  'catalog:list',
  'catalog:model',
  'file:saveText',
  'support:save',
  'crash:pending',
  'crash:save',
  'crash:dismiss',
  'voice:snapshot',
  'voice:models',
  'voice:press',
  'voice:release',
  'voice:reconnect',
  'voice:sendText',
  'voice:end',
  'voice:viewShown',
  'voice:history',
  'voice:activeSessions',
  'voice:endSession',
  'voice:continueToday',
  'voice:share',
  'voice:videoFrame',
  'voice:rtcOffer',
  'voice:rtcMessage',
  'voice:rtcState',
  'hotkey:status',
  'hotkey:watch',
  'tts:models',
  'tts:voices',
  'tts:estimate',
  'tts:read',
  'tts:snapshot',
  'tts:cancel',
  'tts:resume',
  'tts:audio',
  'tts:save',
  'tts:history',
  'tts:preview',
  'tts:openDocument',
  'tts:documentEstimate',
  'tts:readDocument',
  'tts:documentHeard',
] as const satisfies readonly RequestChannel[]

const eventChannels = [
  'settings:changed',
  'key:changed',
  'connection:changed',
  'nav:show',
  'app:notice',
  'app:update',
  'account:changed',
  'voice:status',
  'voice:line',
  'voice:summary',
  'voice:rtc',
  'hotkey:changed',
  'hotkey:key',
  'tts:reading',
  'tts:history',
  'tts:wait',
] as const satisfies readonly EventChannel[]

export const REQUEST_CHANNELS: Exhaustive<RequestChannel, typeof requestChannels> = requestChannels
export const EVENT_CHANNELS: Exhaustive<EventChannel, typeof eventChannels> = eventChannels

/** The window message that carries the audio MessagePort from the preload into the page. */
export const AUDIO_PORT_MESSAGE = 'loa:audio-port'

/** Main sends the audio port to the preload on this channel. */
export const AUDIO_PORT_CHANNEL = 'audio:port'

// A router handler for every request channel, each failing unless a test puts its own in. The table is
// typed as the router's own (no cast): a channel added to the contract without a line here, or a test's
// handler of the wrong type, does not compile.
import type { Handlers } from '../../../main/ipc/router'

function notUnderTest(): never {
  throw new Error('not under test')
}

export function handlers(overrides: Partial<Handlers> = {}): Handlers {
  return {
    'app:info': notUnderTest,
    'app:quit': notUnderTest,
    'window:show': notUnderTest,
    'window:hidePopup': notUnderTest,
    'key:status': notUnderTest,
    'key:set': notUnderTest,
    'key:clear': notUnderTest,
    'connection:status': notUnderTest,
    'settings:get': notUnderTest,
    'settings:update': notUnderTest,
    'audio:openPort': notUnderTest,
    'account:glance': notUnderTest,
    'account:refresh': notUnderTest,
    'account:popupVisible': notUnderTest,
    'usage:records': notUnderTest,
    'usage:daily': notUnderTest,
    'usage:models': notUnderTest,
    'catalog:list': notUnderTest,
    'catalog:model': notUnderTest,
    'file:saveText': notUnderTest,
    'support:save': notUnderTest,
    'voice:snapshot': notUnderTest,
    'voice:models': notUnderTest,
    'voice:press': notUnderTest,
    'voice:release': notUnderTest,
    'voice:reconnect': notUnderTest,
    'voice:sendText': notUnderTest,
    'voice:end': notUnderTest,
    'voice:viewShown': notUnderTest,
    'voice:history': notUnderTest,
    'voice:activeSessions': notUnderTest,
    'voice:share': notUnderTest,
    'voice:videoFrame': notUnderTest,
    'voice:endSession': notUnderTest,
    'voice:continueToday': notUnderTest,
    'voice:rtcOffer': notUnderTest,
    'voice:rtcMessage': notUnderTest,
    'voice:rtcState': notUnderTest,
    'hotkey:status': notUnderTest,
    'tts:models': notUnderTest,
    'tts:voices': notUnderTest,
    'tts:estimate': notUnderTest,
    'tts:read': notUnderTest,
    'tts:snapshot': notUnderTest,
    'tts:cancel': notUnderTest,
    'tts:resume': notUnderTest,
    'tts:audio': notUnderTest,
    'tts:save': notUnderTest,
    'tts:history': notUnderTest,
    'tts:openDocument': notUnderTest,
    'tts:documentEstimate': notUnderTest,
    'tts:readDocument': notUnderTest,
    'tts:documentHeard': notUnderTest,
    'tts:preview': notUnderTest,
    ...overrides,
  }
}

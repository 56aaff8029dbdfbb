import type { MessageKey } from '../../lib/i18n/translate'

/** The shape of `app.t`, so pure helpers take the dictionary without importing the app store. */
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string

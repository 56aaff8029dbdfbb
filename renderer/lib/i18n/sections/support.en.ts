import type { supportVi } from './support.vi'

export const supportEn: Record<keyof typeof supportVi, string> = {
  'support.title': 'Support',
  'support.explain':
    'A support bundle is a file to send to support: versions, the OS, the checks of the gateway, the key, the clock and the keychain, and recent requests and errors. It holds no API key, no session token and no text you had read aloud.',
  'support.save': 'Save support bundle',
  'support.saving': 'Checking and saving…',
  'support.saved': 'Saved the support bundle to {path}. Send this file to support.',
}

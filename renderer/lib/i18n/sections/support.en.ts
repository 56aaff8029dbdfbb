import type { supportVi } from './support.vi'

export const supportEn: Record<keyof typeof supportVi, string> = {
  'support.title': 'Support',
  'support.explain':
    'A support bundle is a file to send to support: versions, the OS, the checks of the gateway, the key, the clock and the keychain, and recent requests and errors. It holds no API key, no session token and no text you had read aloud.',
  'support.save': 'Save support bundle',
  'support.saving': 'Checking and saving…',
  'support.saved': 'Saved the support bundle to {path}. Send this file to support.',
  'crash.lastTime': 'Loa closed unexpectedly last time.',
  'crash.lastTimeWindow': 'A Loa window closed unexpectedly last time and was reopened.',
  'crash.explain':
    'You can save a crash report to send to support. It is saved on your computer only, sent nowhere by Loa, and holds no API key, no session token and nothing you said or had read aloud.',
  'crash.save': 'Save a report',
  'crash.saving': 'Saving…',
  'crash.saved': 'Saved the crash report to {path}. Send this file to support if you want help.',
  'crash.dismiss': 'Dismiss',
}

import type { welcomeVi } from './welcome.vi'

export const welcomeEn: Record<keyof typeof welcomeVi, string> = {
  'welcome.title': 'Welcome to Loa',
  'welcome.intro':
    'A few short steps to get Loa ready. Every step can be skipped; you can open this again from Settings.',
  'welcome.steps': 'Steps',
  'welcome.stepOf': 'Step {n} of {total}',
  'welcome.done': 'Done',
  'welcome.next': 'Next',
  'welcome.back': 'Back',
  'welcome.skipStep': 'Skip this step',
  'welcome.skipAll': 'Skip all',
  'welcome.finish': 'Start using Loa',
  'welcome.saveFailed':
    'Could not save your choice: {reason} Try again, or skip and set it later in Settings.',
  'welcome.reopen': 'Open the welcome again',
  'welcome.reopenHint':
    'Choose the language, add a key, try the talk key, microphone and speaker, find the tray icon.',

  'welcome.step.language': 'Language',
  'welcome.step.key': 'API key',
  'welcome.step.talkKey': 'Talk key',
  'welcome.step.microphone': 'Microphone',
  'welcome.step.speaker': 'Speaker',
  'welcome.step.tray': 'Tray icon',

  'welcome.language.intro': 'Which language should Loa speak?',

  'welcome.key.intro':
    'Paste your API key: Loa checks it with the service before saving it. No key yet? Try Loa on the built-in demo service.',
  'welcome.key.demo': 'Continue in demo mode',
  'welcome.key.demoNote':
    'Using the demo service: every amount is test data. Add your key later in Settings.',

  'welcome.talkKey.intro': 'Hold {accelerator} now, then let go. Trying the key starts no conversation.',
  'welcome.talkKey.down': 'Pressed',
  'welcome.talkKey.up': 'Released',
  'welcome.talkKey.waiting': 'Not yet',
  'welcome.talkKey.seen': 'Seen',
  'welcome.talkKey.works': 'The talk key works: Loa sees both the press and the release.',
  'welcome.talkKey.noneFallback':
    'The talk key cannot work here. Use the Talk button in the Voice window (hold it with the mouse, the space bar or Enter).',
  'welcome.talkKey.toggleFallback': 'On this desktop: press once to start talking, press again to stop.',

  'welcome.microphone.intro':
    'Turn on the microphone and say a few words: the level bar moves with your voice.',
  'welcome.microphone.start': 'Test the microphone',
  'welcome.microphone.stop': 'Stop the test',
  'welcome.microphone.level': 'Microphone level',
  'welcome.microphone.heard': 'Loa hears you.',
  'welcome.microphone.silent':
    'Nothing heard yet. Check the microphone is on and chosen in the system settings.',
  'welcome.microphone.denied':
    "Loa may not use the microphone. Allow it in the system's privacy settings, then try again.",
  'welcome.microphone.missing': 'No microphone was found. Plug in a microphone or headset, then try again.',
  'welcome.microphone.failed':
    'The microphone could not be opened ({reason}). Try again, or choose another one in Settings.',

  'welcome.speaker.intro': "Play a short phrase (a voice sample of the service's, free of charge).",
  'welcome.speaker.play': 'Play a phrase',
  'welcome.speaker.playing': 'Playing…',
  'welcome.speaker.played': 'Finished playing. Did you hear it?',
  'welcome.speaker.heard': 'Yes, I heard it',
  'welcome.speaker.noSample':
    'The service has no voice sample to play. Try the speaker later with the Reader, or skip this step.',
  'welcome.speaker.notHeard':
    'Heard nothing? Check the volume and the speaker chosen in Settings › Audio, then play it again.',

  'welcome.tray.intro':
    'Loa lives in the system tray: click its icon for your balance, right-click for the menu.',
  'welcome.tray.win32':
    'Windows: at the right end of the taskbar, by the clock. Not there? Click the ^ arrow to open the overflow area, then drag the Loa icon onto the taskbar.',
  'welcome.tray.darwin': 'macOS: in the menu bar, at the top right of the screen.',
  'welcome.tray.gnome':
    'GNOME shows no tray icons without the AppIndicator extension: install "AppIndicator and KStatusNotifierItem Support" (Ubuntu ships it), then log in again.',
  'welcome.tray.kde':
    'KDE Plasma: in the system tray at the bottom right; if hidden, click the tray’s arrow.',
  'welcome.tray.linux':
    'Linux ({desktop}): it depends on the desktop, usually the top or bottom panel. With no system tray, open Loa again from the applications menu.',
  'welcome.tray.unknownDesktop': 'desktop not known',
  'welcome.tray.seen': 'I found the icon',
}

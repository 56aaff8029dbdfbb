import type { audioVi } from './audio.vi'

export const audioEn: Record<keyof typeof audioVi, string> = {
  'audio.title': 'Audio',
  'audio.input': 'Microphone',
  'audio.output': 'Speaker',
  'audio.systemDefault': 'System default',
  'audio.inUse': 'In use: {label}',
  'audio.missing': '{label} (not connected, using the default)',
  'audio.labelsHidden': 'Device names appear once Loa may use the microphone.',
  'audio.level': 'Microphone level',
  'audio.test': 'Test microphone',
  'audio.testStop': 'Stop test',
  'audio.processing': 'Voice processing',
  'audio.echoCancellation': 'Echo cancellation',
  'audio.noiseSuppression': 'Noise suppression',
  'audio.autoGainControl': 'Automatic volume',
  'audio.soundCues': 'Play a sound when talking starts and stops',

  'audio.error.denied': 'Loa may not use the microphone. Allow it in the system’s privacy settings.',
  'audio.error.noInput': 'No microphone found.',
  'audio.error.inputBusy': 'The microphone is held by another application or could not be opened.',
  'audio.error.outputFailed': 'Could not play on the chosen device.',
  'audio.error.portFailed': 'The audio link to Loa was lost; reconnecting…',
  'audio.error.unsupported': 'This machine cannot play or record audio in Loa.',
}

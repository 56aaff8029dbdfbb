import type { updateVi } from './update.vi'

export const updateEn: Record<keyof typeof updateVi, string> = {
  'update.region': 'Update',
  'update.ready': 'Loa {version} is downloaded.',
  'update.restart': 'Restart to update ({version})',
  'update.later': 'Later',
  'update.notes': "What's new",
  'update.waitsVoice': 'Loa restarts to update when the conversation ends.',
  'update.waitsReading': 'Loa restarts to update when the reading ends.',
  'update.failed': 'Could not restart. Quit Loa and open it again to install the update.',
}

// The Voice view's subtitle names the talk key the user set, in the keyboard's words, and says how it
// works on this desktop: held where key-up can be seen, pressed twice where only presses arrive.
import type { HotkeyMode } from '../../../preload/contract'
import type { Translate } from '../account/translate'
import { acceleratorLabel } from '../settings/accelerator-label'

/** `mode` is null until main has said; the settings' key is still the one to name meanwhile. */
export function talkKeyIntro(
  accelerator: string,
  mode: HotkeyMode | null,
  platform: string,
  t: Translate,
): string {
  if (accelerator === '') return t('view.voice.introNoKey')
  const key = acceleratorLabel(accelerator, platform)
  if (mode === 'none') return t('view.voice.introKeyIdle', { key })
  return mode === 'toggle' ? t('view.voice.introToggle', { key }) : t('view.voice.intro', { key })
}

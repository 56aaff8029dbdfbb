// What to read a text with when the user gave no choice of their own (the read-selection hotkey): the
// saved Reader settings, mended where the model would refuse them.
import type { ReaderChoice, ReaderModel, ReaderVoices, TtsDefaults } from '../../preload/contract'

/** The saved model if it is still offered, else the first open one; null when none is. */
export function defaultModel(models: readonly ReaderModel[], saved: string | null): ReaderModel | null {
  return (
    models.find((m) => m.id === saved && m.closedReason === null) ??
    models.find((m) => m.closedReason === null) ??
    null
  )
}

export function defaultChoice(
  text: string,
  saved: TtsDefaults,
  model: ReaderModel,
  voices: ReaderVoices | null,
): ReaderChoice {
  const usable = model.formats.filter((f) => f.disabledReason === null && f.joinable).map((f) => f.format)
  const format = usable.includes(saved.format) ? saved.format : (usable[0] ?? 'mp3')
  const ids = voices?.voices.map((v) => v.id) ?? []
  const savedVoiceFits = saved.voice !== null && (ids.length === 0 || ids.includes(saved.voice))
  const voice = savedVoiceFits
    ? saved.voice
    : (voices?.defaultVoice ?? (model.voiceRequired ? (preferVietnamese(voices) ?? null) : null))
  const speed =
    model.speed.mode === 'range' || model.speed.mode === 'clamp'
      ? Math.min(model.speed.max, Math.max(model.speed.min, saved.speed))
      : 1
  return { text, model: model.id, voice, format, speed }
}

function preferVietnamese(voices: ReaderVoices | null): string | undefined {
  const list = voices?.voices ?? []
  return (list.find((v) => v.language?.toLowerCase().startsWith('vi')) ?? list[0])?.id
}

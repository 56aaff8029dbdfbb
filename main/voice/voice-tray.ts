// The tray shows the account's state, except while the voice chat listens or speaks: then the icon says so
// and the tooltip leads with it, so the user sees at a glance that the microphone is live. While the link is
// interrupted the tooltip says that instead: the talk key may be used with the Voice window closed.
import type { Language } from '../../preload/contract'
import type { TrayStatus } from '../account/tray-status'
import type { VoiceActivity } from './voice-service'

const WORDS: Record<Language, Record<'listening' | 'speaking' | 'interrupted', string>> = {
  vi: {
    listening: 'Đang nghe…',
    speaking: 'Đang trả lời…',
    interrupted: 'Mạng chập chờn, Loa giữ lời bạn nói',
  },
  en: {
    listening: 'Listening…',
    speaking: 'Answering…',
    interrupted: 'Network patchy, Loa is keeping what you say',
  },
}

export class TrayComposer {
  #account: TrayStatus | null = null
  #activity: VoiceActivity = null
  #linkInterrupted = false

  constructor(
    private readonly show: (status: TrayStatus) => void,
    private readonly language: () => Language,
  ) {}

  setAccount(status: TrayStatus): void {
    this.#account = status
    this.#push()
  }

  setActivity(activity: VoiceActivity): void {
    if (activity === this.#activity) return
    this.#activity = activity
    this.#push()
  }

  setLinkInterrupted(interrupted: boolean): void {
    if (interrupted === this.#linkInterrupted) return
    this.#linkInterrupted = interrupted
    this.#push()
  }

  #push(): void {
    const account = this.#account ?? { state: 'normal', tooltip: 'Loa', title: '' }
    const activity = this.#activity
    if (activity === null) return this.show(account)
    const words = WORDS[this.language()][this.#linkInterrupted ? 'interrupted' : activity]
    this.show({ state: activity, tooltip: `${words} — ${account.tooltip}`, title: account.title })
  }
}

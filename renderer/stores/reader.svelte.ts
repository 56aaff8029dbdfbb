// The Reader as the main window runs it: the text draft, the options (reader-options), the live price
// (reader-estimate), the reading main is doing and its audio (reader-playback), and the history. One per
// window, alive whichever view shows, so a reading started by the "read selection" hotkey plays from
// anywhere and the draft survives a trip to another view.
import { untrack } from 'svelte'
import type {
  IpcError,
  IpcResult,
  ReaderChoice,
  ReaderHistoryItem,
  ReaderSaved,
  ReaderWait,
  ReaderWaitUntil,
  ReadingStatus,
} from '../../preload/contract'
import type { ReaderOutputOptions } from '../audio/reader-output'
import { loa, unwrap } from '../lib/bridge'
import { app } from './app.svelte'
import { asIpcError } from './ipc-error'
import { ReaderEstimator } from './reader-estimate.svelte'
import { ReaderOptions } from './reader-options.svelte'
import { ReaderPlayback } from './reader-playback.svelte'
import { ReaderDocumentStore } from './reader-document.svelte'

/** How many replaced readings are remembered, to ignore their late reports. */
const RETIRED_KEPT = 8

/** Why Read cannot be pressed now. */
export type ReadBlock = 'noModel' | 'empty' | 'problems' | 'unaffordable'

export class ReaderStore {
  /** The draft: what Read will read. */
  text = $state('')

  reading: ReadingStatus | null = $state.raw(null)
  /** The reading's own text: its chunks' offsets point into it. */
  readingText = $state('')
  loadError: IpcError | null = $state.raw(null)
  /** The last read, cancel or resume main refused. */
  actionError: IpcError | null = $state.raw(null)
  /** A Read is on its way to main: a second press must not start a second paid reading. */
  starting = $state(false)

  history: ReaderHistoryItem[] | null = $state.raw(null)
  historyError: IpcError | null = $state.raw(null)
  /** The reading being saved, the last file written, the last save that failed. */
  saving: string | null = $state(null)
  saved: (ReaderSaved & { id: string }) | null = $state.raw(null)
  saveError: { id: string; error: IpcError } | null = $state.raw(null)

  /** Requests main says are held back (the price, a sample, a re-download), by `request:id`. */
  waits: Record<string, ReaderWaitUntil> = $state.raw({})

  /** Readings this window has moved on from, newest last. */
  #retired: string[] = []

  readonly options = new ReaderOptions()
  readonly estimate = new ReaderEstimator()
  readonly playback: ReaderPlayback
  /** The document open in the Reader, read through this store's reading and player. */
  readonly document: ReaderDocumentStore

  constructor(output: ReaderOutputOptions = {}) {
    this.playback = new ReaderPlayback(output)
    this.document = new ReaderDocumentStore(this)
  }

  /** Follows main's reader events and the settings, loads what the view shows; returns the stop. */
  start(): () => void {
    const stops = [
      this.options.start(),
      loa.tts.onReading((status) => this.#applyReading(status, { autoplay: true })),
      loa.tts.onHistory((items) => (this.history = items)),
      loa.tts.onWait((w) => this.#applyWait(w)),
      loa.connection.onChanged(() => void this.loadHistory()),
      $effect.root(() => {
        $effect(() => {
          const label = app.settings.current?.audio.outputDeviceLabel ?? null
          untrack(() => void this.playback.setOutputLabel(label))
        })
        $effect(() => {
          const choice = this.choice
          untrack(() => this.estimate.schedule(choice))
        })
      }),
    ]
    void this.load()
    void this.loadHistory()
    return () => {
      for (const stop of stops) stop()
      this.estimate.stop()
      this.playback.dispose()
    }
  }

  async load(): Promise<void> {
    try {
      const snapshot = await unwrap(loa.tts.snapshot())
      if (snapshot.reading) {
        const running = snapshot.reading.state === 'running'
        this.#applyReading(snapshot.reading, { autoplay: running, text: snapshot.text })
      }
      this.loadError = null
    } catch (err) {
      this.loadError = asIpcError(err)
    }
  }

  async loadHistory(): Promise<void> {
    try {
      this.history = await unwrap(loa.tts.history())
      this.historyError = null
    } catch (err) {
      this.historyError = asIpcError(err)
    }
  }

  /** What Read sends and the estimate prices; null until there is a model. */
  get choice(): ReaderChoice | null {
    const { selectedModel: model, voice, format, speed } = this.options
    return model ? { text: this.text, model: model.id, voice, format, speed } : null
  }

  /** The text has Vietnamese letters and the model's voices mispronounce them. */
  get poorVietnamese(): boolean {
    return this.estimate.current?.poorVietnamese === true
  }

  get readBlock(): ReadBlock | null {
    if (!this.choice) return 'noModel'
    if (this.text.trim() === '') return 'empty'
    const estimate = this.estimate.current
    if (estimate && estimate.problems.length > 0) return 'problems'
    // Main refuses a reading the balance cannot pay for.
    if (estimate?.affordable === false) return 'unaffordable'
    return null
  }

  /** Starts a reading; does nothing while one runs or is starting (the button is Stop then). */
  async read(): Promise<void> {
    const choice = this.choice
    if (!choice || this.readBlock || this.starting || this.reading?.state === 'running') return
    this.starting = true
    try {
      const status = await this.#act(loa.tts.read(choice))
      if (status) this.#applyReading(status, { autoplay: true, draft: choice.text })
    } finally {
      this.starting = false
    }
  }

  /** A reading main started for another part of the Reader (a document): followed and played. */
  follow(status: ReadingStatus, text: string): void {
    this.#applyReading(status, { autoplay: true, text })
  }

  async cancel(): Promise<void> {
    const status = await this.#act(loa.tts.cancel())
    if (status) this.#applyReading(status, { autoplay: false })
  }

  /** `payAgain`: the user agrees to pay again for the chunk the reading stopped at for its charge. */
  async resume(payAgain = false): Promise<void> {
    const status = await this.#act(loa.tts.resume({ payAgain }))
    if (status) this.#applyReading(status, { autoplay: false })
  }

  /** Saves a reading as one file where the user chooses; a cancelled dialog says nothing. */
  async save(id: string): Promise<void> {
    this.saving = id
    this.saved = null
    this.saveError = null
    try {
      const result = await unwrap(loa.tts.save({ id }))
      if (result) this.saved = { id, ...result }
    } catch (err) {
      this.saveError = { id, error: asIpcError(err) }
    } finally {
      this.saving = null
    }
  }

  /** Plays a voice's sample of the selected model. */
  preview(voice: string): Promise<void> {
    const model = this.options.selectedModel
    return model ? this.playback.preview(model.id, voice) : Promise.resolve()
  }

  /** The wait `request` (for history item `id`) is held back by, while it lasts. */
  waitOf(request: ReaderWait['request'], id: string | null = null): ReaderWaitUntil | null {
    return this.waits[`${request}:${id ?? ''}`] ?? null
  }

  #applyWait({ request, id, wait }: ReaderWait): void {
    const key = `${request}:${id ?? ''}`
    const { [key]: _gone, ...rest } = this.waits
    this.waits = wait ? { ...rest, [key]: wait } : rest
  }

  async #act<T>(pending: Promise<IpcResult<T>>): Promise<T | null> {
    try {
      const value = await unwrap(pending)
      this.actionError = null
      return value
    } catch (err) {
      this.actionError = asIpcError(err)
      return null
    }
  }

  /**
   * A status from main. A new reading's text comes from the snapshot (its chunks' offsets point into
   * that text); the draft it was read from shows meanwhile.
   */
  #applyReading(status: ReadingStatus, how: { autoplay: boolean; text?: string; draft?: string }): void {
    const previous = this.reading
    const fresh = status.id !== previous?.id
    // A replaced reading still reports while its last requests settle; and a status can come after a
    // newer one of the same reading (the start-up snapshot against an event): neither goes back.
    if (this.#retired.includes(status.id)) return
    if (!fresh && status.chunksDone < previous.chunksDone) return
    if (fresh && previous) this.#retired = [...this.#retired, previous.id].slice(-RETIRED_KEPT)
    this.reading = status
    if (!fresh && how.text !== undefined && this.readingText === '') this.readingText = how.text
    if (fresh) {
      this.readingText = how.text ?? how.draft ?? ''
      if (how.text === undefined) void this.#loadText(status.id)
    }
    this.playback.follow(status, fresh && how.autoplay)
    // The reading was paid for: the price line's balance and affordability are asked for again.
    if (!fresh && previous?.state === 'running' && status.state !== 'running') {
      this.estimate.schedule(this.choice)
    }
  }

  async #loadText(id: string): Promise<void> {
    try {
      const snapshot = await unwrap(loa.tts.snapshot())
      if (snapshot.reading?.id === id && this.reading?.id === id) this.readingText = snapshot.text
    } catch (err) {
      this.loadError = asIpcError(err)
    }
  }
}

// The package ships no types; this is the part of its Emscripten worker API the demo calls.
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type: string
    text_position: number
    word_length: number
    audio_position: number
    id?: string | number
  }

  export interface ESpeakNGWorker {
    readonly samplerate: number
    set_voice(identifier: string): number
    set_rate(wordsPerMinute: number): void
    set_pitch(pitch: number): void
    set_range(range: number): void
    list_voices(): { identifier: string; name: string; languages: { priority: number; name: string }[] }[]
    /** Calls back with chunks of 16-bit mono samples; returning a truthy value stops synthesis. */
    synthesize(
      text: string,
      onChunk: (samples: Int16Array | undefined, events: EspeakEvent[]) => unknown,
    ): void
  }

  export interface ESpeakNGModule {
    eSpeakNGWorker: new () => ESpeakNGWorker
  }

  const init: (moduleArg?: object) => Promise<ESpeakNGModule>
  export default init
}

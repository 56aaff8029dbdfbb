// The AudioWorkletGlobalScope, which TypeScript's DOM library does not describe
// (https://webaudio.github.io/web-audio-api/#AudioWorkletGlobalScope). Only the worklet files use these.

declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort
  constructor(options?: AudioWorkletNodeOptions)
  /** One render quantum: `inputs[input][channel]` and `outputs[output][channel]`, 128 samples each. */
  abstract process(
    inputs: Float32Array[][],
    outputs: Float32Array[][],
    parameters: Record<string, Float32Array>,
  ): boolean
}

declare function registerProcessor(
  name: string,
  processorCtor: new (options?: AudioWorkletNodeOptions) => AudioWorkletProcessor,
): void

/** The context's sample rate, in Hz. */
declare const sampleRate: number
/** The frame index of the quantum being rendered. */
declare const currentFrame: number

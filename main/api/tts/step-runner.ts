// Runs work written as a generator of steps, either at once or giving the event loop back between
// steps. Main's event loop carries IPC, audio and timers: a long text's segmentation (some 150 ms for
// 200,000 Thai characters on a slow machine) done in one go would freeze the voice chat and the tray.

/** Work in steps: each `yield` is a point where it may pause; the return value is the result. */
export type Steps<T> = Generator<void, T, void>

/** How long a stretch of steps may hold the event loop before giving it back. */
export const SLICE_MS = 8

export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
  }
}

const giveBack = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The same result as `runSteps`, with the event loop given back whenever a stretch passed `sliceMs`. */
export async function runStepsYielding<T>(steps: Steps<T>, sliceMs = SLICE_MS): Promise<T> {
  let sliceStart = performance.now()
  for (;;) {
    const next = steps.next()
    if (next.done) return next.value
    if (performance.now() - sliceStart >= sliceMs) {
      await giveBack()
      sliceStart = performance.now()
    }
  }
}

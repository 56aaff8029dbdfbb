declare module '@echogarden/speex-resampler-wasm/simd' {
  /** Emscripten module factory; the module's shape is described where it is used. */
  const createModule: () => Promise<unknown>
  export default createModule
}

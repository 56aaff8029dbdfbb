// The one renderer build: the app (electron.vite.config.ts, what `npm start` and `npm run dist` ship) and the
// browser harness (vite.web.config.ts, what the browser tests and `npm run web` load) both take it from here,
// so what is measured and tested is what ships.
import { resolve } from 'node:path'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import type { UserConfig } from 'vite'

/** Electron 45's Chromium and the harness's are both newer: what either runs is left as written. */
export const RENDERER_TARGET = 'chrome140'

export const RENDERER_ROOT = resolve('renderer')
export const RENDERER_OUT_DIR = resolve('out/renderer')

export interface RendererBuildOptions {
  /** Where the build goes; out/renderer unless a test or the bench builds elsewhere. */
  outDir?: string
  /** Writes .vite/manifest.json, the chunk graph the bench and the bundle test follow. */
  manifest?: boolean
}

export function rendererBuildConfig(options: RendererBuildOptions = {}): UserConfig {
  return {
    root: RENDERER_ROOT,
    // Relative URLs: the same files load from app://loa/ and from the harness's per-run path.
    base: './',
    plugins: [svelte()],
    build: {
      outDir: options.outDir ?? RENDERER_OUT_DIR,
      emptyOutDir: true,
      target: RENDERER_TARGET,
      minify: true,
      manifest: options.manifest ?? false,
      // Both Chromiums have modulepreload; the polyfill (which fetch()es, refused by `connect-src 'none'`)
      // would only add code to the entry every surface loads.
      modulePreload: { polyfill: false },
      rolldownOptions: { input: { index: resolve(RENDERER_ROOT, 'index.html') } },
    },
  }
}

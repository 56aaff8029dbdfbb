import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { rendererBuildConfig } from './renderer-build.config'

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Native modules stay outside the bundle and load lazily at run time. Both are N-API addons,
      // so the build made by `npm install` loads in Electron without a rebuild.
      // The document worker is an entry of its own: main/documents/worker.ts starts document-worker.js
      // from the folder of main's bundle.
      rollupOptions: {
        input: {
          index: resolve('main/index.ts'),
          'document-worker': resolve('main/documents/worker-entry.ts'),
        },
        external: ['keytar', 'uiohook-napi'],
      },
      externalizeDeps: true,
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ES modules or other files: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve('preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  // The same build the browser harness serves and the bench measures (renderer-build.config.ts).
  renderer: rendererBuildConfig(),
})

import { resolve } from 'node:path'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vite'

// The same renderer bundle as the app, built for the browser harness (`npm run web`, E2E tests).
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [svelte()],
  build: {
    outDir: resolve('out/renderer'),
    emptyOutDir: true,
    rollupOptions: { input: { index: resolve('renderer/index.html') } },
  },
})

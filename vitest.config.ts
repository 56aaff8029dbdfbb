import { fileURLToPath } from 'node:url'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { defineConfig } from 'vitest/config'

const electronMock = fileURLToPath(new URL('./test/mocks/electron.ts', import.meta.url))

export default defineConfig({
  test: {
    // Every test must assert something: one that asserts nothing cannot fail.
    expect: { requireAssertions: true },
    projects: [
      {
        // Main-process services under plain Node; only the `electron` module is replaced.
        resolve: { alias: { electron: electronMock } },
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/**/*.test.ts'],
          exclude: ['test/renderer/**', 'test/e2e/**', 'node_modules/**'],
          testTimeout: 20_000,
          server: { deps: { inline: ['electron-store'] } },
        },
      },
      {
        plugins: [svelte()],
        resolve: { conditions: ['browser'] },
        extends: true,
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // One Chromium at a time on a two-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
})

import js from '@eslint/js'
import svelte from 'eslint-plugin-svelte'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import layers from './eslint-rules/layers.js'

// Code that must run under plain Node (and in tests without Electron) may not import `electron`.
const electronFree = [
  'main/api/**',
  'main/realtime/**',
  'main/audio/**',
  'main/demo/**',
  'main/cli/**',
  'main/hotkey/**',
  'main/voice/**',
  'main/audio-port/**',
  'main/tts/**',
  'main/storage/**',
  'preload/contract/**',
]

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'coverage/**', '.loa-test/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    files: electronFree,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'This code runs under plain Node: inject what it needs instead.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'The renderer reaches main only through the bridge.' }],
          patterns: [
            {
              group: ['**/main/**', '../main/*', '../../main/*'],
              message: 'The renderer never imports main-process code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Imports point down the layers (hosts -> wiring -> features -> libraries -> contract) and the demo
    // service shares nothing with the client: ARCHITECTURE.md.
    files: ['main/**', 'preload/**', 'renderer/**'],
    plugins: { layers },
    rules: { 'layers/direction': 'error' },
  },
)

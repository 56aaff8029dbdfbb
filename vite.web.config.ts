import { defineConfig } from 'vite'
import { rendererBuildConfig } from './renderer-build.config'

// The app's renderer build, served by the browser harness (`npm run web`, the browser tests).
export default defineConfig(rendererBuildConfig())

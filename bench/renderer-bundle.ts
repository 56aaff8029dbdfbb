// Builds the renderer as the app ships it (renderer-build.config.ts) into a folder of its own and follows
// the chunk graph in its build manifest to the files each surface loads. The bundle bench and the bundle
// test read the same graph, so the sizes the bench reports are of the files the test checks.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { constants, gzipSync } from 'node:zlib'
import { build, mergeConfig, type Manifest, type Rolldown, type UserConfig } from 'vite'
import type { ViewName } from '../preload/contract'
import { rendererBuildConfig } from '../renderer-build.config'

export type SurfaceName = 'popup' | ViewName

/**
 * The manifest keys (sources relative to renderer/) a surface imports before it shows: the page, then the
 * chunks App.svelte and MainWindow.svelte import for it. Chunks those import only dynamically load later,
 * if ever, and are not counted.
 */
export const SURFACE_ENTRIES: Readonly<Record<SurfaceName, readonly string[]>> = {
  popup: ['index.html', 'views/TrayPopup.svelte'],
  voice: ['index.html', 'views/MainWindow.svelte', 'views/Voice.svelte'],
  reader: ['index.html', 'views/MainWindow.svelte', 'views/Reader.svelte'],
  usage: ['index.html', 'views/MainWindow.svelte', 'views/Usage.svelte'],
  catalog: ['index.html', 'views/MainWindow.svelte', 'views/Catalog.svelte'],
  settings: ['index.html', 'views/MainWindow.svelte', 'views/Settings.svelte'],
}

export const SURFACES = Object.keys(SURFACE_ENTRIES) as SurfaceName[]

export type BundleShape = 'split' | 'single'

export interface RendererBuild {
  outDir: string
  manifest: Manifest
  /** The module ids (absolute source paths, node_modules included) bundled into each output JS file. */
  modulesOf: ReadonlyMap<string, readonly string[]>
}

export interface BuildVariant {
  /** 'single' inlines every dynamic import into one file: the shape the renderer shipped in before. */
  shape?: BundleShape
  /** Off only to measure what the app shipped before the build was shared. */
  minify?: boolean
}

export async function buildRenderer(outDir: string, variant: BuildVariant = {}): Promise<RendererBuild> {
  const overrides: UserConfig = {
    logLevel: 'error',
    build: {
      reportCompressedSize: false,
      ...(variant.minify === false ? { minify: false } : {}),
      ...(variant.shape === 'single' ? { rolldownOptions: { output: { codeSplitting: false } } } : {}),
    },
  }
  const config = mergeConfig(rendererBuildConfig({ outDir, manifest: true }), overrides)
  const result = await asProduction(() => build({ ...config, configFile: false }))
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const modulesOf = new Map<string, readonly string[]>()
  for (const output of outputs) {
    for (const item of output.output) if (item.type === 'chunk') modulesOf.set(item.fileName, item.moduleIds)
  }
  const manifest = JSON.parse(await readFile(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest
  return { outDir, manifest, modulesOf }
}

/**
 * Vite and the Svelte plugin build for production only when NODE_ENV says so or is unset, as under
 * `vite build`; under vitest it is 'test', which would compile Svelte's dev mode, not what ships.
 */
async function asProduction<T>(work: () => Promise<T>): Promise<T> {
  const before = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    return await work()
  } finally {
    if (before === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = before
  }
}

export interface LoadedFiles {
  /** Manifest keys of every chunk loaded, in the order they were reached. */
  keys: string[]
  js: string[]
  css: string[]
}

/** Every JS and CSS file the chunks named by `entries` import, statically, transitively. */
export function filesLoadedBy(manifest: Manifest, entries: readonly string[]): LoadedFiles {
  const keys: string[] = []
  const js = new Set<string>()
  const css = new Set<string>()
  const visit = (key: string): void => {
    if (keys.includes(key)) return
    const chunk = manifest[key]
    if (!chunk) throw new Error(`The build manifest has no chunk ${key}`)
    keys.push(key)
    if (chunk.file.endsWith('.js')) js.add(chunk.file)
    for (const file of chunk.css ?? []) css.add(file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const entry of entries) visit(entry)
  return { keys, js: [...js], css: [...css] }
}

export interface Bytes {
  raw: number
  gzip: number
}

/** The bytes of `files` under `outDir`, raw and each gzipped on its own at level 9. */
export async function bytesOf(outDir: string, files: readonly string[]): Promise<Bytes> {
  let raw = 0
  let gzip = 0
  for (const file of files) {
    const body = await readFile(join(outDir, file))
    raw += body.length
    gzip += gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length
  }
  return { raw, gzip }
}

/** Module ids bundled into `jsFiles`. */
export function modulesIn(build: RendererBuild, jsFiles: readonly string[]): string[] {
  return jsFiles.flatMap((file) => build.modulesOf.get(file) ?? [])
}

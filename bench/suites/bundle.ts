// What the app loads for each surface (the tray popup and the main window's five views): the JavaScript
// and CSS bytes, raw and gzipped, of every file the surface's chunks import before it shows, following
// the chunk graph in the build manifest. Measured in this run, each build made by this suite:
//   - ours: the renderer as the app and the browser harness build it (renderer-build.config.ts), minified
//     and split per surface;
//   - reference `single-bundle`: the same build with every dynamic import inlined, the one file every
//     surface loaded before the split;
//   - reference `single-bundle-unminified`: that file unminified, as electron-vite built the app before
//     the app and the harness shared one build.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { goalFigure } from '../goal'
import {
  buildRenderer,
  bytesOf,
  filesLoadedBy,
  modulesIn,
  SURFACE_ENTRIES,
  SURFACES,
  type Bytes,
  type RendererBuild,
  type SurfaceName,
} from '../renderer-bundle'
import type { Figure, SuiteReport } from '../types'

/** The popup opens on every tray click: only its own code and what it needs. */
const POPUP_JS_GZIP_GOAL = '<=60000'
/** A main window's first view, whichever it is; Usage, with chart.js, is the largest. */
const VIEW_JS_GZIP_GOAL = '<=150000'
const CHART_JS = /[/\\]node_modules[/\\]chart\.js[/\\]/

interface Loaded {
  js: Bytes
  css: Bytes
  files: number
  chartModules: number
}

async function loadedBy(build: RendererBuild, entries: readonly string[]): Promise<Loaded> {
  const files = filesLoadedBy(build.manifest, entries)
  return {
    js: await bytesOf(build.outDir, files.js),
    css: await bytesOf(build.outDir, files.css),
    files: files.js.length + files.css.length,
    chartModules: modulesIn(build, files.js).filter((id) => CHART_JS.test(id)).length,
  }
}

function figuresOf(surface: SurfaceName, ours: Loaded, single: Loaded, unminified: Loaded): Figure[] {
  const labels = { view: surface, files: ours.files }
  const reference = (pick: (loaded: Loaded) => number) => ({
    'single-bundle': pick(single),
    'single-bundle-unminified': pick(unminified),
  })
  const jsGoal = surface === 'popup' ? POPUP_JS_GZIP_GOAL : VIEW_JS_GZIP_GOAL
  const figures = [
    goalFigure(
      'js-gzip-bytes',
      jsGoal,
      ours.js.gzip,
      reference((l) => l.js.gzip),
      labels,
    ),
    // Every surface loads less than the whole: a split that loads it all would not show here otherwise.
    goalFigure(
      'js-raw-bytes',
      `<${single.js.raw}`,
      ours.js.raw,
      reference((l) => l.js.raw),
      labels,
    ),
    goalFigure(
      'css-gzip-bytes',
      `<=${single.css.gzip}`,
      ours.css.gzip,
      reference((l) => l.css.gzip),
      labels,
    ),
    goalFigure(
      'css-raw-bytes',
      `<=${single.css.raw}`,
      ours.css.raw,
      reference((l) => l.css.raw),
      labels,
    ),
  ]
  if (surface !== 'usage') {
    figures.push(
      goalFigure(
        'chart-js-modules',
        '<=0',
        ours.chartModules,
        reference((l) => l.chartModules),
        labels,
      ),
    )
  }
  return figures
}

export async function run(): Promise<SuiteReport> {
  const dir = await mkdtemp(join(tmpdir(), 'loa-bench-bundle-'))
  try {
    const split = await buildRenderer(join(dir, 'split'))
    const single = await loadedBy(await buildRenderer(join(dir, 'single'), { shape: 'single' }), [
      'index.html',
    ])
    const unminified = await loadedBy(
      await buildRenderer(join(dir, 'unminified'), { shape: 'single', minify: false }),
      ['index.html'],
    )
    const results: Figure[] = []
    for (const surface of SURFACES) {
      results.push(...figuresOf(surface, await loadedBy(split, SURFACE_ENTRIES[surface]), single, unminified))
    }
    return {
      suite: 'bundle',
      method: {
        build:
          'vite build with renderer-build.config.ts (what `npm start`, `npm run dist` and `npm run build:web` use) into a temp folder, build.manifest on',
        loaded:
          "a surface's files: index.html's chunk, then App.svelte's chunk for it (TrayPopup, or MainWindow and the view), and every chunk they import statically, transitively, with each chunk's CSS; the audio worklets, fetched only when voice audio starts, are not counted",
        bytes: 'bytes on disk; gzip: each file gzipped on its own at level 9, summed',
        reference:
          'single-bundle: the same build with codeSplitting off; single-bundle-unminified: that with minify off, as the app was built before',
        'chart-js-modules': 'modules from node_modules/chart.js bundled into the files the surface loads',
      },
      results,
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

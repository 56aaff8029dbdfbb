// The renderer as the app ships it, built into a temp folder: the tray popup's chunk graph holds only its
// own code, chart.js comes only with Usage, and what is built is minified. The app's and the harness's
// configs both take their renderer build from the one shared module.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import electronViteConfig from '../../electron.vite.config'
import { createAppRequestHandler } from '../../main/app/app-protocol'
import { APP_CSP } from '../../main/app/csp'
import { rendererBuildConfig } from '../../renderer-build.config'
import viteWebConfig from '../../vite.web.config'
import {
  buildRenderer,
  filesLoadedBy,
  modulesIn,
  SURFACE_ENTRIES,
  type RendererBuild,
  type SurfaceName,
} from '../../bench/renderer-bundle'

const VIEW_COMPONENTS = ['MainWindow', 'Voice', 'Reader', 'Usage', 'Catalog', 'Settings'] as const
const CHART_JS = /[/\\]node_modules[/\\]chart\.js[/\\]/

let dir: string
let built: RendererBuild

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'loa-renderer-chunks-'))
  built = await buildRenderer(join(dir, 'out'))
}, 180_000)

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

function loaded(surface: SurfaceName): { keys: string[]; modules: string[] } {
  const files = filesLoadedBy(built.manifest, SURFACE_ENTRIES[surface])
  return { keys: files.keys, modules: modulesIn(built, files.js) }
}

function viewModule(modules: readonly string[], component: string): boolean {
  return modules.some((id) => id.replaceAll('\\', '/').endsWith(`/renderer/views/${component}.svelte`))
}

describe('the tray popup', () => {
  it('loads its own component and none of the main window nor its views', () => {
    const popup = loaded('popup')
    expect(viewModule(popup.modules, 'TrayPopup')).toBe(true)
    for (const component of VIEW_COMPONENTS) {
      expect(popup.keys, component).not.toContain(`views/${component}.svelte`)
      expect(viewModule(popup.modules, component), component).toBe(false)
    }
  })

  it('loads no chart.js', () => {
    expect(loaded('popup').modules.filter((id) => CHART_JS.test(id))).toEqual([])
  })
})

describe('the main window', () => {
  it('loads chart.js with Usage and with no other view', () => {
    expect(loaded('usage').modules.some((id) => CHART_JS.test(id))).toBe(true)
    for (const view of ['voice', 'reader', 'catalog', 'settings'] as const) {
      expect(
        loaded(view).modules.some((id) => CHART_JS.test(id)),
        view,
      ).toBe(false)
    }
  })

  it("loads each view's component with that view and no other view's", () => {
    const views = {
      voice: 'Voice',
      reader: 'Reader',
      usage: 'Usage',
      catalog: 'Catalog',
      settings: 'Settings',
    }
    for (const [view, component] of Object.entries(views) as [SurfaceName, string][]) {
      const { modules } = loaded(view)
      expect(viewModule(modules, component), view).toBe(true)
      expect(viewModule(modules, 'TrayPopup'), view).toBe(false)
      for (const other of Object.values(views).filter((name) => name !== component)) {
        expect(viewModule(modules, other), `${view} loads ${other}`).toBe(false)
      }
    }
  })
})

describe('the build', () => {
  it('is minified and built for production', async () => {
    const assets = join(built.outDir, 'assets')
    const files = (await readdir(assets)).filter((name) => /\.(js|css)$/.test(name))
    expect(files.length).toBeGreaterThan(10)
    let bytes = 0
    let lines = 0
    for (const name of files) {
      const text = await readFile(join(assets, name), 'utf8')
      bytes += text.length
      lines += text.split('\n').length
      // Svelte's dev mode tags every component with its source file; a production build names none.
      expect(text.match(/renderer\/(views|components)\/\w+\.svelte/)?.[0], name).toBeUndefined()
    }
    // Unminified, Svelte's and Loa's code runs about 40 characters a line; minified, only the line breaks
    // inside template strings remain.
    expect(bytes / lines).toBeGreaterThan(1000)
  })

  it('is the one the app and the browser harness both build', () => {
    const shared = rendererBuildConfig()
    const pluginNames = (config: { plugins?: unknown }) =>
      (config.plugins as { name: string }[][] | undefined)?.flat().map((plugin) => plugin.name)
    const renderer = electronViteConfig.renderer as typeof shared
    for (const config of [renderer, viteWebConfig]) {
      expect(config.build).toEqual(shared.build)
      expect(config.build?.minify).toBe(true)
      expect(config.root).toBe(shared.root)
      expect(config.base).toBe('./')
      expect(pluginNames(config)).toEqual(pluginNames(shared))
    }
  })
})

describe('app://, serving the build', () => {
  it('serves every chunk of every surface with its type, and a page with no inline script', async () => {
    const handle = createAppRequestHandler(built.outDir, APP_CSP)
    const page = await handle(new Request('app://loa/index.html#/popup'))
    const html = await page.text()
    // `script-src 'self'`: every script is a file of ours, none inline.
    expect(html).toMatch(/<script type="module" crossorigin src="\.\/assets\/index-[\w-]+\.js"><\/script>/)
    expect(html.match(/<script\b[^>]*>[^<]/g)).toBeNull()
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP)

    const files = new Set(
      Object.keys(SURFACE_ENTRIES).flatMap((surface) => {
        const loaded = filesLoadedBy(built.manifest, SURFACE_ENTRIES[surface as SurfaceName])
        return [...loaded.js, ...loaded.css]
      }),
    )
    expect(files.size).toBeGreaterThan(10)
    for (const file of files) {
      const res = await handle(new Request(`app://loa/${file}`))
      expect(res.status, file).toBe(200)
      expect(res.headers.get('content-type'), file).toBe(
        file.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      )
      expect(res.headers.get('x-content-type-options'), file).toBe('nosniff')
    }
  })
})

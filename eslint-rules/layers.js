// The layer rule of ARCHITECTURE.md as an ESLint plugin: each file of the app belongs to one layer, and a
// file may import only from its own layer or the ones below it. Import paths are resolved against the
// importing file, because `../tts/x` means main/tts from main/ipc but main/api/tts from main/api/tts.
// test/architecture/import-graph.test.ts reads the same table to name loops between layers.
import { dirname, join, normalize, relative, sep } from 'node:path'

/** Top to bottom. A path ending in `/` is a folder; the longest matching path wins. */
export const LAYERS = [
  {
    name: 'hosts',
    paths: [
      'main/index.ts',
      'main/app/',
      'main/web/',
      'main/cli/',
      'renderer/',
      'preload/index.ts',
      'preload/expose.ts',
      'preload/web-bridge.ts',
    ],
  },
  { name: 'wiring', paths: ['main/core.ts'] },
  {
    name: 'features',
    paths: [
      'main/account/',
      'main/voice/',
      'main/hotkey/',
      'main/tts/',
      'main/support/',
      'main/crash/',
      'main/updates/',
    ],
  },
  {
    name: 'libraries',
    paths: [
      'main/api/',
      'main/realtime/',
      'main/audio/',
      'main/audio-port/',
      'main/storage/',
      'main/settings/',
      'main/secrets/',
      'main/connection/',
      'main/ipc/',
      'main/logging/',
      'main/documents/',
      'main/errors.ts',
    ],
  },
  {
    name: 'contract',
    paths: ['preload/contract/', 'preload/channels.ts', 'preload/audio-port.ts', 'preload/port-codec.ts'],
  },
]

/** The demo service stands beside the layers: it shares no code with the client, either way. */
export const DEMO = 'main/demo/'

/** The hosts and wiring that start the embedded demo may import its entry point, and nothing else of it. */
export const DEMO_ENTRY = 'main/demo/server.ts'
export const DEMO_STARTERS = [
  'main/connection/embedded-demo.ts',
  'main/cli/verbs/demo-server.ts',
  'main/web/serve.ts',
]

/** The renderer is a host of its own: it runs in the page and reaches main only through the contract. */
const RENDERER = 'renderer/'

const SEE = 'see ARCHITECTURE.md'

/** The layer of a repository-relative path (`main/tts/x.ts`), or null for files outside the app (tests). */
export function layerOf(path) {
  let best = null
  for (const layer of LAYERS) {
    for (const prefix of layer.paths) {
      const matches = prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix
      if (matches && (best === null || prefix.length > best.prefix.length))
        best = { name: layer.name, prefix }
    }
  }
  return best?.name ?? null
}

function inDemo(path) {
  return path === DEMO.slice(0, -1) || path.startsWith(DEMO)
}

function rank(layer) {
  return LAYERS.findIndex((l) => l.name === layer)
}

/**
 * Why `from` may not import `to` (both repository-relative, `to` with or without its file ending), or
 * null when it may.
 */
export function importProblem(from, to) {
  const fromDemo = inDemo(from)
  const toDemo = inDemo(to)
  if (fromDemo && !toDemo) return `layers: the demo service may not import client code (${to}); ${SEE}`
  if (fromDemo) return null
  if (toDemo) {
    const entry = to === DEMO_ENTRY || `${to}.ts` === DEMO_ENTRY
    if (entry && DEMO_STARTERS.includes(from)) return null
    return `layers: the client may not import the demo service (${to}); only its starters import ${DEMO_ENTRY}; ${SEE}`
  }
  const fromLayer = layerOf(from)
  const toLayer = layerOf(to) ?? layerOf(`${to}.ts`) ?? layerOf(`${to}/`)
  if (fromLayer === null || toLayer === null) return null
  if (from.startsWith(RENDERER) && !to.startsWith(RENDERER) && toLayer !== 'contract')
    return `layers: the renderer may import only the contract (${to}); ${SEE}`
  if (rank(toLayer) < rank(fromLayer)) return `layers: ${fromLayer} may not import ${toLayer} (${to}); ${SEE}`
  return null
}

function toRepoPath(root, absolute) {
  return relative(root, absolute).split(sep).join('/')
}

const direction = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Imports point down the layers of ARCHITECTURE.md, and the demo service stands apart.',
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd
    const from = toRepoPath(root, context.filename)
    if (from.startsWith('..')) return {}
    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return
      const to = toRepoPath(root, normalize(join(dirname(context.filename), source.replace(/\.js$/, ''))))
      const problem = importProblem(from, to)
      if (problem !== null) context.report({ node, message: problem })
    }
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    }
  },
}

export default { meta: { name: 'layers' }, rules: { direction } }

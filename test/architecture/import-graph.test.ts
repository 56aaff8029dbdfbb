// The app's imports form no loop: between files, between main's folders, or between layers. A loop makes
// two pieces one (neither can change or be tested alone) and is how a wrong-way import hides.
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { LAYERS, layerOf } from '../../eslint-rules/layers.js'
import { buildImportGraph, collapse, findLoops, type ImportGraph } from './import-graph'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const graph = buildImportGraph(ROOT, ['main', 'preload', 'renderer'])

/** `main/<folder>` for main's folders, a top file (`main/core.ts`) as itself, and the contract as one. */
function folderOf(file: string): string {
  const parts = file.split('/')
  if (parts[0] === 'main') return parts.length > 2 ? `main/${parts[1]}` : file
  if (file.startsWith('preload/contract/')) return 'preload/contract'
  return parts[0]!
}

const said = (loops: string[][]): string[] => loops.map((loop) => loop.join(' -> '))

function graphOf(edges: Record<string, string[]>): ImportGraph {
  return new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]))
}

describe('the import graph', () => {
  it('reads the tree: every layer has files, and imports the compiler sees are edges', () => {
    for (const layer of LAYERS)
      expect([...graph.keys()].some((file) => layerOf(file) === layer.name)).toBe(true)
    // Both ways of importing count: a value import, and a type-only one.
    expect(graph.get('main/index.ts')).toContain('main/core.ts')
    expect(graph.get('main/api/management/glance.ts')).toContain('preload/contract/index.ts')
    expect(graph.get('preload/channels.ts')).toContain('preload/contract/index.ts')
  })

  it('has no loop between files', () => {
    expect(said(findLoops(graph))).toEqual([])
  })

  it("has no loop between main's folders", () => {
    expect(said(findLoops(collapse(graph, folderOf)))).toEqual([])
  })

  it('has no loop between layers', () => {
    expect(said(findLoops(collapse(graph, layerOf)))).toEqual([])
  })

  it('the contract imports nothing of main or the renderer', () => {
    const reached = [...graph]
      .filter(([file]) => file.startsWith('preload/contract/'))
      .flatMap(([, targets]) => [...targets].filter((t) => !t.startsWith('preload/contract/')))
    expect(reached).toEqual([])
  })
})

describe('finding loops', () => {
  it('names a loop through every node it holds, and leaves a chain alone', () => {
    const loops = findLoops(graphOf({ a: ['b'], b: ['c'], c: ['a'], d: ['a'], e: [] }))
    expect(said(loops)).toEqual(['a -> b -> c -> a'])
    expect(findLoops(graphOf({ a: ['b'], b: ['c'], c: [] }))).toEqual([])
  })

  it('finds each separate loop, and a loop between groups that no two files close', () => {
    expect(said(findLoops(graphOf({ a: ['b'], b: ['a'], x: ['y'], y: ['x'] }))).sort()).toEqual([
      'a -> b -> a',
      'x -> y -> x',
    ])
    // p/1 -> q/1 and q/2 -> p/2: no file loop, but the folders p and q import each other.
    const files = graphOf({ 'p/1': ['q/1'], 'q/1': [], 'q/2': ['p/2'], 'p/2': [] })
    expect(findLoops(files)).toEqual([])
    expect(said(findLoops(collapse(files, (file) => file.split('/')[0]!)))).toEqual(['p -> q -> p'])
  })
})

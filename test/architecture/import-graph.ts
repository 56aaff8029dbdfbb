// The import graph of the app's own code, read the way the compiler reads it: every static import and
// re-export, `import type` included, so a loop that only types close still shows. Dynamic `import()` counts
// too: a lazy import is still a dependency of the module that names it.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

export type ImportGraph = Map<string, Set<string>>

const SOURCE_ENDINGS = ['.svelte.ts', '.ts', '.svelte']
// How a relative specifier may name a file: as written, with an ending left out, or as a folder's index.
const CANDIDATE_SUFFIXES = ['', '.ts', '.svelte.ts', '.svelte', '/index.ts']

function isSource(path: string): boolean {
  return SOURCE_ENDINGS.some((ending) => path.endsWith(ending)) && !path.endsWith('.d.ts')
}

function listSources(root: string, dir: string): string[] {
  const found: string[] = []
  for (const name of readdirSync(join(root, dir))) {
    const path = join(dir, name)
    if (statSync(join(root, path)).isDirectory()) found.push(...listSources(root, path))
    else if (isSource(path)) found.push(path.split(sep).join('/'))
  }
  return found
}

/** A Svelte component's imports sit in its <script> blocks; the markup imports nothing. */
function scriptText(path: string, text: string): string {
  if (!path.endsWith('.svelte')) return text
  const scripts = [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '')
  return scripts.join('\n')
}

function resolveSpecifier(root: string, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null
  const base = resolve(root, dirname(from), specifier.replace(/\.js$/, ''))
  for (const suffix of CANDIDATE_SUFFIXES) {
    const candidate = base + suffix
    if (existsSync(candidate) && statSync(candidate).isFile() && isSource(candidate)) {
      return relative(root, candidate).split(sep).join('/')
    }
  }
  return null
}

/** Every file under `dirs` (relative to `root`) with the files of the same tree it imports. */
export function buildImportGraph(root: string, dirs: readonly string[]): ImportGraph {
  const graph: ImportGraph = new Map()
  for (const file of dirs.flatMap((dir) => listSources(root, dir))) {
    const text = scriptText(file, readFileSync(join(root, file), 'utf8'))
    const info = ts.preProcessFile(text, true, true)
    const targets = new Set<string>()
    for (const { fileName } of info.importedFiles) {
      const target = resolveSpecifier(root, file, fileName)
      if (target !== null && target !== file) targets.add(target)
    }
    graph.set(file, targets)
  }
  return graph
}

/** The graph with each file replaced by its group (folder, layer); files outside every group are left out. */
export function collapse(graph: ImportGraph, groupOf: (file: string) => string | null): ImportGraph {
  const groups: ImportGraph = new Map()
  for (const [file, targets] of graph) {
    const from = groupOf(file)
    if (from === null) continue
    const edges = groups.get(from) ?? new Set<string>()
    groups.set(from, edges)
    for (const target of targets) {
      const to = groupOf(target)
      if (to !== null && to !== from) edges.add(to)
    }
  }
  return groups
}

/**
 * Every strongly connected part of more than one node (Tarjan), each as one loop through it, written
 * `a -> b -> a`. A part can hold several loops; naming one is enough to find the rest.
 */
export function findLoops(graph: ImportGraph): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const parts: string[][] = []
  let next = 0

  // Iterative, so a long import chain cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: { node: string; edges: string[]; at: number }[] = []
    const enter = (node: string): void => {
      index.set(node, next)
      low.set(node, next)
      next++
      stack.push(node)
      onStack.add(node)
      work.push({ node, edges: [...(graph.get(node) ?? [])], at: 0 })
    }
    enter(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]!
      if (frame.at < frame.edges.length) {
        const target = frame.edges[frame.at++]!
        if (!index.has(target)) enter(target)
        else if (onStack.has(target)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(target)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!))
      if (low.get(frame.node) === index.get(frame.node)) {
        const part: string[] = []
        let member: string
        do {
          member = stack.pop()!
          onStack.delete(member)
          part.push(member)
        } while (member !== frame.node)
        if (part.length > 1) parts.push(part)
      }
    }
  }
  return parts.map((part) => loopThrough(graph, new Set(part)))
}

/** One shortest loop inside a strongly connected part, from its first node (sorted) back to it. */
function loopThrough(graph: ImportGraph, part: Set<string>): string[] {
  const start = [...part].sort()[0]!
  const cameFrom = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const node = queue.shift()!
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      if (!part.has(target)) continue
      if (target === start) {
        const path = [node]
        while (path[0] !== start) path.unshift(cameFrom.get(path[0]!)!)
        return [...path, start]
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, node)
        queue.push(target)
      }
    }
  }
  return [start, start]
}

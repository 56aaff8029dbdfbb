// `npm run lint:security`: electronegativity over Loa's Electron code, failing on any finding of medium
// severity or more, on any file it could not read, and on a weak Content-Security-Policy.
//
// What is scanned, and why not simply `out/`: electronegativity's AST walker stops at class private fields
// ("Unknown node type ClassPrivateProperty"), which the main and renderer bundles contain. So it reads the
// TypeScript sources of main/, preload/ and renderer/ (it parses TypeScript), plus the built renderer HTML and
// the built preload bundle, which is what Electron actually loads. Deliberate exceptions are `eng-disable`
// comments beside the line they concern, each with its reason.
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { APP_CSP } from '../main/app/csp'

interface Issue {
  id: string
  file: string
  location: { line: number; column: number }
  description: string
  severity: { value: number; name: string }
  confidence: { name: string }
  sample?: string
}
interface ScanResult {
  errors: Array<{ file: string; message: string; tolerable: boolean }>
  issues: Issue[]
}
type Runner = (options: Record<string, unknown>, forCli: boolean) => Promise<ScanResult>
interface CspFinding {
  severity: number
  directive: string
  description: string
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))
const runnerModule = require('@doyensec/electronegativity') as Runner | { default: Runner }
const scan: Runner = typeof runnerModule === 'function' ? runnerModule : runnerModule.default
// The evaluator electronegativity's own CSP check uses, loaded from where electronegativity finds it.
const cspEvaluator = createRequire(require.resolve('@doyensec/electronegativity'))('@doyensec/csp-evaluator')
const { severity } = require('@doyensec/electronegativity/dist/finder/attributes') as {
  severity: Record<'MEDIUM', { value: number }>
}

const SOURCE_DIRS = ['main', 'preload', 'renderer']
const BUILT = { html: 'out/renderer', preload: 'out/preload/index.cjs' }

async function main(): Promise<number> {
  if (!existsSync(join(root, BUILT.preload)) || !existsSync(join(root, BUILT.html))) {
    console.error('No build output: run `npx electron-vite build` first.')
    return 2
  }
  const stage = mkdtempSync(join(tmpdir(), 'loa-electronegativity-'))
  try {
    stageFiles(stage)
    return await report(stage)
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

/** Copies what is scanned into one folder, with package.json so the Electron version is detected. */
function stageFiles(stage: string): void {
  cpSync(join(root, 'package.json'), join(stage, 'package.json'))
  for (const dir of SOURCE_DIRS) {
    for (const file of walk(join(root, dir))) {
      if (file.endsWith('.ts')) cpSync(file, join(stage, relative(root, file)))
    }
  }
  for (const file of walk(join(root, BUILT.html))) {
    if (file.endsWith('.html')) cpSync(file, join(stage, relative(root, file)))
  }
  // The scanner only reads .js/.ts/.html/.json by extension.
  cpSync(join(root, BUILT.preload), join(stage, 'out/preload/index.js'))
}

function walk(dir: string): string[] {
  if (!existsSync(dir)) return []
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? walk(path) : [path]
  })
}

async function report(stage: string): Promise<number> {
  const electronVersion = (
    JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')) as { version: string }
  ).version
  const result = await scan({ input: stage, isRelative: true, electronVersion }, false)
  let failures = 0

  for (const e of result.errors) {
    console.error(`could not scan ${relative(stage, e.file)}: ${e.message}`)
    failures++
  }
  for (const issue of result.issues.sort((a, b) => b.severity.value - a.severity.value)) {
    const serious = issue.severity.value >= severity.MEDIUM.value
    if (serious) failures++
    const where = `${issue.file}:${issue.location.line}:${issue.location.column}`
    const line = `${issue.severity.name.padEnd(13)} ${issue.confidence.name.padEnd(9)} ${issue.id}  ${where}  ${issue.description}`
    if (serious) console.error(line)
    else console.log(line)
  }

  // The policy is sent as a header built in csp.ts, which the scanner cannot evaluate: evaluate it here
  // the way its CSP check would (HIGH, SYNTAX and MEDIUM fail; the "maybe" findings are shown).
  const findings = new cspEvaluator.CspEvaluator(
    new cspEvaluator.CspParser(APP_CSP).csp,
    cspEvaluator.Version.CSP3,
  ).evaluate() as CspFinding[]
  for (const f of findings) {
    const serious = f.severity <= cspEvaluator.severities.MEDIUM
    if (serious) failures++
    const line = `CSP ${serious ? 'FAIL' : 'note'}  ${f.directive}: ${f.description}`
    if (serious) console.error(line)
    else console.log(line)
  }

  console.log(
    failures === 0
      ? `electronegativity: no findings of medium severity or higher (${result.issues.length} lower).`
      : `electronegativity: ${failures} finding(s) of medium severity or higher, or unreadable files.`,
  )
  return failures === 0 ? 0 : 1
}

process.exitCode = await main()

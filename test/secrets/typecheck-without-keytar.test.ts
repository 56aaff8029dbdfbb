// keytar is an optional dependency: `npm install` skips it where it cannot build (no libsecret), and
// `npm run typecheck` must still pass there. This compiles the project as tsconfig.json says, through a
// compiler host that cannot see keytar, as on such a machine.
import { join } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = join(import.meta.dirname, '../..')
/** The installed package and any `@types/keytar`, on Windows paths too. */
const KEYTAR_PATH = /[\\/]node_modules[\\/](@types[\\/])?keytar([\\/]|$)/
/** The whole project through the compiler takes about 10 s alone; two cores shared with other test files. */
const COMPILE_TIMEOUT_MS = 120_000

function hostWithoutKeytar(
  options: ts.CompilerOptions,
  extraFiles: Record<string, string> = {},
): ts.CompilerHost {
  const host = ts.createCompilerHost(options)
  const hidden = (path: string): boolean => KEYTAR_PATH.test(path)
  const extra = (path: string): string | undefined => extraFiles[path]
  return {
    ...host,
    fileExists: (path) => extra(path) !== undefined || (!hidden(path) && host.fileExists(path)),
    directoryExists: (path) => !hidden(path) && (host.directoryExists?.(path) ?? true),
    readFile: (path) => extra(path) ?? (hidden(path) ? undefined : host.readFile(path)),
    getSourceFile: (path, language, onError) => {
      const text = extra(path)
      if (text !== undefined) return ts.createSourceFile(path, text, language)
      return hidden(path) ? undefined : host.getSourceFile(path, language, onError)
    },
  }
}

function projectOptions(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'))
    },
  })
  if (!parsed) throw new Error('tsconfig.json could not be read')
  return parsed
}

function errorsOf(program: ts.Program): string[] {
  return ts
    .getPreEmitDiagnostics(program)
    .filter((d) => d.category === ts.DiagnosticCategory.Error)
    .map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, '\n')
      if (!d.file || d.start === undefined) return `TS${d.code}: ${text}`
      const { line } = d.file.getLineAndCharacterOfPosition(d.start)
      return `${d.file.fileName.replace(`${ROOT}/`, '')}:${line + 1} TS${d.code}: ${text}`
    })
}

describe('type-checking on a machine without keytar', () => {
  it('the compiler host really hides keytar: importing it is an error', () => {
    const { options } = projectOptions()
    const probe = join(ROOT, 'main/secrets/__keytar-probe__.ts')
    const program = ts.createProgram({
      rootNames: [probe],
      options,
      host: hostWithoutKeytar(options, { [probe]: "export const keytar = await import('keytar')\n" }),
    })
    expect(errorsOf(program).join('\n')).toMatch(/TS2307: Cannot find module 'keytar'/)
  })

  it(
    'main, preload, tests and bench type-check as `npm run typecheck` does',
    () => {
      const { options, fileNames } = projectOptions()
      const program = ts.createProgram({ rootNames: fileNames, options, host: hostWithoutKeytar(options) })
      expect(errorsOf(program)).toEqual([])
    },
    COMPILE_TIMEOUT_MS,
  )
})

/**
 * No dead exports: every export of src/ is imported somewhere (src/, __tests__/, scripts/,
 * validation/) or used in its own module. The public API (src/lib.ts, src/index.ts, src/cli.ts) is
 * exempt. An export used only in its own module (a type of a function's signature) passes: what this
 * catches is a leftover nothing reads at all.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '..', '..')
const PUBLIC_API = ['src/lib.ts', 'src/index.ts', 'src/cli.ts']
/** Exported on purpose though nothing reads it. */
const ALLOWED = new Set([
  // a compile-time check (a Config field without an option fails to compile); exported so no lint calls it unused
  'src/config/options.ts EveryConfigFieldHasAnOption'
])

const filesUnder = (dir: string): string[] =>
  existsSync(join(ROOT, dir))
    ? readdirSync(join(ROOT, dir), { recursive: true, withFileTypes: true })
        .filter(
          (entry) => entry.isFile() && /\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts')
        )
        .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
    : []

/** `module name` of every export of src/ that no file imports and its own module never uses. */
function deadExports(files: ReadonlyMap<string, string>): string[] {
  const exported: Array<[string, string]> = []
  const imported = new Set<string>() // `module name`, or `module *`
  for (const [path, text] of files) {
    const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
    const moduleOf = (specifier: string) =>
      relative(ROOT, resolve(ROOT, dirname(path), specifier.replace(/\.js$/, '.ts')))
    for (const statement of file.statements) {
      const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : []
      if (path.startsWith('src/') && modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
        const names = ts.isVariableStatement(statement)
          ? statement.declarationList.declarations.map((d) => d.name.getText(file))
          : 'name' in statement && statement.name
            ? [(statement.name as ts.Identifier).text]
            : []
        for (const name of names) exported.push([path, name])
      }
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null
      if (specifier === null || !specifier.startsWith('.')) continue
      const from = moduleOf(specifier)
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : ts.isExportDeclaration(statement)
          ? statement.exportClause
          : undefined
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings))
        imported.add(`${from} *`)
      else
        for (const element of bindings.elements)
          imported.add(`${from} ${(element.propertyName ?? element.name).text}`)
    }
    for (const dynamic of text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g))
      imported.add(`${moduleOf(dynamic[1]!)} *`)
  }
  return exported
    .filter(([path]) => !PUBLIC_API.includes(path))
    .filter(([path, name]) => !imported.has(`${path} *`) && !imported.has(`${path} ${name}`))
    .filter(([path, name]) => (files.get(path)!.match(new RegExp(`\\b${name}\\b`, 'g')) ?? []).length < 2)
    .map(([path, name]) => `${path} ${name}`)
    .filter((entry) => !ALLOWED.has(entry))
}

const files = new Map(
  ['src', '__tests__', 'scripts', 'validation/src', 'validation/scripts']
    .flatMap(filesUnder)
    .map((path) => [path, readFileSync(join(ROOT, path), 'utf8')] as const)
)

describe('exports', () => {
  it('every export of src/ is imported somewhere or used in its module (the public API aside)', () => {
    expect(files.size).toBeGreaterThan(300)
    expect(deadExports(files)).toEqual([])
  })

  it('finds a planted export nothing reads, and not one a test imports', () => {
    const planted = new Map(files)
    planted.set('src/planted.ts', 'export const NOBODY = 1\nexport const TESTED = 2\n')
    planted.set('__tests__/planted.test.ts', "import { TESTED } from '../src/planted.js'\nvoid TESTED\n")
    expect(deadExports(planted)).toEqual(['src/planted.ts NOBODY'])
  })
})

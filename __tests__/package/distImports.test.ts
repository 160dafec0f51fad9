/**
 * dist/ is what the Action runs and what npm publishes without dependencies: every module it imports
 * (static `import`, dynamic `import()` with a literal) must be a Node built-in. es-module-lexer is the
 * parser Node's own tooling uses for this; a regex would also match imports quoted in bundled comments.
 */
import { describe, expect, it } from '@jest/globals'
import { init, parse } from 'es-module-lexer'
import { readFileSync, readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join, resolve } from 'node:path'

const DIST = resolve(import.meta.dirname, '../../dist')
const BUILTINS = new Set(builtinModules)

/** The imports that are not built-ins; a dynamic import of a computed name counts as one. */
function nonBuiltins(source: string): string[] {
  const [imports] = parse(source)
  return imports
    .filter((i) => i.type !== 'import-meta')
    .map((i) => i.specifier ?? '<computed import()>')
    .filter((s) => !BUILTINS.has(s.replace(/^node:/, '')))
}

describe('dist/ imports only Node built-ins', () => {
  const files = readdirSync(DIST).filter((f) => f.endsWith('.js'))

  it('has the three bundles', () => {
    expect(files.sort()).toEqual(['cli.js', 'index.js', 'stats.js'])
  })

  it.each(files)('%s', async (file) => {
    await init
    const source = readFileSync(join(DIST, file), 'utf8')
    expect(parse(source)[0].length).toBeGreaterThan(0)
    expect(nonBuiltins(source)).toEqual([])
  })

  it('flags a bundle that imports a package (the check can fail)', async () => {
    await init
    const source =
      "import x from 'node:fs'\nimport y from '@actions/core'\nawait import('jstat')\nawait import(name)"
    expect(nonBuiltins(source)).toEqual(['@actions/core', 'jstat', '<computed import()>'])
  })
})

/**
 * No import circle among src/ modules, nor among validation/src/ modules, type-only imports included.
 * eslint's import-x/no-cycle skips `import type` by design, so this test reads every import specifier
 * (TypeScript's preProcessFile, which sees `import type` and `export ... from` too) and looks for a
 * cycle in the graph; a planted type-only cycle must be caught.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'

const root = join(import.meta.dirname, '..', '..')
const src = join(root, 'src')
const validation = join(root, 'validation', 'src')

/** Every .ts file under `dir` (no .d.ts), as paths relative to the repository root. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .sort()
}

/** The relative imports of `path` (given its text), resolved to repository paths ('./x.js' → 'x.ts'). */
function importsOf(path: string, text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .map((s) => relative(root, resolve(root, dirname(path), s.replace(/\.js$/, '.ts'))))
}

/** The first cycle found in `graph` (as the path round it, first module repeated at the end), or null. */
function findCycle(graph: Map<string, string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null
    if (state.get(node) === 'open') return [...stack.slice(stack.indexOf(node)), node]
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next)
      if (cycle) return cycle
    }
    stack.pop()
    state.set(node, 'done')
    return null
  }
  for (const node of [...graph.keys()].sort()) {
    const cycle = visit(node)
    if (cycle) return cycle
  }
  return null
}

/** The import graph of src/ and validation/src/, with `planted` texts replacing files' real ones. */
function graph(planted: Record<string, string> = {}): Map<string, string[]> {
  return new Map(
    [...tsFiles(src), ...tsFiles(validation)].map((path) => [
      path,
      importsOf(path, planted[path] ?? readFileSync(join(root, path), 'utf8'))
    ])
  )
}

describe('import graph', () => {
  it('has no cycle in src/ or validation/src/, type-only imports included', () => {
    expect(findCycle(graph())).toBeNull()
  })

  it('sees a planted type-only cycle (stats/summary.ts importing a type from stats/acf.ts)', () => {
    const summary = 'src/stats/summary.ts'
    expect(readFileSync(join(root, 'src/stats/acf.ts'), 'utf8')).toMatch(/from '\.\/summary\.js'/)
    const text = `${readFileSync(join(root, summary), 'utf8')}\nimport type { Acf } from './acf.js'\n`
    expect(findCycle(graph({ [summary]: text }))).toEqual([summary, 'src/stats/acf.ts', summary])
  })

  it('sees a planted type-only cycle in validation/src/ (studies/simulation.ts importing a type from studies/grid.ts)', () => {
    const simulation = 'validation/src/studies/simulation.ts'
    expect(readFileSync(join(root, 'validation/src/studies/grid.ts'), 'utf8')).toMatch(
      /from '\.\/simulation\.js'/
    )
    const text = `${readFileSync(join(root, simulation), 'utf8')}\nimport type { GridResults } from './grid.js'\n`
    // found from grid.ts, the first module of the cycle in path order
    const grid = 'validation/src/studies/grid.ts'
    expect(findCycle(graph({ [simulation]: text }))).toEqual([grid, simulation, grid])
  })
})

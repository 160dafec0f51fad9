/**
 * Parameter names explain themselves: outside stats/ (where the formulas' letters are the names), no
 * function longer than LONG_FUNCTION lines has a one-letter parameter (`o`, `c`, `s`, …); a one-line
 * lambda (`(c) => c.verdict`) keeps its letter. Parsed with the TypeScript compiler.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'

const ROOT = join(import.meta.dirname, '..', '..')
/** Longer than this many lines, a function's parameters have names. */
const LONG_FUNCTION = 20

/** `path:line name (function of N lines)` for each one-letter parameter of a long function in `text`. */
function oneLetterParameters(path: string, text: string): string[] {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true)
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line + 1
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(file)) + 1
      for (const parameter of node.parameters)
        if (lines > LONG_FUNCTION && ts.isIdentifier(parameter.name) && parameter.name.text.length === 1)
          found.push(
            `${path}:${lineOf(parameter.getStart(file))} ${parameter.name.text} (function of ${lines} lines)`
          )
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return found
}

const sources = readdirSync(join(ROOT, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
  .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)))
  .filter((path) => !path.startsWith('src/stats/'))

describe('parameter names outside stats/', () => {
  it(`no one-letter parameter in a function longer than ${LONG_FUNCTION} lines`, () => {
    expect(sources.length).toBeGreaterThan(100)
    expect(
      sources.flatMap((path) => oneLetterParameters(path, readFileSync(join(ROOT, path), 'utf8')))
    ).toEqual([])
  })

  it('finds a planted one (a long function with `o`), and lets a short lambda keep its letter', () => {
    const body = Array.from({ length: LONG_FUNCTION }, (_, line) => `  const v${line} = o.x + ${line}`).join(
      '\n'
    )
    const planted = `export function long(o: { x: number }): void {\n${body}\n}\nexport const short = (c: number) => c + 1\n`
    expect(oneLetterParameters('src/planted.ts', planted)).toEqual([
      `src/planted.ts:1 o (function of ${LONG_FUNCTION + 2} lines)`
    ])
  })
})

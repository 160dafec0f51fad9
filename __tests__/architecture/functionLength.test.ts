/**
 * No function in src/ outside src/stats/ (ports of numerical code are exempt), nor in validation/src/,
 * grows past 100 lines: a long function mixes steps that want names of their own (issue 14). The ones
 * still over the limit are listed with their length, so the list can only shrink: a new long function,
 * or a listed one that grew, fails here.
 */
import { describe, expect, test } from '@jest/globals'
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import ts from 'typescript'

const MAX_LINES = 100
const ROOT = join(import.meta.dirname, '..', '..')

/** Known debt: `file name` -> lines when this test was written (to be split, never to grow). */
const STILL_LONG: Record<string, number> = {}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') && !p.endsWith('.d.ts') ? [p] : []
  })
}

/** Every function in `file` longer than MAX_LINES, as `relative/path name` -> lines. */
function longFunctions(file: string): Array<[string, number]> {
  const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true)
  const found: Array<[string, number]> = []
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines =
        sf.getLineAndCharacterOfPosition(node.getEnd()).line -
        sf.getLineAndCharacterOfPosition(node.getStart()).line +
        1
      const name = node.name && ts.isIdentifier(node.name) ? node.name.text : '(anonymous)'
      if (lines > MAX_LINES) found.push([`${relative(ROOT, file)} ${name}`, lines])
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

describe('function length', () => {
  const src = join(ROOT, 'src')
  // validation/src/ (the validation study, validation/README.md) keeps the same rule as src/.
  const long = [
    ...sourceFiles(src).filter((f) => !relative(src, f).startsWith('stats')),
    ...sourceFiles(join(ROOT, 'validation', 'src'))
  ].flatMap(longFunctions)

  test(`no function in src/ (outside src/stats/) or validation/src/ over ${MAX_LINES} lines but the listed ones, and none of those grew`, () => {
    const unexpected = long.filter(([key, lines]) => !(key in STILL_LONG) || lines > STILL_LONG[key])
    expect(unexpected).toEqual([])
  })

  test('the check finds a planted long function', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-long-'))
    const planted = join(dir, 'planted.ts')
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const x${i} = ${i}`).join('\n')
    try {
      // 1 + 99 + 1 = 101 lines: found; 1 + 98 + 1 = 100: not.
      writeFileSync(
        planted,
        `export function tooLong(): void {\n${body(99)}\n}\nconst ok = () => {\n${body(98)}\n}\n`
      )
      expect(longFunctions(planted).map(([k, n]) => [k.split(' ').pop(), n])).toEqual([['tooLong', 101]])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

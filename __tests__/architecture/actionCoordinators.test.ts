/**
 * The Action's modes stay coordinators (issue 29): each mode in src/action/main.ts reads as its steps
 * and ends in publish(), so none grows past 40 lines; the work lives in the named steps beside it.
 */
import { describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

const MAIN = join(import.meta.dirname, '..', '..', 'src', 'action', 'main.ts')
const MAX_LINES = 40
const MODES = ['runAction', 'measureMode', 'commentMode', 'mergeMode', 'recordMode']

/** Lines of each top-level function declared in `source`. */
function functionLengths(source: string): Record<string, number> {
  const sf = ts.createSourceFile('main.ts', source, ts.ScriptTarget.Latest, true)
  const lines: Record<string, number> = {}
  for (const node of sf.statements)
    if (ts.isFunctionDeclaration(node) && node.name)
      lines[node.name.text] =
        sf.getLineAndCharacterOfPosition(node.getEnd()).line -
        sf.getLineAndCharacterOfPosition(node.getStart()).line +
        1
  return lines
}

describe('Action coordinators', () => {
  test(`every mode in src/action/main.ts is a function of at most ${MAX_LINES} lines`, () => {
    const lines = functionLengths(readFileSync(MAIN, 'utf8'))
    for (const mode of MODES) expect([mode, lines[mode] ?? 'missing']).toEqual([mode, expect.any(Number)])
    expect(MODES.filter((m) => lines[m] > MAX_LINES).map((m) => `${m}: ${lines[m]} lines`)).toEqual([])
  })

  test('the check counts a planted long mode', () => {
    const body = Array.from({ length: MAX_LINES }, (_, i) => `  const x${i} = ${i}`).join('\n')
    expect(functionLengths(`async function mergeMode() {\n${body}\n}`).mergeMode).toBe(MAX_LINES + 2)
  })

  test('no module under src/action/ imports src/commands/', () => {
    const dir = join(MAIN, '..')
    const files = ts.sys.readDirectory(dir, ['.ts'])
    const offenders = files.filter((f) => /from '\.\.\/commands\//.test(readFileSync(f, 'utf8')))
    expect(offenders).toEqual([])
  })
})

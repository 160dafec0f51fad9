/**
 * docs/architecture.md "Tracing one run" keeps working name for name: every function the trace names
 * (a step `file.ts name`, a bare step name, or a `file.ts camelCaseName` in a description) is declared
 * where the trace says, so a moved or renamed function fails here until the trace follows it.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

const ROOT = join(import.meta.dirname, '..', '..')
const SRC = join(ROOT, 'src')

const sources = readdirSync(SRC, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
  .map((entry) => relative(SRC, join(entry.parentPath, entry.name)))
const textOf = (path: string): string => readFileSync(join(SRC, path), 'utf8')

/** The src/ file a trace names: its path under src/, or the one file whose path ends with it. */
function resolveFile(name: string): string | null {
  if (sources.includes(name)) return name
  const matches = sources.filter((path) => path.endsWith(`/${name}`))
  return matches.length === 1 ? matches[0]! : null
}

/** Whether `text` declares `name`: a function, a const/let binding, a class, or a method. */
function declares(text: string, name: string): boolean {
  const declaration = new RegExp(
    `(\\bfunction\\*?\\s+${name}\\b|\\b(const|let)\\s+${name}\\b|\\bclass\\s+${name}\\b|^\\s*(async\\s+)?${name}\\s*[(<])`,
    'm'
  )
  return declaration.test(text)
}

/** The code blocks of the section "Tracing one run". */
function traceBlocks(doc: string): string[] {
  const section = doc.slice(
    doc.indexOf('## Tracing one run'),
    doc.indexOf('\n## ', doc.indexOf('## Tracing one run') + 1)
  )
  return [...section.matchAll(/```\n([\s\S]*?)```/g)].map((match) => match[1]!)
}

/** What the trace names that is not where it says, one message per name. */
function traceProblems(doc: string): string[] {
  const problems: string[] = []
  const check = (file: string | null, name: string, line: string) => {
    if (file === null) {
      if (!sources.some((path) => declares(textOf(path), name)))
        problems.push(`${name}: declared nowhere in src/ (${line.trim()})`)
      return
    }
    const path = resolveFile(file)
    if (path === null) problems.push(`${file}: no such file under src/ (${line.trim()})`)
    else if (!declares(textOf(path), name))
      problems.push(`${name}: not declared in src/${path} (${line.trim()})`)
  }
  for (const block of traceBlocks(doc)) {
    for (const line of block.split('\n')) {
      // The step column: `└ file.ts name` or `└ name`, or the root line `file.ts name ─ …`.
      const step = /^[\s│]*(?:[└├]\s)?([\w/.]+\.ts)\s([A-Za-z]\w*)|^[\s│]*[└├]\s([A-Za-z]\w*)\b/.exec(line)
      if (step?.[1]) check(step[1], step[2]!, line)
      else if (step?.[3]) check(null, step[3], line)
      // A description's `file.ts camelCaseName` (a lower-case word after a file is prose: "sticky comment").
      for (const named of line.matchAll(/([\w/.]+\.ts)\s([a-z]+[A-Z]\w*)/g)) check(named[1]!, named[2]!, line)
    }
  }
  return [...new Set(problems)]
}

const doc = readFileSync(join(ROOT, 'docs', 'architecture.md'), 'utf8')

describe('docs/architecture.md "Tracing one run"', () => {
  it('has the two traces (benchgate run, the Action)', () => {
    const blocks = traceBlocks(doc)
    expect(blocks).toHaveLength(2)
    expect(blocks[0]).toMatch(/pipeline\/index\.ts runPipeline/)
  })

  it('names every function where it is declared', () => {
    expect(traceProblems(doc)).toEqual([])
  })

  it('fails on a function moved, renamed, or in a file that does not exist', () => {
    const planted = doc
      .replace('pipeline/build.ts buildSides', 'pipeline/measure.ts buildSides')
      .replace('pipeline/probe.ts listedUnder', 'pipeline/probe.ts listedBelow')
      .replace('pipeline/counts.ts countBothSides', 'pipeline/count.ts countBothSides')
      .replace('└ commentMode', '└ commentStep')
    expect(planted).not.toBe(doc)
    const problems = traceProblems(planted)
    expect(problems).toEqual([
      expect.stringMatching(/^buildSides: not declared in src\/pipeline\/measure\.ts/),
      expect.stringMatching(/^listedBelow: not declared in src\/pipeline\/probe\.ts/),
      expect.stringMatching(/^pipeline\/count\.ts: no such file under src\//),
      expect.stringMatching(/^commentStep: declared nowhere in src\//)
    ])
  })
})

/**
 * validation/src/ (the validation study) under src/'s rules: eslint's import-x/no-restricted-paths zones
 * from layers.config.js VALIDATION_LAYERS (model → studies → render → cli → index.ts), import-x/no-cycle,
 * no I/O in model/ and render/, the terminal only in validation/src/index.ts; and src/ never imports
 * validation/. Each rule must fail on a planted violation and pass the real files.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lintAs } from '../helpers/eslint.js'

const root = join(import.meta.dirname, '..', '..')
const source = (path: string): string => readFileSync(join(root, path), 'utf8')
/** `path`'s real text with `lines` appended. */
const planted = (path: string, ...lines: string[]): string => `${source(path)}\n${lines.join('\n')}\n`

describe('validation/src layers', () => {
  it('passes the real files: downward imports, src/ imports, I/O in a study, printing in the entry', async () => {
    for (const path of [
      'validation/src/render/document.ts',
      'validation/src/studies/real.ts',
      'validation/src/cli/commands.ts',
      'validation/src/index.ts'
    ]) {
      const r = await lintAs(path, source(path))
      expect({ path, output: r.output }).toEqual({ path, output: '' })
      expect(r.failed).toBe(false)
    }
  }, 120_000)

  it('fails on an upward import (model/ importing render/, studies/ importing cli/)', async () => {
    const model = 'validation/src/model/outcome.ts'
    const r1 = await lintAs(
      model,
      planted(model, "import { pct } from '../render/format.js'", 'export const planted = pct')
    )
    expect(r1.failed).toBe(true)
    expect(r1.output).toMatch(
      /^import-x\/no-restricted-paths: .*render\/format\.js.*layer rule: validation\/src\/model \(layer 0\)/m
    )
    const study = 'validation/src/studies/advice.ts'
    const r2 = await lintAs(
      study,
      planted(
        study,
        "import { parseCommand } from '../cli/options.js'",
        'export const planted = parseCommand'
      )
    )
    expect(r2.failed).toBe(true)
    expect(r2.output).toMatch(
      /^import-x\/no-restricted-paths: .*layer rule: validation\/src\/studies \(layer 1\)/m
    )
  }, 60_000)

  it('fails on a cycle inside one folder', async () => {
    // grid.ts imports simulation.ts; simulation.ts importing grid.ts closes a cycle within studies/.
    expect(source('validation/src/studies/grid.ts')).toMatch(/from '\.\/simulation\.js'/)
    const path = 'validation/src/studies/simulation.ts'
    const r = await lintAs(
      path,
      planted(path, "import { runGrid } from './grid.js'", 'export const planted = runGrid')
    )
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^import-x\/no-cycle: Dependency cycle/m)
    expect(r.output).not.toMatch(/no-restricted-paths/)
  }, 60_000)

  it('fails on I/O in a pure layer (render/ or model/ importing node:fs)', async () => {
    for (const path of ['validation/src/render/format.ts', 'validation/src/model/binomial.ts']) {
      const r = await lintAs(
        path,
        planted(path, "import { readFileSync } from 'node:fs'", 'export const planted = readFileSync')
      )
      expect(r.failed).toBe(true)
      expect(r.output).toMatch(/^no-restricted-imports: 'node:fs' import is restricted.*do no I\/O/m)
    }
  }, 60_000)

  it('fails on the terminal below the entry point, and lets the entry point print', async () => {
    const study = 'validation/src/studies/pairs.ts'
    const r = await lintAs(
      study,
      planted(study, "console.log('x')", "process.stderr.write('x')", 'process.exit(1)')
    )
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^no-console: /m)
    expect(r.output).toMatch(
      /^no-restricted-properties: 'process.stderr' is restricted.*validation\/src\/index\.ts/m
    )
    expect(r.output).toMatch(/^no-restricted-properties: 'process.exit' is restricted/m)
    const entry = 'validation/src/index.ts'
    expect((await lintAs(entry, planted(entry, "console.log('x')"))).failed).toBe(false)
  }, 60_000)

  it('fails when src/ imports validation/', async () => {
    const path = 'src/stats/summary.ts'
    const r = await lintAs(
      path,
      planted(
        path,
        "import { clopperPearson } from '../../validation/src/model/binomial.js'",
        'export const planted = clopperPearson'
      )
    )
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^import-x\/no-restricted-paths: .*src\/ must not import validation\//m)
  }, 60_000)

  it('places every folder and top-level module of validation/src/ in exactly one layer', async () => {
    const { VALIDATION_LAYERS } = (await import('../../layers.config.js' as string)) as {
      VALIDATION_LAYERS: string[][]
    }
    const entries = readdirSync(join(root, 'validation', 'src'))
    expect([...VALIDATION_LAYERS.flat()].sort()).toEqual([...entries].sort())
  })
})

/**
 * The import-layer check (eslint: import-x/no-restricted-paths zones from layers.config.js, and
 * import-x/no-cycle) must fail on a planted upward import, a peer import and a cycle, and pass real code;
 * so must the rules beside it (no I/O in stats/analysis/report; @actions/core and the terminal only in
 * the entry points).
 * validation/src/ (the validation study) is held to src/'s rules with its own layers (VALIDATION_LAYERS:
 * model → studies → render → cli → index.ts), and src/ never imports validation/: each rule must fail on
 * a planted violation and pass the real files.
 * Lints as `npm run lint` does, on planted text, with one ESLint in this file: both trees in one file
 * share its load and its parse of the import graph (5 s of CPU when they were two files).
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lintAs } from '../helpers/eslint.js'

const root = join(import.meta.dirname, '..', '..')

const source = (path: string): string => readFileSync(join(root, path), 'utf8')
/** `path`'s real text with `lines` appended. */
const plantedIn = (path: string, ...lines: string[]): string => `${source(path)}\n${lines.join('\n')}\n`

describe('import-layer check', () => {
  it('passes the real files (a downward import is allowed)', async () => {
    const r = await lintAs('src/analysis/comparison.ts', source('src/analysis/comparison.ts'))
    expect(r.output).toBe('')
    expect(r.failed).toBe(false)
  }, 60_000)

  it('fails on an upward import (stats/ importing analysis/)', async () => {
    const planted = `${source('src/stats/summary.ts')}\nimport { compare } from '../analysis/comparison.js'\nexport const planted = compare\n`
    const r = await lintAs('src/stats/summary.ts', planted)
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(
      /^import-x\/no-restricted-paths: .*analysis\/comparison\.js.*layer rule: src\/stats \(layer 0\)/m
    )
  }, 60_000)

  it('fails on an import between peers of one layer (git/ importing build/)', async () => {
    const planted = `${source('src/git/resolve.ts')}\nimport { runBuild } from '../build/build.js'\nexport const planted = runBuild\n`
    const r = await lintAs('src/git/resolve.ts', planted)
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^import-x\/no-restricted-paths: .*build\/build\.js.*layer rule: src\/git/m)
  }, 60_000)

  it('fails on a cycle inside one folder', async () => {
    // acf.ts imports summary.ts; summary.ts importing acf.ts closes a cycle within stats/.
    expect(source('src/stats/acf.ts')).toMatch(/from '\.\/summary\.js'/)
    const planted = `${source('src/stats/summary.ts')}\nimport { acf } from './acf.js'\nexport const planted = acf\n`
    const r = await lintAs('src/stats/summary.ts', planted)
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^import-x\/no-cycle: Dependency cycle/m)
    expect(r.output).not.toMatch(/no-restricted-paths/)
  }, 60_000)

  it('fails on I/O in a pure layer (stats/ importing node:fs)', async () => {
    const planted = `${source('src/stats/summary.ts')}\nimport { readFileSync } from 'node:fs'\nexport const planted = readFileSync\n`
    const r = await lintAs('src/stats/summary.ts', planted)
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^no-restricted-imports: 'node:fs' import is restricted.*do no I\/O/m)
  }, 60_000)

  it('fails on @actions/core or the terminal below the entry points', async () => {
    // These rules only: no-cycle would parse the whole import graph behind these two modules.
    const rules = ['no-restricted-imports', 'no-console', 'no-restricted-properties']
    const core = `${source('src/pipeline/index.ts')}\nimport * as core from '@actions/core'\nexport const planted = core\n`
    const r1 = await lintAs('src/pipeline/index.ts', core, rules)
    expect(r1.failed).toBe(true)
    expect(r1.output).toMatch(/^no-restricted-imports: '@actions\/core' import is restricted/m)
    const terminal = `${source('src/pipeline/index.ts')}\nconsole.log('x')\nprocess.stderr.write('x')\n`
    const r2 = await lintAs('src/pipeline/index.ts', terminal, rules)
    expect(r2.failed).toBe(true)
    expect(r2.output).toMatch(/^no-console: /m)
    expect(r2.output).toMatch(/^no-restricted-properties: 'process.stderr' is restricted/m)
    // The entry points may.
    expect((await lintAs('src/cli.ts', `${source('src/cli.ts')}\nconsole.log('x')\n`, rules)).failed).toBe(
      false
    )
  }, 120_000)

  it('places every folder and top-level module of src/ in exactly one layer', async () => {
    const { LAYERS } = (await import('../../layers.config.js' as string)) as { LAYERS: string[][] }
    const layered = LAYERS.flat()
    const entries = readdirSync(join(root, 'src'), { withFileTypes: true })
      .map((d) => d.name)
      .filter((name) => !name.endsWith('.d.ts'))
    expect([...layered].sort()).toEqual([...entries].sort())
  })
})

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
      plantedIn(model, "import { pct } from '../render/format.js'", 'export const planted = pct')
    )
    expect(r1.failed).toBe(true)
    expect(r1.output).toMatch(
      /^import-x\/no-restricted-paths: .*render\/format\.js.*layer rule: validation\/src\/model \(layer 0\)/m
    )
    const study = 'validation/src/studies/advice.ts'
    const r2 = await lintAs(
      study,
      plantedIn(
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
      plantedIn(path, "import { runGrid } from './grid.js'", 'export const planted = runGrid')
    )
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^import-x\/no-cycle: Dependency cycle/m)
    expect(r.output).not.toMatch(/no-restricted-paths/)
  }, 60_000)

  it('fails on I/O in a pure layer (render/ or model/ importing node:fs)', async () => {
    for (const path of ['validation/src/render/format.ts', 'validation/src/model/binomial.ts']) {
      const r = await lintAs(
        path,
        plantedIn(path, "import { readFileSync } from 'node:fs'", 'export const planted = readFileSync')
      )
      expect(r.failed).toBe(true)
      expect(r.output).toMatch(/^no-restricted-imports: 'node:fs' import is restricted.*do no I\/O/m)
    }
  }, 60_000)

  it('fails on the terminal below the entry point, and lets the entry point print', async () => {
    const study = 'validation/src/studies/pairs.ts'
    const r = await lintAs(
      study,
      plantedIn(study, "console.log('x')", "process.stderr.write('x')", 'process.exit(1)')
    )
    expect(r.failed).toBe(true)
    expect(r.output).toMatch(/^no-console: /m)
    expect(r.output).toMatch(
      /^no-restricted-properties: 'process.stderr' is restricted.*validation\/src\/index\.ts/m
    )
    expect(r.output).toMatch(/^no-restricted-properties: 'process.exit' is restricted/m)
    const entry = 'validation/src/index.ts'
    expect((await lintAs(entry, plantedIn(entry, "console.log('x')"))).failed).toBe(false)
  }, 60_000)

  it('fails when src/ imports validation/', async () => {
    const path = 'src/stats/summary.ts'
    const r = await lintAs(
      path,
      plantedIn(
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

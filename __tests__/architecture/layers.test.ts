/**
 * The import-layer check (eslint: import-x/no-restricted-paths zones from layers.config.js, and
 * import-x/no-cycle) must fail on a planted upward import, a peer import and a cycle, and pass real code;
 * so must the rules beside it (no I/O in stats/analysis/report; @actions/core and the terminal only in
 * the entry points).
 * Runs the eslint CLI as `npm run lint` does, on planted text passed through stdin.
 */
import { describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { lintAs } from '../helpers/eslint.js'

const root = join(import.meta.dirname, '..', '..')

const source = (path: string): string => readFileSync(join(root, path), 'utf8')

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
    const core = `${source('src/pipeline/index.ts')}\nimport * as core from '@actions/core'\nexport const planted = core\n`
    const r1 = await lintAs('src/pipeline/index.ts', core)
    expect(r1.failed).toBe(true)
    expect(r1.output).toMatch(/^no-restricted-imports: '@actions\/core' import is restricted/m)
    const terminal = `${source('src/pipeline/index.ts')}\nconsole.log('x')\nprocess.stderr.write('x')\n`
    const r2 = await lintAs('src/pipeline/index.ts', terminal)
    expect(r2.failed).toBe(true)
    expect(r2.output).toMatch(/^no-console: /m)
    expect(r2.output).toMatch(/^no-restricted-properties: 'process.stderr' is restricted/m)
    // The entry points may.
    expect((await lintAs('src/cli.ts', `${source('src/cli.ts')}\nconsole.log('x')\n`)).failed).toBe(false)
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

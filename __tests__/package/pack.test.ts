/**
 * The published package as a user gets it: `npm pack` the repository, install the tarball into an
 * empty folder, and run the CLI from there. dist/ bundles every library, so the install must bring
 * benchgate alone (no runtime dependencies) and `npx benchgate compare` must work without the
 * repository's node_modules. The install size is printed (the README quotes it).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
const FIXTURES = join(ROOT, '__tests__/fixtures/pack')
const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error']

function run(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  // npm_config_* of an enclosing `npm test` (prefix, workspace, …) must not leak into the user's install.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 180_000, maxBuffer: 1 << 26 })
}

function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

/** Bytes of all files under dir (what `du -sb` counts, without the directory entries). */
function duBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .reduce((sum, d) => sum + statSync(join(d.parentPath, d.name)).size, 0)
}

describe('npm pack → npm install <tgz> → npx benchgate', () => {
  let work = ''
  let app = ''

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'benchgate-pack-'))
    const packed = JSON.parse(
      ok(run('npm', ['pack', '--json', '--pack-destination', work], ROOT), 'npm pack')
    ) as Array<{
      filename: string
    }>
    app = join(work, 'app')
    mkdirSync(app)
    ok(run('npm', ['install', ...NPM_FLAGS, join(work, packed[0].filename)], app), 'npm install <tgz>')
  }, 300_000)

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true })
  })

  it('installs benchgate alone: no runtime dependencies, a small node_modules', () => {
    const pkg = JSON.parse(readFileSync(join(app, 'node_modules/benchgate/package.json'), 'utf8')) as Record<
      string,
      unknown
    >
    expect(pkg.dependencies).toBeUndefined()
    expect(readdirSync(join(app, 'node_modules')).filter((n) => !n.startsWith('.'))).toEqual(['benchgate'])
    const bytes = duBytes(join(app, 'node_modules'))
    process.stdout.write(`installed node_modules: ${(bytes / 1e6).toFixed(1)} MB\n`)
    // 2.6 MB measured (dist/cli.js, dist/stats.js, bench-runner); 255 MB when the libraries were dependencies.
    expect(bytes).toBeLessThan(5e6)
  })

  it('runs `npx benchgate --help`', () => {
    const out = ok(run('npx', ['--no-install', 'benchgate', '--help'], app), 'npx benchgate --help')
    expect(out).toMatch(/^Usage:/m)
    expect(out).toContain('benchgate compare BASE HEAD')
  })

  it('runs `npx benchgate compare` on two sample files and gates the 10% regression', () => {
    const r = run(
      'npx',
      [
        '--no-install',
        'benchgate',
        'compare',
        join(FIXTURES, 'base.csv'),
        join(FIXTURES, 'head.csv'),
        '--out',
        'out'
      ],
      app
    )
    expect({ status: r.status, stderr: r.stderr }).toMatchObject({ status: 1 })
    const results = JSON.parse(readFileSync(join(app, 'out/results.json'), 'utf8')) as {
      benchmarks: Array<{ name: string; verdict: string }>
    }
    const verdicts = Object.fromEntries(results.benchmarks.map((b) => [b.name, b.verdict]))
    expect(verdicts).toEqual({ BM_Parse: 'regression', BM_Copy: 'unchanged' })
  })

  it('exposes the statistics library entry point', () => {
    const code =
      "import('benchgate/stats').then((m) => console.log(Object.keys(m).length > 0 ? 'ok' : 'empty'))"
    expect(ok(run('node', ['--input-type=module', '-e', code], app), 'import benchgate/stats').trim()).toBe(
      'ok'
    )
  })
})

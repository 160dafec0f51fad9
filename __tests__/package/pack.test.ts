/**
 * The published package as a user gets it: `npm pack` the repository, install the tarball into an
 * empty folder, and run the CLI from there. dist/ bundles every library, so the install must bring
 * benchgate alone (no runtime dependencies) and `npx benchgate compare` must work without the
 * repository's node_modules. The sizes are printed as `npm run size` prints them (the README quotes
 * that script), and the tarball passes `npm publish --dry-run`, as the release workflow runs it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { ok, packAndInstall, run, size, type Installed } from '../../scripts/package-size.js'

const ROOT = resolve(import.meta.dirname, '../..')
const FIXTURES = join(ROOT, '__tests__/fixtures/pack')

describe('npm pack → npm install <tgz> → npx benchgate', () => {
  let work = ''
  let app = ''
  let installed: Installed

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'benchgate-pack-'))
    installed = packAndInstall(ROOT, work)
    app = installed.app
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
    expect(installed.packages).toEqual(['benchgate'])
    process.stdout.write(
      `tarball ${size(installed.tarballBytes)}, installed node_modules ${size(installed.installedBytes)}\n`
    )
    // 3.5 MB measured (dist/cli.js, dist/stats.js, bench-runner); 255 MB when the libraries were dependencies.
    expect(installed.installedBytes).toBeLessThan(5e6)
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

  // The release workflow's last check before it publishes this same tarball. npm refuses a version it
  // already has even in a dry run: once this version is out (until the next bump), that refusal is the
  // expected answer, and only when the registry confirms the version exists.
  it('passes `npm publish --dry-run`', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    const r = run('npm', ['publish', installed.tarball, '--dry-run', '--access', 'public'], work)
    const said = `${r.stdout}${r.stderr}`
    if (r.status !== 0 && /cannot publish over the previously published versions/.test(said)) {
      const published = run('npm', ['view', `benchgate@${version}`, 'version'], work).stdout.trim()
      expect(published).toBe(version)
      return
    }
    ok(r, 'npm publish --dry-run')
    expect(said).toContain(`+ benchgate@${version}`)
  })
})

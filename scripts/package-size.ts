/**
 * `npm run size`: the package as a user installs it. `npm pack` the repository into a temporary
 * folder, install the tarball into an empty project there, and print the tarball's size, the size of
 * node_modules and how many packages it holds. The README's numbers come from this output;
 * __tests__/package/pack.test.ts runs the same install (packAndInstall) and checks it.
 * Usage: npm run build && npm run size [-- --json]
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const NPM_FLAGS = ['--no-audit', '--no-fund', '--loglevel=error']

export function run(cmd: string, args: string[], cwd: string): SpawnSyncReturns<string> {
  // npm_config_* of an enclosing `npm test` or `npm run` (prefix, workspace, …) must not leak into the user's install.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)))
  return spawnSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 180_000, maxBuffer: 1 << 26 })
}

export function ok(r: SpawnSyncReturns<string>, what: string): string {
  if (r.status !== 0) throw new Error(`${what} exited ${r.status}:\n${r.stdout}\n${r.stderr}`)
  return r.stdout
}

/** Bytes of all files under dir (what `du -sb` counts, without the directory entries). */
export function duBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .reduce((sum, d) => sum + statSync(join(d.parentPath, d.name)).size, 0)
}

export interface Installed {
  /** The tarball `npm pack` wrote. */
  tarball: string
  tarballBytes: number
  /** The empty project the tarball was installed into. */
  app: string
  installedBytes: number
  /** Packages in app/node_modules (a scope's packages counted one by one). */
  packages: string[]
}

/** `npm pack` root into work, then `npm install <tgz>` into the empty project work/app. */
export function packAndInstall(root: string, work: string): Installed {
  const packed = JSON.parse(
    ok(run('npm', ['pack', '--json', '--pack-destination', work], root), 'npm pack')
  ) as Array<{
    filename: string
  }>
  const tarball = join(work, packed[0].filename)
  const app = join(work, 'app')
  mkdirSync(app)
  ok(run('npm', ['install', ...NPM_FLAGS, tarball], app), 'npm install <tgz>')
  const modules = join(app, 'node_modules')
  const packages = readdirSync(modules)
    .filter((n) => !n.startsWith('.'))
    .flatMap((n) => (n.startsWith('@') ? readdirSync(join(modules, n)).map((m) => `${n}/${m}`) : [n]))
  return { tarball, tarballBytes: statSync(tarball).size, app, installedBytes: duBytes(modules), packages }
}

/** "750 kB", "3.5 MB": decimal units, as npm prints them. */
export function size(bytes: number): string {
  return bytes < 1e6 ? `${Math.round(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`
}

function main(): void {
  const root = resolve(import.meta.dirname, '..')
  const work = mkdtempSync(join(tmpdir(), 'benchgate-size-'))
  try {
    const started = performance.now()
    const r = packAndInstall(root, work)
    const seconds = (performance.now() - started) / 1e3
    if (process.argv.includes('--json')) {
      const { tarballBytes, installedBytes, packages } = r
      process.stdout.write(`${JSON.stringify({ tarballBytes, installedBytes, packages })}\n`)
      return
    }
    process.stdout.write(
      [
        `tarball:      ${size(r.tarballBytes)} (${r.tarballBytes} bytes, ${r.tarball.slice(work.length + 1)})`,
        `installed:    ${size(r.installedBytes)} of node_modules (${r.installedBytes} bytes)`,
        `packages:     ${r.packages.length} (${r.packages.join(', ')})`,
        `pack+install: ${seconds.toFixed(1)} s`
      ].join('\n') + '\n'
    )
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main()

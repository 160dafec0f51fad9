#!/usr/bin/env node
// Builds Google Benchmark 1.9.1 (the current release line) into .cache/gbench-1.9.1/install, so the
// tests can exercise what Debian 12's 1.7.1 cannot: `--benchmark_min_time=Nx` (count mode) and a
// statically linked library. The sources are Debian trixie's *source* package, fetched with a private
// apt configuration holding only that deb-src line (nothing is installed on the system).
// Usage: node scripts/gbench19.mjs   (exit 0 and a message when it cannot; the tests then skip, saying why)
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cache = join(root, '.cache/gbench-1.9.1')
const install = join(cache, 'install')
if (existsSync(join(install, 'include/benchmark/benchmark.h'))) {
  console.log(`gbench19: already built in ${install}`)
  process.exit(0)
}
const run = (cmd, args, cwd = cache) =>
  execFileSync(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] })
try {
  rmSync(cache, { recursive: true, force: true })
  mkdirSync(join(cache, 'apt/lists/partial'), { recursive: true })
  writeFileSync(
    join(cache, 'sources.list'),
    'deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main\n'
  )
  const apt = [
    '-o',
    `Dir::Etc::SourceList=${join(cache, 'sources.list')}`,
    '-o',
    'Dir::Etc::SourceParts=/dev/null',
    '-o',
    `Dir::State::Lists=${join(cache, 'apt/lists')}`
  ]
  run('apt-get', [...apt, 'update', '-qq'])
  run('apt-get', [...apt, 'source', '--download-only', 'benchmark=1.9.1-1'])
  const tarball = readdirSync(cache).find((f) => /^benchmark_1\.9\.1\.orig\.tar\.gz$/.test(f))
  if (!tarball) throw new Error('benchmark_1.9.1.orig.tar.gz was not downloaded')
  run('tar', ['xzf', tarball])
  const src = join(cache, 'benchmark-1.9.1')
  run('cmake', [
    '-S',
    src,
    '-B',
    join(cache, 'build'),
    '-DCMAKE_BUILD_TYPE=Release',
    '-DBENCHMARK_ENABLE_TESTING=OFF',
    '-DBENCHMARK_ENABLE_GTEST_TESTS=OFF',
    `-DCMAKE_INSTALL_PREFIX=${install}`
  ])
  run('cmake', ['--build', join(cache, 'build'), '-j2'])
  run('cmake', ['--install', join(cache, 'build')])
  console.log(`gbench19: Google Benchmark 1.9.1 built in ${install}`)
} catch (e) {
  console.log(
    `gbench19: could not build Google Benchmark 1.9.1 (${e.message}); the 1.9 tests will be skipped`
  )
}

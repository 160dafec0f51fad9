#!/usr/bin/env node
// npm run test:cpp — configure, build and test bench-runner (C++) with CMake + ctest.
// Exits with ctest's exit code; explains how to install anything missing.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const source = join(root, 'bench-runner')
const build = join(source, 'build')
const APT = 'sudo apt-get install -y cmake g++ libbenchmark-dev libgtest-dev'

function has(command) {
  return spawnSync(command, ['--version'], { stdio: 'ignore' }).status === 0
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  if (result.error) throw result.error
  return result.status ?? 1
}

const missing = []
if (!has('cmake')) missing.push('cmake')
if (!has('c++') && !has('g++')) missing.push('g++')
if (!has('ctest')) missing.push('ctest (part of cmake)')
const benchmarkHeader = ['/usr/include/benchmark/benchmark.h', '/usr/local/include/benchmark/benchmark.h']
if (!benchmarkHeader.some(existsSync) && !process.env.CMAKE_PREFIX_PATH) missing.push('libbenchmark-dev')
const gtestHeader = ['/usr/include/gtest/gtest.h', '/usr/local/include/gtest/gtest.h']
if (!gtestHeader.some(existsSync) && !process.env.CMAKE_PREFIX_PATH) missing.push('libgtest-dev')
if (missing.length > 0) {
  console.error(`test:cpp: missing ${missing.join(', ')}.`)
  console.error(`Install on Debian/Ubuntu with:\n  ${APT}`)
  process.exit(3)
}

const configure = run('cmake', ['-S', source, '-B', build, '-DCMAKE_BUILD_TYPE=Release'])
if (configure !== 0) {
  console.error(`test:cpp: CMake configure failed. If a package is missing: ${APT}`)
  process.exit(configure)
}
const compile = run('cmake', ['--build', build, '-j2'])
if (compile !== 0) {
  console.error('test:cpp: build failed (see the compiler output above).')
  process.exit(compile)
}
process.exit(run('ctest', ['--test-dir', build, '--output-on-failure']))

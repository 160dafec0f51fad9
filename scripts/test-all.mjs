#!/usr/bin/env node
// npm test — every test, in the order that keeps the end-to-end timings undisturbed and the wall time short:
// 1. jest's unit suites on every core (npm run test:unit);
// 2. the end-to-end suites (npm run test:e2e: one jest worker, real builds and benchmark processes on one
//    core) while bench-runner's C++ build and ctest (npm run test:cpp) use the other core, their output
//    held back and printed after jest's so the two do not interleave.
// Exits non-zero when any of the three failed (all three always run).
import { Buffer } from 'node:buffer'
import { spawn, spawnSync } from 'node:child_process'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

const unit = spawnSync(npm, ['run', '--silent', 'test:unit'], { stdio: 'inherit' }).status ?? 1

// ctest's own tests are not timing assertions; `nice` keeps the benchmarks' core ahead of the compiler.
const cppOutput = []
const cpp = new Promise((resolve) => {
  const child = spawn('nice', ['-n', '10', process.execPath, 'scripts/test-cpp.mjs'], {
    stdio: ['ignore', 'pipe', 'pipe']
  })
  child.stdout.on('data', (d) => cppOutput.push(d))
  child.stderr.on('data', (d) => cppOutput.push(d))
  child.on('error', (e) => {
    cppOutput.push(Buffer.from(`test:cpp: ${e.message}\n`))
    resolve(1)
  })
  child.on('close', (code) => resolve(code ?? 1))
})
const e2e = spawnSync(npm, ['run', '--silent', 'test:e2e'], { stdio: 'inherit' }).status ?? 1
const cppCode = await cpp

process.stdout.write(`\n--- npm run test:cpp (ran beside the end-to-end suites) ---\n`)
process.stdout.write(Buffer.concat(cppOutput))
const failed = [
  ['test:unit', unit],
  ['test:e2e', e2e],
  ['test:cpp', cppCode]
].filter(([, code]) => code !== 0)
if (failed.length > 0) {
  console.error(`npm test: ${failed.map(([name, code]) => `${name} exited ${code}`).join(', ')}`)
  process.exit(1)
}

#!/usr/bin/env node
// npm test — every test, with both cores busy to the end:
// 1. bench-runner's C++ build and ctest (npm run test:cpp) start at once under `nice`, their output held
//    back and printed after jest's so the two do not interleave;
// 2. one jest over every suite, unit and end to end (npm run test:jest), on every core, the end-to-end
//    suites started first (__tests__/helpers/sequencer.mjs): they are the longest. Tests that need a
//    decided timing verdict use count mode or an effect of 10× or more, so sharing a core does not
//    change their answers (the same holds on a noisy CI runner).
// Exits non-zero when either failed (both always run).
import { Buffer } from 'node:buffer'
import { spawn, spawnSync } from 'node:child_process'

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

// ctest's own tests are not timing assertions; `nice` keeps jest's workers ahead of the compiler.
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
const jest = spawnSync(npm, ['run', '--silent', 'test:jest'], { stdio: 'inherit' }).status ?? 1
const cppCode = await cpp

process.stdout.write(`\n--- npm run test:cpp (ran beside jest) ---\n`)
process.stdout.write(Buffer.concat(cppOutput))
const failed = [
  ['test:jest', jest],
  ['test:cpp', cppCode]
].filter(([, code]) => code !== 0)
if (failed.length > 0) {
  console.error(`npm test: ${failed.map(([name, code]) => `${name} exited ${code}`).join(', ')}`)
  process.exit(1)
}

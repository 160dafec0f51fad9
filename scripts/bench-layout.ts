// npm run bench:layout — what --randomize-layout costs (issue 32, docs/layout.md), measured side by
// side in one run on the layout study's plain CMake project: a fresh build with and without the link
// recorder (alternating, 5 each), and one relink with a new layout (20 draws).
import { spawnSync } from 'node:child_process'
import { cpSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import { installLinkRecorder, linkOf, recordedLinks } from '../src/layout/capture.js'
import { layoutDraw, roundKey } from '../src/layout/draws.js'
import { relinkWithLayout } from '../src/layout/relink.js'

const root = resolve(import.meta.dirname, '..')

const work = mkdtempSync(join(tmpdir(), 'benchgate-bench-layout-'))
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]

function build(withRecorder: boolean, i: number): { ms: number; dir: string } {
  const dir = join(work, `${withRecorder ? 'rec' : 'plain'}-${i}`)
  cpSync(join(root, 'validation', 'fixtures', 'layout'), dir, { recursive: true })
  const env = {
    ...process.env,
    BENCHGATE_SIDE: 'head',
    ...(withRecorder ? installLinkRecorder(join(dir, 'layout')) : {})
  }
  const t = performance.now()
  const r = spawnSync(
    '/bin/sh',
    ['-c', 'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build >/dev/null'],
    { cwd: dir, env }
  )
  if (r.status !== 0) throw new Error(`build failed in ${dir}`)
  return { ms: performance.now() - t, dir }
}

const plain: number[] = []
const recorded: number[] = []
let last = { ms: 0, dir: '' }
for (let i = 0; i < 5; i++) {
  plain.push(build(false, i).ms)
  last = build(true, i)
  recorded.push(last.ms)
}
const link = linkOf(recordedLinks(join(last.dir, 'layout'), 'head'), join(last.dir, 'build', 'bench'))
const relinks: number[] = []
for (let r = 0; r < 20; r++) {
  relinks.push(
    await relinkWithLayout({
      link: link!,
      draw: layoutDraw('bench', roundKey(r, 0), 'head', 'independent'),
      output: join(work, 'bench'),
      scratch: join(work, 'scratch'),
      env: process.env
    })
  )
}
const size = statSync(join(last.dir, 'build', 'bench')).size
console.log(
  `fresh build (configure + build), median of 5: ${(median(plain) / 1000).toFixed(2)} s plain, ${(median(recorded) / 1000).toFixed(2)} s with the link recorder (${((median(recorded) / median(plain) - 1) * 100).toFixed(1)}%)`
)
console.log(
  `relink with a new layout (assemble padding + link a ${(size / 1024).toFixed(0)} KiB binary), median of 20: ${median(relinks).toFixed(0)} ms; per round (both sides): ${(2 * median(relinks)).toFixed(0)} ms`
)
rmSync(work, { recursive: true, force: true })

/**
 * `benchgate explain OUT_DIR BENCHMARK` (issue 30): the per-function table of one benchmark from a
 * finished run's results.json; a benchmark without an attribution says why; an unknown one is a usage error.
 */
import { describe, expect, it } from '@jest/globals'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { countSuite } from '../../src/analysis/countSuite.js'
import { main } from '../../src/cli.js'
import { toResultsJson } from '../../src/report/json.js'
import type { CountMeasurement, CountSample, FunctionCost } from '../../src/samples/countModel.js'
import { captureIo } from '../helpers/io.js'
import { callgrindEvents } from '../helpers/callgrindEvents.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const ev = (Ir: number, D1mr = 0) => callgrindEvents({ Ir, D1mr, Bc: 10, Bcm: 1 })
const fn = (name: string, self: number, inclusive = self): FunctionCost => ({
  name,
  file: null,
  self: ev(self),
  inclusive: ev(inclusive)
})
function sample(side: 'base' | 'head', pass: number, functions: FunctionCost[]): CountSample {
  const total = functions.reduce((s, f) => s + f.self.Ir, 0)
  return {
    benchmark: 'BM_Crc',
    side,
    pass,
    iterations: 1,
    instructions: total,
    cycles: total,
    events: ev(total),
    functions
  }
}
const base = [
  fn('BM_Crc(benchmark::State&)', 20, 1000),
  fn('crc_update(unsigned int, int)', 880),
  fn('memcpy', 100)
]
const head = [
  fn('BM_Crc(benchmark::State&)', 20, 1081),
  fn('crc_update(unsigned int, int)', 959),
  fn('memcpy', 102)
]
const measurement: CountMeasurement = {
  samples: [sample('base', 0, base), sample('head', 0, head), sample('base', 1, base)],
  issues: [],
  method: {
    tool: 'callgrind',
    valgrindVersion: 'valgrind-3.19.0',
    iterationFlags: [],
    repetitions: 2,
    caches: [],
    cyclesFormula: 'Ir',
    wallSeconds: 1
  }
}

describe('benchgate explain', () => {
  const out = temp('benchgate-explain-')
  const suite = countSuite(measurement, { metric: 'instructions', threshold: 0.01 })
  writeFileSync(
    join(out, 'results.json'),
    JSON.stringify(toResultsJson({ suite, run: { base: { label: 'a' }, head: { label: 'b' } } }, 't'))
  )

  it('prints the per-function table and the where line', async () => {
    const io = captureIo()
    expect(await main(['explain', out, 'BM_Crc'], io)).toBe(0)
    expect(io.out).toContain('BM_Crc: instructions 1,000 → 1,081 per iteration (+8.1%), a count change')
    expect(io.out).toMatch(/^function\s+self base\s+self head\s+Δ self\s+share\s+incl\. base/m)
    expect(io.out).toMatch(/^crc_update\s+880\s+959\s+\+79\s+\+7\.9%\s+880\s+959\s+\+79\s+0\s+0\s+0$/m)
    // a caller of the whole loop (the benchmark function) says nothing and is left out
    expect(io.out).not.toMatch(/^BM_Crc\s/m)
    expect(io.out).toContain('where: crc_update +7.9% of +8.1% instructions, memcpy +0.2%')
  })
  it('an unknown benchmark is an error naming the attributed ones', async () => {
    const io = captureIo()
    expect(await main(['explain', join(out, 'results.json'), 'BM_Nope'], io)).toBe(2)
    expect(io.err).toContain("no benchmark named 'BM_Nope'")
    expect(io.err).toContain('with an attribution: BM_Crc')
  })
  it('needs both arguments', async () => {
    const io = captureIo()
    expect(await main(['explain', out], io)).toBe(2)
    expect(io.err).toContain('expected OUT_DIR and BENCHMARK')
  })
})

/**
 * Count mode's parsing and attribution (issue 15): callgrind dump headers as callgrind 3.19 writes
 * them, and the pairing of dumps with the report calls that Google Benchmark's JSON shows.
 * (__tests__/integration/counts.test.ts runs the same code on real valgrind output.)
 */
import { describe, expect, it } from '@jest/globals'
import {
  CallgrindDumpError,
  dumpNumber,
  estimatedCycles,
  parseCallgrindDump,
  type CallgrindDump
} from '../../src/samples/callgrind.js'
import { attributeDumps, benchmarkEntries, type BenchmarkEntry } from '../../src/samples/countAttribution.js'

const EVENTS = 'Ir Dr Dw I1mr D1mr D1mw ILmr DLmr DLmw Bc Bcm Bi Bim'

/** A dump as callgrind 3.19 writes it (header of a real one; the per-function part shortened). */
function dumpText(trigger: string, summary: string): string {
  return [
    '# callgrind format',
    'version: 1',
    'creator: callgrind-3.19.0',
    'pid: 22070',
    'cmd:  ./b --benchmark_min_time=1e-9',
    'part: 1',
    '',
    'desc: I1 cache: 32768 B, 64 B, 8-way associative',
    'desc: D1 cache: 32768 B, 64 B, 8-way associative',
    'desc: LL cache: 8388608 B, 64 B, 16-way associative',
    '',
    'desc: Timerange: Basic block 0 - 484897',
    `desc: Trigger: ${trigger}`,
    '',
    'positions: line',
    `events: ${EVENTS}`,
    `summary: ${summary}`,
    '',
    'ob=(8) /usr/lib/x86_64-linux-gnu/libbenchmark.so.1.7.1',
    'fn=(1070) 0x0000000000010e80',
    '0 13 1 6 1 0 0 1',
    `totals: ${summary}`,
    ''
  ].join('\n')
}

const LOOP = '--dump-before=benchmark::State::FinishKeepRunning()'
const SETUP = '--dump-after=benchmark::State::StartKeepRunning()'
const REPORT =
  '--dump-before=benchmark::JSONReporter::ReportRuns(std::vector<benchmark::BenchmarkReporter::Run, std::allocator<benchmark::BenchmarkReporter::Run> > const&)'

let n = 0
const dump = (trigger: string, ir: number): CallgrindDump =>
  parseCallgrindDump(dumpText(trigger, `${ir} 10 5 1 2 3 0 1 0 7 2 0 0`), ++n, `callgrind.out.1.${n}`)

const entry = (benchmark: string, over: Partial<BenchmarkEntry> = {}): BenchmarkEntry => ({
  benchmark,
  aggregate: false,
  iterations: 1,
  threads: 1,
  skipped: false,
  ...over
})
const aggregates = (benchmark: string) => [
  entry(benchmark, { aggregate: true }),
  entry(benchmark, { aggregate: true })
]

describe('parseCallgrindDump', () => {
  it('reads the trigger, every event total and the simulated caches', () => {
    const d = parseCallgrindDump(
      dumpText(LOOP, '2644247 687388 261607 5846 16417 3071 3461 8101 2049 405857 19048 15430 4785'),
      3,
      'f'
    )
    expect(d.trigger).toBe('loop')
    expect(d.index).toBe(3)
    expect(d.totals).toEqual({
      Ir: 2644247,
      Dr: 687388,
      Dw: 261607,
      I1mr: 5846,
      D1mr: 16417,
      D1mw: 3071,
      ILmr: 3461,
      DLmr: 8101,
      DLmw: 2049,
      Bc: 405857,
      Bcm: 19048,
      Bi: 15430,
      Bim: 4785
    })
    expect(d.caches).toEqual([
      'I1 cache: 32768 B, 64 B, 8-way associative',
      'D1 cache: 32768 B, 64 B, 8-way associative',
      'LL cache: 8388608 B, 64 B, 16-way associative'
    ])
    expect(parseCallgrindDump(dumpText(SETUP, '1'), 1, 'f').trigger).toBe('setup')
    expect(parseCallgrindDump(dumpText(REPORT, '1'), 1, 'f').trigger).toBe('report')
    expect(parseCallgrindDump(dumpText('Program termination', '1'), 1, 'f').trigger).toBe('other')
  })

  it('fills the zero columns callgrind leaves off the end of a totals line', () => {
    expect(parseCallgrindDump(dumpText(LOOP, '42 7'), 1, 'f').totals).toMatchObject({ Ir: 42, Dr: 7, Bim: 0 })
  })

  it('rejects a file cut before its totals, naming it', () => {
    const cut = dumpText(LOOP, '1 2 3').split('events:')[0]
    expect(() => parseCallgrindDump(cut, 1, '/tmp/x/callgrind.out.9.4')).toThrow(CallgrindDumpError)
    expect(() => parseCallgrindDump(cut, 1, '/tmp/x/callgrind.out.9.4')).toThrow(
      /callgrind\.out\.9\.4: not a complete callgrind dump/
    )
    expect(() => parseCallgrindDump(dumpText(LOOP, '1 NaN'), 1, 'f')).toThrow(/not a count/)
  })

  it('numbers dump files and leaves out the final one and strangers', () => {
    expect(dumpNumber('callgrind.out.1234.17', 'callgrind.out')).toBe(17)
    expect(dumpNumber('callgrind.out.1234', 'callgrind.out')).toBeNull()
    expect(dumpNumber('other.1234.1', 'callgrind.out')).toBeNull()
  })
})

describe('estimatedCycles (KCachegrind CEst = Ir + 10 Bm + 10 L1m + 100 LLm)', () => {
  it('weights the misses as documented', () => {
    const t = { Ir: 1000, I1mr: 1, D1mr: 2, D1mw: 3, ILmr: 1, DLmr: 1, DLmw: 0, Bcm: 4, Bim: 1 }
    // 1000 + 10·(4+1) + 10·(1+2+3) + 100·(1+1+0)
    expect(estimatedCycles(t)).toBe(1000 + 50 + 60 + 200)
  })
  it('is null without the cache simulation', () => {
    expect(estimatedCycles({ Ir: 5 })).toBeNull()
  })
})

describe('attributeDumps', () => {
  const side = { side: 'base' as const, pass: 0, cutShort: false }

  it('gives each benchmark its timed loops, counting the repetitions after the warm-up', () => {
    const dumps = [
      dump(SETUP, 900_000),
      dump(LOOP, 5883),
      dump(SETUP, 100),
      dump(LOOP, 5016),
      dump(REPORT, 50),
      dump(REPORT, 10),
      dump(SETUP, 800),
      dump(LOOP, 20_100),
      dump(SETUP, 90),
      dump(LOOP, 20_016),
      dump(REPORT, 40),
      dump(REPORT, 12)
    ]
    const entries = [
      entry('BM_A'),
      entry('BM_A'),
      ...aggregates('BM_A'),
      entry('BM_B'),
      entry('BM_B'),
      ...aggregates('BM_B')
    ]
    const r = attributeDumps({ ...side, dumps, entries })
    expect(r.issues).toEqual([])
    expect(r.samples.map((s) => [s.benchmark, s.instructions, s.iterations])).toEqual([
      ['BM_A', 5016, 1],
      ['BM_B', 20_016, 1]
    ])
    // 5016 + 10·(2+0) + 10·(1+2+3) + 100·(0+1+0) per iteration
    expect(r.samples[0].cycles).toBe(5016 + 20 + 60 + 100)
  })

  it('divides by the iterations a repetition reported (Iterations(n) in code)', () => {
    const dumps = [
      dump(SETUP, 1),
      dump(LOOP, 999),
      dump(SETUP, 1),
      dump(LOOP, 1000),
      dump(REPORT, 1),
      dump(REPORT, 1)
    ]
    const entries = [
      entry('BM_N', { iterations: 10 }),
      entry('BM_N', { iterations: 10 }),
      ...aggregates('BM_N')
    ]
    expect(attributeDumps({ ...side, dumps, entries }).samples[0].instructions).toBe(100)
  })

  it('counts the later repetitions when the first sized the iteration count (MinTime in code)', () => {
    // repetition 1: timed loops of 1, 10 and 100 iterations (Google Benchmark sizing the count);
    // repetition 2: one loop of 100 iterations, at 40 instructions each
    const dumps = [
      dump(SETUP, 1),
      dump(LOOP, 45),
      dump(SETUP, 1),
      dump(LOOP, 410),
      dump(SETUP, 1),
      dump(LOOP, 4005),
      dump(SETUP, 1),
      dump(LOOP, 4000),
      dump(REPORT, 1),
      dump(REPORT, 1),
      dump(SETUP, 1),
      dump(LOOP, 7),
      dump(SETUP, 1),
      dump(LOOP, 7),
      dump(REPORT, 1),
      dump(REPORT, 1)
    ]
    const entries = [
      entry('BM_Sized', { iterations: 100 }),
      entry('BM_Sized', { iterations: 100 }),
      ...aggregates('BM_Sized'),
      entry('BM_One'),
      entry('BM_One'),
      ...aggregates('BM_One')
    ]
    const r = attributeDumps({ ...side, dumps, entries })
    expect(r.issues).toEqual([])
    expect(r.samples.map((s) => [s.benchmark, s.instructions, s.iterations])).toEqual([
      ['BM_Sized', 40, 100],
      ['BM_One', 7, 1]
    ])
  })

  it('refuses a benchmark with fewer timed loops than repetitions (a loop left early), keeping the others', () => {
    const dumps = [
      dump(SETUP, 1),
      dump(LOOP, 10),
      dump(SETUP, 1),
      dump(REPORT, 1),
      dump(SETUP, 1),
      dump(LOOP, 7),
      dump(REPORT, 1)
    ]
    const r = attributeDumps({
      ...side,
      dumps,
      entries: [entry('BM_Left'), entry('BM_Left'), entry('BM_One')]
    })
    expect(r.issues).toEqual([
      expect.objectContaining({
        benchmark: 'BM_Left',
        kind: 'not-countable',
        message: expect.stringMatching(/cannot be matched/)
      })
    ])
    expect(r.samples.map((s) => [s.benchmark, s.instructions])).toEqual([['BM_One', 7]])
  })

  it('says a multi-threaded or errored benchmark has no count', () => {
    const dumps = [
      dump(SETUP, 1),
      dump(LOOP, 5),
      dump(SETUP, 1),
      dump(LOOP, 5),
      dump(REPORT, 1),
      dump(SETUP, 1),
      dump(REPORT, 1)
    ]
    const entries = [entry('BM_T/threads:2', { threads: 2 }), entry('BM_E', { skipped: true })]
    const r = attributeDumps({ ...side, dumps, entries })
    expect(r.samples).toEqual([])
    expect(r.issues.map((i) => [i.benchmark, i.kind])).toEqual([
      ['BM_T/threads:2', 'multi-threaded'],
      ['BM_E', 'error']
    ])
  })

  it('keeps what was reported before a crash and names what was lost', () => {
    const dumps = [dump(SETUP, 1), dump(LOOP, 5), dump(REPORT, 1), dump(SETUP, 1), dump(LOOP, 9)]
    const entries = [entry('BM_A'), entry('BM_B')]
    const r = attributeDumps({ ...side, dumps, entries, cutShort: true })
    expect(r.samples.map((s) => s.benchmark)).toEqual(['BM_A'])
    expect(r.issues).toEqual([expect.objectContaining({ benchmark: 'BM_B', kind: 'crashed' })])
  })

  it('refuses every count when the binary does not report through JSONReporter (custom main)', () => {
    const dumps = [dump(SETUP, 1), dump(LOOP, 5)]
    const r = attributeDumps({ ...side, dumps, entries: [entry('BM_A')] })
    expect(r.samples).toEqual([])
    expect(r.issues[0]).toMatchObject({
      kind: 'not-countable',
      message: expect.stringMatching(/custom main or reporter/)
    })
  })
})

describe('benchmarkEntries', () => {
  it('reads run names, kinds, iterations, threads and skips, and keeps the complete entries of a cut file', () => {
    const text =
      '{"context": {}, "benchmarks": [' +
      '{"name": "BM_A", "run_name": "BM_A", "run_type": "iteration", "iterations": 1, "threads": 1},' +
      '{"name": "BM_A_mean", "run_name": "BM_A", "run_type": "aggregate", "iterations": 2, "threads": 1},' +
      '{"name": "BM_E", "run_name": "BM_E", "run_type": "iteration", "error_occurred": true, "error_message": "x", "iterations": 0, "threads": 4},' +
      '{"name": "BM_C", "run_name": "BM_C", "run_type": "itera'
    const { entries, truncated } = benchmarkEntries(text)
    expect(truncated).toBe(true)
    expect(entries).toEqual([
      { benchmark: 'BM_A', aggregate: false, iterations: 1, threads: 1, skipped: false },
      { benchmark: 'BM_A', aggregate: true, iterations: 2, threads: 1, skipped: false },
      { benchmark: 'BM_E', aggregate: false, iterations: 0, threads: 4, skipped: true }
    ])
  })
})

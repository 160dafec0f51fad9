import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import {
  planRounds,
  runRounds,
  type RoundsOptions,
  type RoundsProgress,
  type RunResult
} from '../../src/measure/index.js'
import { JobError } from '../../src/errors.js'
import { makeTmp, recordingLog, rmTmp, writeScript } from './helpers.js'

let tmp: string
let orderLog: string

/** A fake Google Benchmark binary: logs "<out file name>" to $ORDER_LOG, sleeps $SLEEP_<SIDE>, writes its out file. */
function fakeBench(side: 'base' | 'head', extra = ''): string {
  return writeScript(
    join(tmp, 'bin', side, 'bench'),
    [
      'for a in "$@"; do case "$a" in --benchmark_out=*) out="${a#--benchmark_out=}";; esac; done',
      'name=$(basename "$out")',
      'echo "$name" >> "$ORDER_LOG"',
      extra,
      'sleep "${SLEEP:-0}"',
      'echo "{\\"benchmarks\\": []}" > "$out"'
    ].join('\n')
  )
}

beforeAll(() => {
  tmp = makeTmp()
  orderLog = join(tmp, 'order.log')
})
afterAll(() => rmTmp(tmp))

function options(over: Partial<RoundsOptions> & { sleep?: string } = {}): RoundsOptions {
  rmSync(orderLog, { force: true })
  const { sleep, ...rest } = over
  return {
    kind: 'google-benchmark',
    repetitions: 1,
    minTimeSeconds: 0.01,
    plan: planRounds({ rounds: 4 }),
    sides: {
      base: { binary: join(tmp, 'bin', 'base', 'bench'), cwd: join(tmp, 'bin', 'base') },
      head: { binary: join(tmp, 'bin', 'head', 'bench'), cwd: join(tmp, 'bin', 'head') }
    },
    samplesDir: join(tmp, 'samples'),
    env: { PATH: process.env.PATH, ORDER_LOG: orderLog, SLEEP: sleep ?? '0' },
    log: recordingLog(),
    ...rest
  }
}

const order = (): string[] => readFileSync(orderLog, 'utf8').trim().split('\n')

describe('runRounds', () => {
  it('runs warm-up then ABBA rounds, one process per side per round, reporting each', async () => {
    fakeBench('base')
    fakeBench('head')
    const seen: Array<[RunResult, RoundsProgress]> = []
    const r = await runRounds(options({ onRunComplete: (res, p) => void seen.push([res, p]) }))
    expect(order()).toEqual([
      'base-w000.json',
      'head-w000.json',
      'base-r000.json',
      'head-r000.json',
      'head-r001.json',
      'base-r001.json',
      'base-r002.json',
      'head-r002.json',
      'head-r003.json',
      'base-r003.json'
    ])
    expect(r.stoppedEarly).toBeNull()
    expect(r.completedRounds).toBe(4)
    expect(r.plannedRounds).toBe(4)
    expect(r.runs).toHaveLength(10)
    expect(r.runs.filter((x) => x.warmup).map((x) => [x.side, x.round, x.run])).toEqual([
      ['base', -1, -1],
      ['head', -1, -1]
    ])
    expect(r.runs.every((x) => x.ok)).toBe(true)
    expect(r.runs[4]).toMatchObject({
      side: 'head',
      round: 1,
      run: 1,
      outFile: join(tmp, 'samples', 'head-r001.json')
    })
    expect(existsSync(join(tmp, 'samples', 'base-r003.json'))).toBe(true)
    expect(seen.map(([x]) => x)).toEqual(r.runs)
    expect(seen.map(([, p]) => p.completedRuns)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect(seen.map(([, p]) => (p.roundDone ? 1 : 0))).toEqual([0, 1, 0, 1, 0, 1, 0, 1, 0, 1])
    expect(seen[9][1]).toMatchObject({ plannedRuns: 10, completedRounds: 3, etaMs: 0 })
    expect(r.measuringMs).toBeGreaterThan(0)
    expect(r.wallMs).toBeGreaterThanOrEqual(r.measuringMs + r.warmupMs - 50)
  })

  it('stops starting rounds when the time budget would be exceeded', async () => {
    fakeBench('base')
    fakeBench('head')
    const budget = 1500
    const r = await runRounds(
      options({ plan: planRounds({ rounds: 50 }), sleep: '0.1', timeBudgetMs: budget })
    )
    expect(r.stoppedEarly).toBe('time-budget')
    expect(r.completedRounds).toBeGreaterThanOrEqual(2)
    expect(r.completedRounds).toBeLessThan(50)
    const roundMs = r.wallMs / (r.completedRounds + 1)
    expect(r.wallMs).toBeLessThanOrEqual(budget + roundMs)
    // every started round is complete: equal counts per side
    const measured = r.runs.filter((x) => !x.warmup)
    expect(measured.filter((x) => x.side === 'base')).toHaveLength(r.completedRounds)
    expect(measured.filter((x) => x.side === 'head')).toHaveLength(r.completedRounds)
  })

  it('records failing runs and goes on; optionally stops after N consecutive failures of one side', async () => {
    fakeBench('base')
    fakeBench('head', 'echo "assertion failed" >&2; exit 4')
    const log = recordingLog()
    const all = await runRounds(options({ log }))
    expect(all.stoppedEarly).toBeNull()
    expect(all.runs).toHaveLength(10)
    expect(all.runs.filter((x) => x.side === 'head').every((x) => !x.ok && x.exitCode === 4)).toBe(true)
    expect(all.runs.find((x) => x.side === 'head')?.stderrTail).toBe('assertion failed')
    expect(log.lines.some((l) => l.startsWith('warn: round 0 head: exit code 4'))).toBe(true)

    const stopped = await runRounds(options({ stopAfterConsecutiveFailures: 2 }))
    expect(stopped.stoppedEarly).toBe('failures')
    expect(stopped.failingSide).toBe('head')
    expect(stopped.runs.map((x) => `${x.side}${x.round}`)).toEqual(['base-1', 'head-1', 'base0', 'head0'])
  })

  it('stops and kills the running process when aborted', async () => {
    fakeBench('base')
    fakeBench('head')
    const ac = new AbortController()
    const start = Date.now()
    setTimeout(() => ac.abort(), 300)
    const r = await runRounds(options({ sleep: '30', signal: ac.signal }))
    expect(Date.now() - start).toBeLessThan(5000)
    expect(r.stoppedEarly).toBe('interrupted')
    expect(r.runs).toHaveLength(1)
    expect(r.runs[0]).toMatchObject({
      side: 'base',
      warmup: true,
      interrupted: true,
      ok: false,
      outcome: 'interrupted'
    })
  })

  it('refuses sides whose paths differ in length', async () => {
    fakeBench('base')
    const o = options()
    o.sides.head = { binary: join(tmp, 'bin', 'head', 'bench2'), cwd: o.sides.head.cwd }
    await expect(runRounds(o)).rejects.toThrow(JobError)
    const c = options()
    c.sides.head = { binary: c.sides.head.binary, cwd: tmp }
    await expect(runRounds(c)).rejects.toThrow(/working directories/)
  })
})

describe('runRounds with per-benchmark interleaving (STATISTICS §13)', () => {
  it("runs each benchmark's base and head back to back in the round's ABBA order, each filtered to it", async () => {
    fakeBench(
      'base',
      'for a in "$@"; do case "$a" in --benchmark_filter=*) echo "  $a" >> "$ORDER_LOG";; esac; done'
    )
    fakeBench(
      'head',
      'for a in "$@"; do case "$a" in --benchmark_filter=*) echo "  $a" >> "$ORDER_LOG";; esac; done'
    )
    const progress: RoundsProgress[] = []
    const r = await runRounds(
      options({
        plan: planRounds({ rounds: 2, warmup: 0 }),
        // BM_C only on head, BM_B only on base: each runs on its own side alone; a name with regex
        // characters is matched literally.
        perBenchmark: { base: ['BM_A/8', 'BM_B'], head: ['BM_A/8', 'BM_C'] },
        onRunComplete: (_r, p) => void progress.push(p)
      })
    )
    expect(order()).toEqual([
      'base-r000-b0000.json',
      '  --benchmark_filter=^BM_A/8$',
      'head-r000-b0000.json',
      '  --benchmark_filter=^BM_A/8$',
      'head-r000-b0001.json',
      '  --benchmark_filter=^BM_C$',
      'base-r000-b0002.json',
      '  --benchmark_filter=^BM_B$',
      'head-r001-b0000.json',
      '  --benchmark_filter=^BM_A/8$',
      'base-r001-b0000.json',
      '  --benchmark_filter=^BM_A/8$',
      'head-r001-b0001.json',
      '  --benchmark_filter=^BM_C$',
      'base-r001-b0002.json',
      '  --benchmark_filter=^BM_B$'
    ])
    expect(r.completedRounds).toBe(2)
    expect(r.runs.map((x) => [x.side, x.round])).toEqual([
      ['base', 0],
      ['head', 0],
      ['head', 0],
      ['base', 0],
      ['head', 1],
      ['base', 1],
      ['head', 1],
      ['base', 1]
    ])
    expect(progress.at(-1)).toMatchObject({ completedRuns: 8, plannedRuns: 8 })
    // A round is done with its last process, whichever side and benchmark that is (here base-only BM_B).
    expect(progress.map((p) => p.roundDone)).toEqual([false, false, false, true, false, false, false, true])
    fakeBench('base')
    fakeBench('head')
  })
})

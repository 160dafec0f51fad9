import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { duetCores, duetCpu, planRounds, runRounds, usableCpus } from '../../src/measure/index.js'
import { duetOf } from '../../src/pipeline/reproduce.js'
import { JobError } from '../../src/errors.js'
import { compare } from '../../src/analysis/comparison.js'
import { minTestRuns } from '../../src/analysis/rankTests.js'
import { makeTmp, recordingLog, rmTmp, writeScript } from './helpers.js'

let tmp: string
let runLog: string

beforeAll(() => {
  tmp = makeTmp()
  runLog = join(tmp, 'runs.log')
  // A fake `taskset -c N <binary> <args>`: logs when it starts and ends, on which CPU, for which binary
  // and sample file. It stays 0.3 s; with PARTNER_WAIT set it also stays until its partner (the other
  // side's process of the same round and benchmark) has started, for at most 10 s: processes started
  // together then overlap whatever the machine's load (at load 8 a fixed 0.3 s was not enough: the
  // second of a pair started 0.44 s after the first), and processes run in turn still do not.
  writeScript(
    join(tmp, 'path', 'taskset'),
    [
      'cpu=$2; bin=$3; shift 3',
      'for a in "$@"; do case "$a" in --benchmark_out=*) out="${a#--benchmark_out=}";; esac; done',
      'name=$(basename "$out"); dir=$(dirname "$RUN_LOG")',
      'echo "start $(date +%s%N) $cpu $bin $name" >> "$RUN_LOG"',
      'touch "$dir/started-$name"',
      'case "$name" in base-*) partner="head-${name#base-}";; *) partner="base-${name#head-}";; esac',
      'if [ -n "$PARTNER_WAIT" ]; then i=0; while [ ! -e "$dir/started-$partner" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i+1)); done; fi',
      'sleep 0.3',
      'echo "{\\"benchmarks\\": []}" > "$out"',
      'echo "end $(date +%s%N) $cpu $bin $name" >> "$RUN_LOG"'
    ].join('\n')
  )
  for (const side of ['base', 'head']) writeScript(join(tmp, 'bin', side, 'bench'), 'exit 1')
})
afterAll(() => rmTmp(tmp))

describe('the CPUs a duet may use', () => {
  it('reads the affinity list of /proc/self/status', () => {
    expect(usableCpus('Name:\tnode\nCpus_allowed_list:\t0-3,8,10-11\nMems_allowed:\t1\n')).toEqual([
      0, 1, 2, 3, 8, 10, 11
    ])
    expect(usableCpus('Name:\tnode\n')).toEqual([])
    expect(usableCpus(null)).toEqual([])
  })

  it('refuses fewer than 2 usable CPUs, saying what it found and what to do', () => {
    for (const [cpus, found] of [
      [[3], 'only CPU 3'],
      [[], 'no CPU it could read']
    ] as const) {
      let error: unknown
      try {
        duetCores(cpus, null, () => [])
      } catch (e) {
        error = e
      }
      expect(error).toBeInstanceOf(JobError)
      expect((error as JobError).message).toContain('needs 2 usable CPUs')
      expect((error as JobError).message).toContain(found)
      expect((error as JobError).hint).toContain('--interleave benchmark')
    }
    // The pipeline asks before anything is built.
    expect(() => duetOf({ cpu: null }, recordingLog(), [0])).toThrow(/needs 2 usable CPUs/)
  })

  it('refuses --cpu, which would put both sides on one CPU', () => {
    expect(() => duetCores([0, 1], 1, () => [])).toThrow(/--cpu 1 would put both on one CPU/)
  })

  it('takes two CPUs on different cores when there are, and says so when they share one', () => {
    const siblings = (c: number): number[] => [c - (c % 2), c - (c % 2) + 1] // 0,1 | 2,3 share a core
    expect(duetCores([0, 1, 2, 3], null, siblings)).toEqual({ cores: [0, 2], note: null })
    const shared = duetCores([0, 1], null, siblings)
    expect(shared.cores).toEqual([0, 1])
    expect(shared.note).toMatch(/hardware threads of one core/)
    const log = recordingLog()
    duetOf({ cpu: null }, log, [4, 6])
    expect(log.lines.join('\n')).toMatch(/CPUs 4 and 6, swapped every round/)
  })

  it('swaps the two CPUs every round', () => {
    expect([0, 1, 2, 3].map((r) => [duetCpu([5, 7], 'base', r), duetCpu([5, 7], 'head', r)])).toEqual([
      [5, 7],
      [7, 5],
      [5, 7],
      [7, 5]
    ])
  })
})

describe('runRounds under the duet schedule', () => {
  /** The fake taskset's log lines of one sample file: when it started and ended, its CPU and binary. */
  function runsOf(): Map<string, { start: number; end: number; cpu: number; binary: string }> {
    const runs = new Map<string, { start: number; end: number; cpu: number; binary: string }>()
    for (const line of readFileSync(runLog, 'utf8').trim().split('\n')) {
      const [what, ns, cpu, binary, file] = line.split(' ')
      const r = runs.get(file) ?? { start: 0, end: 0, cpu: Number(cpu), binary }
      r[what as 'start' | 'end'] = Number(BigInt(ns) / 1000n) / 1000 // ms
      runs.set(file, r)
    }
    return runs
  }

  async function measured(duet: readonly [number, number] | undefined) {
    rmSync(runLog, { force: true })
    for (const f of readdirSync(tmp)) if (f.startsWith('started-')) rmSync(join(tmp, f))
    return runRounds({
      kind: 'google-benchmark',
      repetitions: 1,
      minTimeSeconds: 0.01,
      plan: planRounds({ rounds: 2, warmup: 1 }),
      sides: {
        base: { binary: join(tmp, 'bin', 'base', 'bench'), cwd: join(tmp, 'bin', 'base') },
        head: { binary: join(tmp, 'bin', 'head', 'bench'), cwd: join(tmp, 'bin', 'head') }
      },
      samplesDir: join(tmp, 'samples'),
      perBenchmark: { base: ['BM_A', 'BM_B'], head: ['BM_A', 'BM_B'] },
      ...(duet ? { duet } : { cpu: 0 }),
      env: {
        PATH: `${join(tmp, 'path')}:${process.env.PATH}`,
        RUN_LOG: runLog,
        ...(duet ? { PARTNER_WAIT: '1' } : {})
      },
      log: recordingLog()
    })
  }

  it('starts each benchmark’s base and head together, pinned one per CPU, the CPUs swapped every round', async () => {
    const r = await measured([0, 1])
    expect(r.completedRounds).toBe(2)
    expect(r.runs.every((x) => x.ok)).toBe(true)
    const runs = runsOf()
    for (const round of ['w000', 'r000', 'r001'])
      for (const b of ['b0000', 'b0001']) {
        const base = runs.get(`base-${round}-${b}.json`)!
        const head = runs.get(`head-${round}-${b}.json`)!
        // Pinned one per CPU, each side its own binary (the staged one of its side).
        expect(basename(base.binary) === 'bench' && base.binary.includes('/base/')).toBe(true)
        expect(head.binary).toContain('/head/')
        expect([base.cpu, head.cpu]).toEqual(round === 'r001' ? [1, 0] : [0, 1])
        // At the same time: each started before the other ended (started in turn, the first would wait
        // 10 s for its partner in vain, end, and only then would the second start).
        expect(base.start).toBeLessThan(head.end)
        expect(head.start).toBeLessThan(base.end)
      }
    // Reported base then head as in the round's ABBA order, every pair whole before the next starts.
    expect(r.runs.filter((x) => !x.warmup).map((x) => `${x.round} ${x.side}`)).toEqual([
      '0 base',
      '0 head',
      '0 base',
      '0 head',
      '1 head',
      '1 base',
      '1 head',
      '1 base'
    ])
    const b0 = runs.get('base-r000-b0001.json')!
    expect(b0.start).toBeGreaterThanOrEqual(runs.get('head-r000-b0000.json')!.end)
  })

  it('without it, one process at a time on the one --cpu', async () => {
    await measured(undefined)
    const runs = runsOf()
    const base = runs.get('base-r000-b0000.json')!
    const head = runs.get('head-r000-b0000.json')!
    expect([base.cpu, head.cpu]).toEqual([0, 0])
    expect(head.start).toBeGreaterThanOrEqual(base.end)
  })
})

describe('duet samples are analysed as pairs', () => {
  it('takes the signed-rank test of the pairs, with its fewest pairs, as benchmark does', () => {
    const obs = (f: (r: number) => number) =>
      Array.from({ length: 12 }, (_, r) => ({ value: f(r), round: r, run: r, repetition: 0 }))
    const base = obs((r) => 100 + ((r * 7) % 5))
    const head = obs((r) => 103 + ((r * 3) % 5))
    const duet = compare('BM_A', base, head, { interleave: 'duet' })
    expect(duet.test).toBe('signed-rank')
    expect(duet).toEqual(compare('BM_A', base, head, { interleave: 'benchmark' }))
    expect(minTestRuns(0.01, 'duet')).toBe(minTestRuns(0.01, 'benchmark'))
  })
})

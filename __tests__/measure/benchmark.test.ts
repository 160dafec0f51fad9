import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import {
  benchmarkArgs,
  benchmarkCommand,
  formatMinTime,
  runBenchmarkProcess,
  sampleFilePath,
  stageBinaries,
  type BenchmarkSettings
} from '../../src/measure/index.js'
import { JobError } from '../../src/errors.js'
import {
  compileGoogleBenchmark,
  hasBenchmarkHeader,
  makeTmp,
  noBenchmarkReason,
  rmTmp,
  writeScript
} from './helpers.js'

let tmp: string
let gb: string | undefined
beforeAll(() => {
  tmp = makeTmp()
  gb = compileGoogleBenchmark(tmp)
})
afterAll(() => rmTmp(tmp))

const settings: BenchmarkSettings = { kind: 'google-benchmark', repetitions: 3, minTimeSeconds: 0.05 }
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' }

describe('benchmarkArgs', () => {
  it('builds the Google Benchmark argv, differing between sides only in the equal-length out file', () => {
    const s = {
      ...settings,
      filter: 'BM_(a|b)$',
      randomInterleaving: true,
      extraArgs: ['--benchmark_counters_tabular=true']
    }
    const base = benchmarkArgs({
      ...s,
      side: 'base',
      round: 3,
      outFile: sampleFilePath('/w/samples', 'base', 3, 'json')
    })
    const head = benchmarkArgs({
      ...s,
      side: 'head',
      round: 3,
      outFile: sampleFilePath('/w/samples', 'head', 3, 'json')
    })
    expect(base).toEqual([
      '--benchmark_counters_tabular=true',
      '--benchmark_repetitions=3',
      '--benchmark_min_time=0.05',
      '--benchmark_filter=BM_(a|b)$',
      '--benchmark_enable_random_interleaving=true',
      '--benchmark_format=console',
      '--benchmark_out=/w/samples/base-r003.json',
      '--benchmark_out_format=json'
    ])
    expect(head.map((a) => a.length)).toEqual(base.map((a) => a.length))
    expect(head.filter((a, i) => a !== base[i])).toEqual(['--benchmark_out=/w/samples/head-r003.json'])
  })

  it('builds the bench-runner argv with samples file, cpu and context', () => {
    const s: BenchmarkSettings = { kind: 'bench-runner', repetitions: 5, minTimeSeconds: 1, cpu: 1 }
    const base = benchmarkArgs({ ...s, side: 'base', round: 12, outFile: '/w/s/base-r012.jsonl' })
    expect(base).toEqual([
      '--benchmark_repetitions=5',
      '--benchmark_min_time=1',
      '--benchmark_format=console',
      '--benchgate_samples=/w/s/base-r012.jsonl',
      '--benchgate_cpu=1',
      '--benchgate_context=side=base',
      '--benchgate_context=round=12'
    ])
    const head = benchmarkArgs({ ...s, side: 'head', round: 12, outFile: '/w/s/head-r012.jsonl' })
    expect(head.join(' ').length).toBe(base.join(' ').length)
    expect(benchmarkArgs({ ...s, priority: 'high', side: 'base', round: 0, outFile: '/o' })).toContain(
      '--benchgate_priority=high'
    )
  })

  it('formats min time as a bare number of seconds', () => {
    expect(formatMinTime(0.05)).toBe('0.05')
    expect(formatMinTime(0.5)).toBe('0.5')
    expect(formatMinTime(2)).toBe('2')
    expect(formatMinTime(1 / 3)).toBe('0.333333')
    for (const bad of [0, -1, NaN, Infinity, 1e-9]) expect(() => formatMinTime(bad)).toThrow(JobError)
  })

  it('pins plain binaries with taskset, argument by argument', () => {
    const c = benchmarkCommand({
      ...settings,
      cpu: 1,
      side: 'base',
      binary: '/b/base/bench',
      cwd: '/',
      round: 0,
      run: 0,
      outFile: '/o.json',
      env
    })
    expect(c.file).toMatch(/\/taskset$/)
    expect(c.args.slice(0, 3)).toEqual(['-c', '1', '/b/base/bench'])
    expect(() =>
      benchmarkCommand({
        ...settings,
        cpu: 1,
        side: 'base',
        binary: '/b',
        cwd: '/',
        round: 0,
        run: 0,
        outFile: '/o',
        env: { PATH: '' }
      })
    ).toThrow(/needs `taskset`/)
    // bench-runner pins itself: no taskset
    const r = benchmarkCommand({
      ...settings,
      kind: 'bench-runner',
      cpu: 1,
      side: 'base',
      binary: '/b',
      cwd: '/',
      round: 0,
      run: 0,
      outFile: '/o',
      env: { PATH: '' }
    })
    expect(r.file).toBe('/b')
    expect(r.args).toContain('--benchgate_cpu=1')
  })
})

describe('stageBinaries', () => {
  it('copies both binaries to equal-length paths with the same name', () => {
    const b = writeScript(join(tmp, 'wt', 'base', 'build', 'bench_all'), 'echo base')
    const h = writeScript(join(tmp, 'wt', 'head', 'build', 'bench_all'), 'echo head')
    const s = stageBinaries({ workDir: join(tmp, 'wt'), base: b, head: h })
    expect(s).toEqual({
      base: join(tmp, 'wt', 'bin', 'base', 'bench_all'),
      head: join(tmp, 'wt', 'bin', 'head', 'bench_all')
    })
    expect(readFileSync(s.head, 'utf8')).toContain('echo head')
    expect(statSync(s.base).mode & 0o111).not.toBe(0)
    // again (overwriting the previous copies)
    expect(stageBinaries({ workDir: join(tmp, 'wt'), base: b, head: h })).toEqual(s)
    expect(stageBinaries({ workDir: join(tmp, 'wt'), base: b, head: h, copy: false })).toEqual({
      base: b,
      head: h
    })
    expect(() => stageBinaries({ workDir: tmp, base: b, head: join(tmp, 'x'), copy: false })).toThrow(
      JobError
    )
  })
})

describe('runBenchmarkProcess', () => {
  const itGb = hasBenchmarkHeader ? it : it.skip
  if (!hasBenchmarkHeader) console.warn(noBenchmarkReason)

  itGb('runs a real Google Benchmark binary and leaves a JSON file with every repetition', async () => {
    const outFile = sampleFilePath(join(tmp, 'samples'), 'head', 0, 'json')
    const r = await runBenchmarkProcess({
      ...settings,
      minTimeSeconds: 0.01,
      filter: 'BM_Spin/8',
      cpu: 0,
      side: 'head',
      binary: gb as string,
      cwd: tmp,
      round: 0,
      run: 0,
      outFile,
      env,
      timeoutMs: 20_000
    })
    expect(r).toMatchObject({
      ok: true,
      exitCode: 0,
      signal: null,
      timedOut: false,
      side: 'head',
      round: 0,
      warmup: false,
      outcome: 'ok'
    })
    const json = JSON.parse(readFileSync(outFile, 'utf8')) as {
      benchmarks: Array<{ run_type: string; run_name: string }>
    }
    const iterations = json.benchmarks.filter((b) => b.run_type === 'iteration')
    expect(iterations).toHaveLength(3)
    expect(new Set(iterations.map((b) => b.run_name))).toEqual(new Set(['BM_Spin/8']))
  })

  it('kills a hanging binary (and its children) at the timeout', async () => {
    const bin = writeScript(join(tmp, 'hang', 'bench'), 'sleep 30 & sleep 30')
    const start = Date.now()
    const r = await runBenchmarkProcess({
      ...settings,
      side: 'base',
      binary: bin,
      cwd: tmp,
      round: 1,
      run: 1,
      outFile: join(tmp, 'samples', 'base-r001.json'),
      env,
      timeoutMs: 300
    })
    expect(Date.now() - start).toBeLessThan(5000)
    expect(r).toMatchObject({
      ok: false,
      timedOut: true,
      signal: 'SIGTERM',
      outcome: 'timed out after 0.3 s'
    })
  })

  it('reports a crash and keeps what was written to the out file', async () => {
    const bin = writeScript(
      join(tmp, 'crash', 'bench'),
      [
        'for a in "$@"; do case "$a" in --benchmark_out=*) out="${a#--benchmark_out=}";; esac; done',
        'printf \'{"benchmarks": [\' > "$out"',
        'echo "Segmentation fault in BM_X" >&2',
        'kill -SEGV $$'
      ].join('\n')
    )
    const outFile = join(tmp, 'samples', 'head-r002.json')
    const r = await runBenchmarkProcess({
      ...settings,
      side: 'head',
      binary: bin,
      cwd: tmp,
      round: 2,
      run: 2,
      outFile,
      env
    })
    expect(r).toMatchObject({
      ok: false,
      exitCode: null,
      signal: 'SIGSEGV',
      outcome: 'killed by SIGSEGV',
      outFile
    })
    expect(r.stderrTail).toContain('Segmentation fault in BM_X')
    expect(readFileSync(outFile, 'utf8')).toBe('{"benchmarks": [')
  })

  it('passes exactly the given environment and argv, in the given cwd', async () => {
    const bin = writeScript(
      join(tmp, 'echo', 'bench'),
      'pwd >&2; env >&2; for a in "$@"; do echo "arg:$a" >&2; done'
    )
    const outFile = join(tmp, 'samples', 'base-r004.json')
    const r = await runBenchmarkProcess({
      ...settings,
      side: 'base',
      binary: bin,
      cwd: join(tmp, 'echo'),
      round: 4,
      run: 4,
      outFile,
      env: { ONLY: 'this', PATH: env.PATH }
    })
    expect(r.ok).toBe(true)
    const lines = readFileSync(r.stderrFile, 'utf8').trim().split('\n')
    expect(lines[0]).toBe(join(tmp, 'echo'))
    expect(lines).toContain('ONLY=this')
    expect(lines.some((l) => l.startsWith('BENCHGATE_SIDE='))).toBe(false)
    expect(lines.filter((l) => l.startsWith('arg:'))).toEqual(
      benchmarkArgs({ ...settings, side: 'base', round: 4, outFile }).map((a) => `arg:${a}`)
    )
    expect(existsSync(outFile)).toBe(false)
  })

  it('rejects invalid settings before starting anything', async () => {
    const bad = {
      ...settings,
      side: 'base' as const,
      binary: '/bin/true',
      cwd: tmp,
      round: 0,
      run: 0,
      outFile: join(tmp, 'x.json'),
      env
    }
    for (const over of [
      { repetitions: 0 },
      { minTimeSeconds: 0 },
      { cpu: -1 },
      { extraArgs: ['--benchmark_out=/x'] },
      { priority: 'high' as const } // plain Google Benchmark binaries have no priority flag
    ]) {
      await expect(runBenchmarkProcess({ ...bad, ...over })).rejects.toThrow(JobError)
    }
  })
})

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { locateBinary, probeBinary } from '../../src/build/binary.js'
import { JobError } from '../../src/errors.js'
import {
  compileGoogleBenchmark,
  hasBenchmarkHeader,
  makeTmp,
  noBenchmarkReason,
  rmTmp,
  writeScript
} from '../measure/helpers.js'

let tmp: string
let wt: string
let gb: string | undefined

beforeAll(() => {
  tmp = makeTmp()
  wt = join(tmp, 'head')
  mkdirSync(join(wt, 'build', 'bench'), { recursive: true })
  gb = compileGoogleBenchmark(tmp)
})
afterAll(() => rmTmp(tmp))

function thrown(fn: () => unknown): JobError {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(JobError)
    return e as JobError
  }
  throw new Error('expected an error')
}

async function rejected(p: Promise<unknown>): Promise<JobError> {
  try {
    await p
  } catch (e) {
    expect(e).toBeInstanceOf(JobError)
    return e as JobError
  }
  throw new Error('expected a rejection')
}

describe('locateBinary', () => {
  it('returns the absolute path of an executable inside the worktree', () => {
    const p = writeScript(join(wt, 'build', 'bench', 'bench_all'), 'exit 0')
    expect(locateBinary(wt, 'build/bench/bench_all')).toBe(p)
    expect(locateBinary(wt, './build/../build/bench/bench_all')).toBe(p)
  })

  it('says when the binary is missing, and where files of that name are', () => {
    writeScript(join(wt, 'out', 'bench_x'), 'exit 0')
    const e = thrown(() => locateBinary(wt, 'build/bench_x'))
    expect(e.code).toBe(3)
    expect(e.id).toBe('binary-not-found')
    expect(e.message).toContain('build/bench_x')
    expect(e.hint).toContain('out/bench_x')
  })

  it('refuses absolute paths and paths escaping the worktree', () => {
    expect(thrown(() => locateBinary(wt, '/bin/true')).id).toBe('binary-path')
    writeScript(join(tmp, 'outside'), 'exit 0')
    const e = thrown(() => locateBinary(wt, '../outside'))
    expect(e.code).toBe(2)
    expect(e.id).toBe('binary-path')
    symlinkSync(join(tmp, 'outside'), join(wt, 'link'))
    const s = thrown(() => locateBinary(wt, 'link'))
    expect(s.id).toBe('binary-path')
    expect(s.message).toContain('symlink')
  })

  it('refuses directories and files that are not executable', () => {
    expect(thrown(() => locateBinary(wt, 'build')).id).toBe('binary-path')
    writeFileSync(join(wt, 'build', 'libfoo.a'), 'x')
    const e = thrown(() => locateBinary(wt, 'build/libfoo.a'))
    expect(e.id).toBe('not-executable')
    expect(e.code).toBe(2)
  })
})

describe('probeBinary', () => {
  const itGb = hasBenchmarkHeader ? it : it.skip
  if (!hasBenchmarkHeader) console.warn(noBenchmarkReason)

  itGb('recognises a real Google Benchmark binary and lists its benchmarks', async () => {
    const r = await probeBinary(gb as string, tmp)
    expect(r).toEqual({ kind: 'google-benchmark', benchmarks: ['BM_Spin/1', 'BM_Spin/8'] })
  })

  it('recognises a bench-runner binary by --benchgate_version', async () => {
    const p = writeScript(
      join(tmp, 'runner'),
      [
        'case "$1" in',
        '  --benchgate_version) echo "benchgate-runner 0.3.1"; exit 0;;',
        '  --benchmark_list_tests=true) echo BM_A; echo "BM_B/threads:2"; exit 0;;',
        'esac',
        'exit 9'
      ].join('\n')
    )
    expect(await probeBinary(p, tmp)).toEqual({
      kind: 'bench-runner',
      version: '0.3.1',
      benchmarks: ['BM_A', 'BM_B/threads:2']
    })
  })

  it('recognises a custom main that ignores unknown flags without running the suite', async () => {
    const marker = join(tmp, 'suite-ran')
    const p = writeScript(
      join(tmp, 'tolerant'),
      [
        'for a in "$@"; do case "$a" in --benchmark_filter=*) echo "Failed to match any benchmarks against regex: x" >&2; exit 0;; esac; done',
        'case "$1" in --benchmark_list_tests=true) echo BM_C; exit 0;; esac',
        `touch '${marker}'`
      ].join('\n')
    )
    expect(await probeBinary(p, tmp)).toEqual({ kind: 'google-benchmark', benchmarks: ['BM_C'] })
    expect(existsSync(marker)).toBe(false)
  })

  it('rejects a binary that is not a benchmark, quoting its output', async () => {
    const t = await rejected(probeBinary('/bin/true', tmp))
    expect(t.id).toBe('not-a-benchmark')
    expect(t.code).toBe(3)
    expect(t.message).toContain('not a Google Benchmark binary')
    const p = writeScript(join(tmp, 'chatty'), 'echo "usage: chatty [options]"; echo "some help" >&2; exit 1')
    const c = await rejected(probeBinary(p, tmp))
    expect(c.id).toBe('not-a-benchmark')
    expect(c.message).toContain('usage: chatty [options]')
    expect(c.message).toContain('some help')
  })

  it('reports a benchmark binary without benchmarks', async () => {
    const p = writeScript(
      join(tmp, 'empty'),
      'case "$1" in --benchmark_list_tests=true) exit 0;; esac; exit 1'
    )
    expect((await rejected(probeBinary(p, tmp))).id).toBe('no-benchmarks')
  })

  it('times out on a binary that hangs', async () => {
    const p = writeScript(join(tmp, 'hang'), 'sleep 30')
    const start = Date.now()
    const e = await rejected(probeBinary(p, tmp, { timeoutMs: 300 }))
    expect(e.id).toBe('probe-failed')
    expect(e.message).toContain('timed out')
    expect(Date.now() - start).toBeLessThan(5000)
  })
})

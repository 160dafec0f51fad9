/**
 * `--harness auto` on stand-in binaries (shell scripts): a nanobench suite (prints nanobench's table
 * whatever its arguments), a Catch2 binary (answers --libidentify and writes an XML report to -o),
 * and a program that is neither, refused with what each attempt saw. The real Catch2 binary is in
 * catch2Run.test.ts.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { probeBinary } from '../../src/build/binary.js'
import { unsupportedBy } from '../../src/harness/types.js'

const dir = mkdtempSync(join(tmpdir(), 'benchgate-detect-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function script(name: string, body: string): string {
  const path = join(dir, name)
  writeFileSync(path, `#!/bin/sh\n${body}\n`)
  chmodSync(path, 0o755)
  return path
}

const TABLE = readFileSync(join('__tests__', 'fixtures', 'nanobench', 'table.md'), 'utf8')
const XML = readFileSync(join('__tests__', 'fixtures', 'catch2', 'v2.13.10-real.xml'), 'utf8')

describe('--harness auto', () => {
  it('recognises a nanobench suite by its table and lists its rows', async () => {
    writeFileSync(join(dir, 'table.md'), TABLE)
    const bin = script('nano', `cat "${join(dir, 'table.md')}"`)
    const probe = await probeBinary(bin, dir, { harness: 'auto' })
    expect(probe.kind).toBe('nanobench')
    expect(probe.benchmarks).toEqual([
      'compare_exchange_strong',
      'std::vector<int>::push_back',
      'a `quoted` name'
    ])
  })

  it('recognises Catch2 by --libidentify and lists its BENCHMARKs with their test cases', async () => {
    writeFileSync(join(dir, 'report.xml'), XML)
    const bin = script(
      'catch',
      [
        'case "$1" in --libidentify) printf "description:    A Catch2 test executable\\nframework:      Catch Test\\nversion:        2.13.10\\n"; exit 0;; esac',
        'case "$1" in --benchmark*) echo "Unrecognised token: $1" >&2; exit 255;; esac',
        'while [ $# -gt 0 ]; do if [ "$1" = -o ]; then cp "' +
          join(dir, 'report.xml') +
          '" "$2"; fi; shift; done'
      ].join('\n')
    )
    const probe = await probeBinary(bin, dir, { harness: 'auto' })
    expect(probe).toMatchObject({ kind: 'catch2', version: '2.13.10' })
    expect(probe.benchmarks).toEqual(['Spin/spin 1000', 'Spin/spin 2000', 'Other, with [brackets]/other'])
    expect(probe.catalog?.get('Other, with [brackets]/other')).toBe('Other, with [brackets]')
  })

  it('refuses a program that is none of them, saying what each attempt saw', async () => {
    const bin = script('other', 'echo "hello from some tool"; exit 3')
    const e = await probeBinary(bin, dir, { harness: 'auto' }).catch((x: unknown) => x)
    expect(e).toMatchObject({ id: 'not-a-benchmark' })
    const message = (e as Error).message
    expect(message).toMatch(/not a benchmark binary benchgate knows/)
    expect(message).toMatch(/Google Benchmark \(--benchmark_list_tests\):.*exit code 3/)
    expect(message).toMatch(/Catch2 \(--libidentify\): exit code 3, printed:\nhello from some tool/)
    expect(message).toMatch(/nanobench \(run without arguments\):.*printed no nanobench table/)
  })

  it('count mode and shards are refused for Catch2 and nanobench with the reason, not for Google Benchmark', () => {
    expect(unsupportedBy('catch2', { measure: 'both', shard: null })).toMatch(
      /chooses its iteration counts from the clock/
    )
    expect(unsupportedBy('nanobench', { measure: 'time', shard: { index: 1, count: 2 } })).toMatch(/--shard/)
    expect(unsupportedBy('google-benchmark', { measure: 'counts', shard: null })).toBeNull()
    expect(unsupportedBy('catch2', { measure: 'time', shard: null })).toBeNull()
    // Their values are wall-clock means: CPU time cannot be analysed (real time or auto can).
    expect(unsupportedBy('catch2', { measure: 'time', shard: null, metric: 'cpu_time' })).toMatch(
      /--metric cpu_time needs Google Benchmark: Catch2 reports wall-clock means only/
    )
    expect(unsupportedBy('nanobench', { measure: 'time', shard: null, metric: 'real_time' })).toBeNull()
    expect(unsupportedBy('google-benchmark', { measure: 'time', shard: null, metric: 'cpu_time' })).toBeNull()
  })
})

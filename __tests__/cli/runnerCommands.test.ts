/**
 * The built CLI run as a workflow step runs it: benchmark names that start with `::` (a runner's
 * workflow commands) in every stdout format, `explain` and `history report`; no stdout line may start
 * a command, and JSON stays the same JSON (docs/security.md, defence 16).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- results.json is read back as untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { FolderStore } from '../../src/history/store.js'
import { toResultsJson } from '../../src/report/json.js'
import { syntheticHistory } from '../history/synthetic.js'
import { measure } from '../helpers/samples.js'

const CLI = join(new URL('../../', import.meta.url).pathname, 'dist', 'cli.js')
const NAMES = ['::set-output name=x::y', '::add-mask::BM_Same']
const dir = mkdtempSync(join(tmpdir(), 'bg-runner-commands-'))
const results = join(dir, 'results.json')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

beforeAll(async () => {
  const suite = analyzeSuite({
    samples: [...measure(NAMES[0]!, 1.3, 0.01, 0, 8, 1), ...measure(NAMES[1]!, 1, 0.01, 0, 8, 2)],
    provenance: { base: {}, head: { host: 'runner' } }
  })
  const run = { base: { label: 'main', sha: 'b'.repeat(40) }, head: { label: 'x', sha: 'c'.repeat(40) } }
  writeFileSync(results, JSON.stringify(toResultsJson({ suite, run: { ...run, key: 'default' } }, '0.1.0')))
  const store = new FolderStore(join(dir, 'store'))
  const step = (i: number) => Math.log(1000) + (i >= 20 ? Math.log(1.08) : 0)
  for (const r of syntheticHistory({ commits: 40, series: NAMES.map((name) => ({ name, truth: step })) }))
    await store.add(r)
})

/** The CLI's stdout for `args`; its lines (split where a runner splits them) start no command. */
function stdoutOf(args: string[]): string {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', cwd: dir })
  expect(r.stdout.length).toBeGreaterThan(0)
  for (const line of r.stdout.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[ \t]*::/)
  return r.stdout
}

describe('no stdout line starts a runner command', () => {
  it.each(['md', 'text'])('report --format %s', (format) => {
    const out = stdoutOf(['report', results, '--format', format])
    expect(out).toContain('set-output name=x::y')
  })

  it('report --format json: unchanged, valid JSON with the names as they are', () => {
    const json: any = JSON.parse(stdoutOf(['report', results, '--format', 'json']))
    expect(json.benchmarks.map((b: any) => b.name).sort()).toEqual([...NAMES].sort())
  })

  it.each(NAMES)('explain %s', (name) => {
    expect(stdoutOf(['explain', results, name])).toContain('no attribution')
  })

  it('history report', () => {
    expect(stdoutOf(['history', 'report', '--store', 'store', '--out', 'out'])).toContain('set-output')
  })
})

/**
 * The published schema of results.json (docs/results.schema.json, issue 13 item 2) and the writer
 * cannot drift apart: the file is the schema validateResults compiles, it is a valid strict JSON
 * Schema on its own, and every results.json benchgate writes — `compare` on each Google Benchmark
 * fixture, analyses with every verdict and option, an adaptive run, shards and their merge —
 * validates against the published file (compiled here with a fresh ajv, not through our code).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SequentialAnalysis } from '../../src/analysis/adaptiveLooks.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { compareCommand } from '../../src/commands/compare.js'
import { buildConfig } from '../../src/config/index.js'
import { toResultsJson } from '../../src/report/json.js'
import type { Report } from '../../src/report/model.js'
import { RESULTS_SCHEMA } from '../../src/report/resultsSchema.js'
import { resultsValidatorSource } from '../../scripts/resultsValidatorSource.js'
import { validateResults } from '../../src/report/readResults.js'
import { mergeShards } from '../../src/shard/merge.js'
import { captureIo } from '../helpers/io.js'
import { measure } from '../helpers/samples.js'
import { fixture } from '../samples/helpers.js'
import { shardResults, suiteSamples } from '../shard/fixture.js'

const ROOT = join(import.meta.dirname, '..', '..')
const published = JSON.parse(readFileSync(join(ROOT, 'docs', 'results.schema.json'), 'utf8')) as object
const check = new Ajv2020({ strict: true, strictNumbers: true, allErrors: true }).compile(published)
const out = mkdtempSync(join(tmpdir(), 'benchgate-schema-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

function expectValid(what: string, json: unknown): void {
  const ok = check(JSON.parse(JSON.stringify(json)))
  expect({ what, errors: ok ? [] : check.errors }).toEqual({ what, errors: [] })
}

const fullRun = (extra: Partial<Report['run']> = {}): Report['run'] => ({
  base: { label: 'main', sha: 'a'.repeat(40) },
  head: { label: 'feature/x', sha: 'b'.repeat(40) },
  mergeBase: true,
  rounds: 8,
  plannedRounds: 10,
  repetitions: 3,
  stoppedEarly: 'the time budget (600 s) ran out after 8 of 10 rounds',
  reproduce: "npx benchgate run --base aaaaaaaaaaaa --head bbbbbbbbbbbb --build 'cmake --build b'",
  key: 'linux-gcc',
  measuringSeconds: 12.5,
  wallSeconds: 40.25,
  ...extra
})

describe('docs/results.schema.json', () => {
  it('is the schema validateResults uses (regenerate: npx tsx scripts/results-schema.ts && npx prettier --write docs/results.schema.json)', () => {
    expect(published).toEqual(RESULTS_SCHEMA)
  })

  it('rejects what it must: NaN-free numbers, a name of 513 characters, an unknown field nested deeply', () => {
    const suite = analyzeSuite({ samples: measure('BM_A', 1, 0.01, 0, 6, 1) })
    const json = JSON.parse(JSON.stringify(toResultsJson({ suite, run: fullRun() }, '0.0.0')))
    expect(check(json)).toBe(true)
    expect(check({ ...json, benchmarks: [{ ...json.benchmarks[0], name: 'x'.repeat(513) }] })).toBe(false)
    expect(check({ ...json, run: { ...json.run, extra: { a: [1] } } })).toBe(false)
    expect(check({ ...json, run: { ...json.run, extra: { a: 1 } } })).toBe(true) // newer fields, shallow
    expect(check({ ...json, family_size: Infinity })).toBe(false)
  })

  it('is what the generated validator checks (regenerate: npx tsx scripts/results-schema.ts)', () => {
    const committed = readFileSync(join(ROOT, 'src', 'report', 'resultsValidator.generated.ts'), 'utf8')
    expect(committed === resultsValidatorSource(RESULTS_SCHEMA)).toBe(true)
  })

  it('the generated validator decides as a fresh compile does, lengths counted in code points', () => {
    const suite = analyzeSuite({ samples: measure('BM_A', 1, 0.01, 0, 6, 1) })
    const json = JSON.parse(JSON.stringify(toResultsJson({ suite, run: fullRun() }, '0.0.0')))
    // 512 emoji are 1,024 UTF-16 units: within the 512-character limit only when counted in code points.
    const named = (name: string) => ({ ...json, benchmarks: [{ ...json.benchmarks[0], name }] })
    const cases = [json, named('😀'.repeat(512)), named('😀'.repeat(513)), named('')]
    cases.push({ ...json, family_size: -1 }, { ...json, run: { ...json.run, extra: { a: [1] } } })
    const generated = (j: unknown) => {
      try {
        validateResults(JSON.stringify(j), 'r.json')
        return true
      } catch {
        return false
      }
    }
    expect(cases.map(generated)).toEqual(cases.map((j) => check(JSON.parse(JSON.stringify(j)))))
    expect(cases.map(generated)).toEqual([true, true, false, false, false, false])
  })
})

describe('every results.json the code writes validates against the published schema', () => {
  it('benchgate compare on each Google Benchmark fixture (real provenance, issues, truncated files)', async () => {
    const files = [
      ['v1.7.1', 'fixture-r1.json', 'fixture-r3.json'],
      ['v1.7.1', 'truncated.json', 'fixture-r3.json'],
      ['v1.7.1', 'edge-forms.json', 'edge-forms.json'],
      ['v1.9.5', 'fixture-r1.json', 'fixture-r3.json'],
      ['v1.9.5', 'edge-forms.json', 'edge-forms.json'],
      ['v1.8-crafted', 'fixture.json', 'fixture.json']
    ]
    for (const [version, base, head] of files) {
      const dir = join(out, `${version}-${base}-${head}`)
      const config = buildConfig({ out: dir, format: 'json' } as never)
      await compareCommand(
        config,
        fixture('gbench', version, base),
        fixture('gbench', version, head),
        captureIo()
      )
      expectValid(
        `${version} ${base} -> ${head}`,
        JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'))
      )
    }
  })

  it('a benchmark name over 512 characters: reported as an invalid entry, and the file still validates', async () => {
    const long = `BM_${'x'.repeat(600)}`
    const rows = (ns: number) =>
      [
        'benchmark,nanoseconds,run',
        ...[0, 1, 2, 3, 4, 5].flatMap((r) => [`BM_A,${ns + r},${r}`, `${long},${ns},${r}`])
      ].join('\n') + '\n'
    writeFileSync(join(out, 'long-base.csv'), rows(100))
    writeFileSync(join(out, 'long-head.csv'), rows(100))
    const dir = join(out, 'long')
    await compareCommand(
      buildConfig({ out: dir, format: 'json' } as never),
      join(out, 'long-base.csv'),
      join(out, 'long-head.csv'),
      captureIo()
    )
    const json = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8'))
    expectValid('a 603-character name', json)
    const failed = json.benchmarks.find((b: { name: string }) => b.name.startsWith('BM_xxx'))
    expect([failed.name.length, failed.verdict]).toEqual([512, 'failed'])
    expect(failed.issues[0].message).toMatch(
      /^benchmark name of 603 characters, longer than the 512 benchgate accepts: not measured/
    )
    expect(json.benchmarks.find((b: { name: string }) => b.name === 'BM_A').verdict).not.toBe('failed')
  })

  it('analyses with every verdict, each correction and level, new/removed/failed benchmarks', () => {
    const samples = [
      ...measure('BM_Slower', 1.2, 0.01, 0, 8, 1),
      ...measure('BM_Faster', 0.8, 0.01, 0, 8, 2),
      ...measure('BM_Same', 1, 0.001, 0, 8, 3),
      ...measure('BM_Noisy', 1.02, 0.4, 0, 8, 4),
      ...measure('BM_Few', 1, 0.01, 0, 2, 5),
      ...measure('BM_Gone', 1, 0.01, 0, 8, 6).filter((s) => s.side === 'base'),
      ...measure('BM_Added', 1, 0.01, 0, 8, 7).filter((s) => s.side === 'head')
    ]
    const issues = [
      {
        benchmark: 'BM_Broken',
        side: 'head' as const,
        round: 1,
        run: 1,
        kind: 'error' as const,
        message: 'boom'
      }
    ]
    for (const correction of ['bonferroni', 'holm', 'none'] as const)
      for (const level of ['auto', 'repetitions'] as const) {
        const suite = analyzeSuite({ samples, issues }, { correction, level })
        expect(new Set(suite.comparisons.map((c) => c.verdict)).size).toBeGreaterThanOrEqual(5)
        expectValid(`${correction} ${level}`, toResultsJson({ suite, run: fullRun() }, '0.0.0'))
      }
  })

  it('an adaptive run (per-benchmark looks and stop reasons, run.adaptive)', () => {
    const seq = new SequentialAnalysis({ alpha: 0.05 }, 30)
    let samples = [...measure('BM_big', 1.3, 0.01, 0, 10, 1), ...measure('BM_noisy', 1, 0.3, 0, 10, 12)]
    seq.look({ samples }, { rounds: 10, final: false })
    samples = [...samples, ...measure('BM_noisy', 1, 0.3, 10, 20, 13)]
    seq.look({ samples }, { rounds: 20, final: true, finalReason: 'time-budget' })
    const adaptive = {
      looks: 2,
      maxRounds: 30,
      benchmarkSecondsUsed: 30,
      benchmarkSecondsIfFixed: 90,
      saved: 2 / 3
    }
    const json = toResultsJson({ suite: seq.result(), run: fullRun({ adaptive }) }, '0.0.0')
    expect(json.benchmarks.every((b) => b.adaptive)).toBe(true)
    expectValid('adaptive', json)
  })

  it('shards (run.shard) and their merge (run.merged, with a missing shard)', () => {
    const shards = shardResults(suiteSamples(12), 3)
    shards.forEach((s, i) => expectValid(`shard ${i + 1}`, s.results))
    const inputs = shards.map((s, i) => ({ ...s, source: `shard${i + 1}/results.json` }))
    expectValid('merge', toResultsJson(mergeShards(inputs).report, '0.0.0'))
    const partial = mergeShards([inputs[0], inputs[2]], { allowMissing: true }).report
    expect(partial.run.merged?.missing).toHaveLength(1)
    expectValid('merge with a missing shard', toResultsJson(partial, '0.0.0'))
  })
})

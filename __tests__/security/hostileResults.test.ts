/**
 * A corpus of hostile results.json files (issue 13 items 2 and 3), as a fork's artifact could carry
 * them to the comment job: injection in every string field, wrong types, huge fields. Every case has
 * one exact outcome: refused with exit 2 and a message naming the JSON path and the rule, or
 * accepted and rendered as inert Markdown (no link, mention, HTML or table break).
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { main } from '../../src/cli.js'
import { fromResultsJson, toResultsJson, type ResultsJson } from '../../src/report/json.js'
import { renderMarkdown } from '../../src/report/markdown.js'
import { validateResults } from '../../src/report/readResults.js'
import { mergeShards } from '../../src/shard/merge.js'
import { expectInert, expectNoStructure, HOSTILE, visibleOutsideCode } from '../helpers/markdownSafety.js'
import { captureIo } from '../helpers/io.js'
import { PROVENANCE } from '../report/htmlFixture.js'
import { shardResults, suiteSamples } from '../shard/fixture.js'

const dir = mkdtempSync(join(tmpdir(), 'benchgate-hostile-results-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

type Path = Array<string | number>

/** A results file with a string in every place one can be: a merge of 3 shards, with provenance,
 * context, warnings, issues and every run field filled in. */
function seed(): ResultsJson {
  const shards = shardResults(suiteSamples(6), 3).map((s, i) => ({ ...s, source: `shard${i + 1}.json` }))
  const json = toResultsJson(mergeShards(shards).report, '0.1.0', new Date(0))
  json.run.stoppedEarly = 'shard 2/3: the time budget ran out'
  json.provenance.head = {
    ...PROVENANCE,
    context: { side: 'head', commit: 'abc' },
    governors: ['performance']
  }
  json.warnings.push({ level: 'warning', code: 'provenance', side: 'head', message: 'compilers differ' })
  const b = json.benchmarks[0]
  b.warnings.push({ level: 'info', code: 'note', message: 'a note' })
  b.issues.push({
    benchmark: b.name,
    side: 'head',
    round: 1,
    run: 1,
    kind: 'error',
    message: 'boom',
    source: 'x.json'
  })
  // count mode (issue 15): a benchmark's counts and how they were taken
  const figure = { base: 1000, head: 1000, change: 0, noise: 0 }
  b.counts = {
    metric: 'instructions',
    verdict: 'unchanged',
    reason: 'not-deterministic',
    message: 'the base counts differ',
    instructions: figure,
    cycles: figure,
    iterations: 1
  }
  json.count_mode = {
    measure: 'both',
    metric: 'instructions',
    threshold: 0.01,
    method: {
      tool: 'callgrind',
      valgrind_version: 'valgrind-3.19.0',
      iteration_flags: ['--benchmark_min_time=1x'],
      repetitions: 2,
      caches: ['LL cache: 8388608 B, 64 B, 16-way associative'],
      cycles_formula: 'Ir + 10 Bm',
      wall_seconds: 1
    },
    counts: { ...json.counts, regression: 0 }
  }
  return JSON.parse(JSON.stringify(json)) as ResultsJson
}

function stringPaths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  if (typeof v === 'string') out.push(at)
  else if (Array.isArray(v)) v.forEach((x, i) => stringPaths(x, [...at, i], out))
  else if (typeof v === 'object' && v !== null)
    for (const [k, x] of Object.entries(v)) stringPaths(x, [...at, k], out)
  return out
}

function setAt<T>(root: T, path: Path, value: unknown): T {
  const copy = structuredClone(root) as Record<string | number, unknown>
  let node = copy
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>
  node[path[path.length - 1]] = value
  return copy as T
}

/** ['benchmarks', 3, 'name'] -> '$.benchmarks[3].name' (the form the errors use). */
const jsonPath = (p: Path) => '$' + p.map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')
/** The same with indices as [*], to compare with a list of field kinds. */
const pattern = (p: Path) => jsonPath(p).replace(/\[\d+\]/g, '[*]')

/** Runs `benchgate report FILE --format md`; the exit code and what it printed. */
async function report(text: string) {
  const file = join(dir, `r${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, text)
  const io = captureIo()
  const code = await main(['report', file, '--format', 'md'], io)
  return { code, out: io.out, err: io.err, file }
}

/** String fields with a fixed vocabulary, a pattern or a short cap: a hostile value is refused there. */
const CLOSED = [
  '$.format',
  '$.generated_at', // ≤ 64 characters
  '$.tool.name',
  '$.tool.version', // ≤ 64 characters
  '$.run.base.sha',
  '$.run.head.sha',
  '$.run.shard.rule',
  '$.options.correction',
  '$.options.level',
  '$.options.metric',
  '$.warnings[*].level',
  '$.warnings[*].side',
  '$.benchmarks[*].verdict',
  '$.benchmarks[*].inconclusive_reason',
  '$.benchmarks[*].advice.kind',
  '$.benchmarks[*].metric',
  '$.benchmarks[*].level',
  '$.benchmarks[*].level_reason',
  '$.benchmarks[*].test_method',
  '$.benchmarks[*].test',
  '$.benchmarks[*].warnings[*].level',
  '$.benchmarks[*].warnings[*].side',
  '$.benchmarks[*].issues[*].side',
  '$.benchmarks[*].issues[*].kind',
  '$.benchmarks[*].counts.metric',
  '$.benchmarks[*].counts.verdict',
  '$.benchmarks[*].counts.reason',
  '$.count_mode.measure',
  '$.count_mode.metric',
  '$.count_mode.method.tool',
  '$.count_mode.method.valgrind_version' // ≤ 64 characters
]

describe('injection in every string field of results.json', () => {
  const base = seed()
  const paths = stringPaths(base)

  it('is refused, naming the field, exactly where the field has a vocabulary; accepted everywhere else', () => {
    expect(paths.length).toBeGreaterThan(90)
    const refused = new Set<string>()
    for (const path of paths) {
      let error: unknown = null
      try {
        validateResults(JSON.stringify(setAt(base, path, HOSTILE)), 'r.json')
      } catch (e) {
        error = e
      }
      if (error === null) continue
      expect(String(error)).toContain(`r.json: ${jsonPath(path)}: `)
      refused.add(pattern(path))
    }
    expect([...refused].sort()).toEqual(CLOSED.filter((p) => paths.some((q) => pattern(q) === p)).sort())
  })

  it('every accepted field hostile at once: `benchgate report` renders a comment that stays text', async () => {
    let hostile = base
    for (const path of paths) if (!CLOSED.includes(pattern(path))) hostile = setAt(hostile, path, HOSTILE)
    const { code, out, err } = await report(JSON.stringify(hostile))
    expect(code).toBe(1) // the gate still reads the verdicts
    expect(err).toBe('benchgate: fail: 1 regression (of 6 benchmarks)\n')
    expect(out).toContain('Click to approve') // the text is shown …
    expectNoStructure(out) // … but never as a link or HTML
    expectInert(visibleOutsideCode(out))
    // The same through the parts the Action uses.
    const md = renderMarkdown(fromResultsJson(validateResults(JSON.stringify(hostile), 'r.json')))
    expectNoStructure(md)
    expectInert(visibleOutsideCode(md))
  })
})

describe('wrong types and huge fields: exit 2 and the path', () => {
  const base = seed()
  const cases: Array<[string, (j: ResultsJson) => unknown, RegExp]> = [
    [
      'a p-value as a string',
      (j) => setAt(j, ['benchmarks', 0, 'p_value'], 'small'),
      /\$\.benchmarks\[0\]\.p_value: must be a finite number or null/
    ],
    [
      'rounds as an object',
      (j) => setAt(j, ['run', 'rounds'], {}),
      /\$\.run\.rounds: must be a whole number/
    ],
    [
      'a negative count',
      (j) => setAt(j, ['counts', 'regression'], -1),
      /\$\.counts\.regression: must be >= 0/
    ],
    [
      'an interval with one bound',
      (j) => setAt(j, ['benchmarks', 0, 'ratio', 'ci'], [1]),
      /\$\.benchmarks\[0\]\.ratio\.ci: must NOT have fewer than 2 items/
    ],
    [
      'conf_level above 1',
      (j) => setAt(j, ['benchmarks', 0, 'conf_level'], 1.5),
      /\$\.benchmarks\[0\]\.conf_level: must be <= 1/
    ],
    [
      '1e999 (Infinity after parsing)',
      (j) => JSON.stringify(setAt(j, ['family_size'], 12345)).replace('12345', '1e999'),
      /\$\.family_size: must be a whole number/
    ],
    [
      'a CPU count as a string',
      (j) => setAt(j, ['provenance', 'head', 'numCpus'], '2'),
      /\$\.provenance\.head\.numCpus: must be a whole number/
    ],
    [
      'power without sd_log',
      (j) => setAt(j, ['benchmarks', 0, 'power'], { n_eff: 1 }),
      /\$\.benchmarks\[0\]\.power: must have required property 'sd_log'/
    ],
    [
      'version as a string',
      (j) => setAt(j, ['version'], '1'),
      /\$\.version: version 1 is not supported by this benchgate \(reads versions 1, 2 and 3\); upgrade benchgate/
    ],
    [
      'an unknown field nested',
      (j) => setAt(j, ['run', 'future'], { a: { b: 1 } }),
      /\$\.run\.future\.a: must be a string or a finite number or true or false or null/
    ],
    [
      'an advice of an unknown kind',
      (j) => setAt(j, ['benchmarks', 0, 'advice'], { kind: 'bogus' }),
      /\$\.benchmarks\[0\]\.advice\.kind: must be one of: "more-rounds", "too-noisy", "too-close", "too-coarse", "beyond-cap"\./
    ],
    [
      'a verdict outside the list',
      (j) => setAt(j, ['benchmarks', 0, 'verdict'], 'fine'),
      /\$\.benchmarks\[0\]\.verdict: must be one of: "regression", "improvement", .*"failed", "skipped", "timing-only"\./
    ],
    [
      'a 2 MiB reproduce line',
      (j) => setAt(j, ['run', 'reproduce'], 'x'.repeat(2 * 1024 * 1024)),
      /\$\.run\.reproduce: must NOT have more than 65536 characters/
    ],
    [
      'a 100,000-character name',
      (j) => setAt(j, ['benchmarks', 0, 'name'], 'B'.repeat(100_000)),
      /\$\.benchmarks\[0\]\.name: must NOT have more than 512 characters/
    ],
    [
      'a 5,000-character label',
      (j) => setAt(j, ['run', 'head', 'label'], 'L'.repeat(5000)),
      /\$\.run\.head\.label: must NOT have more than 4096 characters/
    ],
    [
      '20,000 benchmarks',
      (j) =>
        setAt(
          j,
          ['benchmarks'],
          Array.from({ length: 20_000 }, (_, i) => ({ ...j.benchmarks[0], name: `BM_${i}` }))
        ),
      /\$\.benchmarks: must NOT have more than 10000 items/
    ],
    [
      'a shard index past its count',
      (j) =>
        setAt(
          setAt(j, ['run', 'shard'], {
            index: 4,
            count: 3,
            rule: 'hash',
            benchmarks: [],
            assigned: [],
            issues: [],
            seconds: {}
          }),
          ['run', 'merged'],
          undefined
        ),
      /\$\.run\.shard\.index: expected 1 to count/
    ],
    ['a 65 MiB file', () => ' '.repeat(65 * 1024 * 1024), /results file is larger than 67108864 bytes/]
  ]

  it.each(cases)('%s', async (_what, make, message) => {
    const made = make(base)
    const { code, err, out, file } = await report(typeof made === 'string' ? made : JSON.stringify(made))
    expect(code).toBe(2)
    expect(out).toBe('')
    expect(err).toMatch(message)
    expect(err).toContain(file)
  })
})

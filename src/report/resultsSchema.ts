/**
 * The JSON Schema (draft 2020-12) of results.json, format versions 1 to 3: what `validateResults` checks
 * an untrusted results file against with ajv, published as docs/results.schema.json
 * (`npx tsx scripts/results-schema.ts` writes it; __tests__/security/resultsSchema.test.ts fails
 * when the two differ, and checks that what the writer produces validates).
 *
 * Objects stay open to fields a newer benchgate adds within a version (docs/results-format.md), but
 * an unknown field may only hold a scalar or a flat list/map of scalars: every path is typed or
 * shallow, so no value nests deep enough to hurt a renderer.
 */
import { MAX_ATTRIBUTED_FUNCTIONS } from '../analysis/attribution.js'
import { MAX_CALL_TREE_NODES } from '../analysis/callTree.js'
import { LAYOUT_EVENTS } from '../analysis/countMovement.js'
import { ALL_VERDICTS } from '../analysis/verdict.js'
import { MAX_NAME_CHARS } from '../samples/model.js'
import { READABLE_RESULTS_VERSIONS, RESULTS_FORMAT, U_RESULTS_VERSIONS } from './json.js'

/** Benchmark names (and the lists and maps keyed by them): the sample parsers refuse longer ones. */
export { MAX_NAME_CHARS }
/** Labels, codes, provenance and every other string not listed below. */
export const MAX_TEXT_CHARS = 4096
/**
 * Text whose length benchgate does not choose: the reproduce line (holds the workflow's build
 * command and filter, which can be a long script), a merge's stop reasons (one per shard, up to
 * 1,000), warning and issue messages (a failed build's log tail, a benchmark's error message).
 * Renderers cap what they show (report/markdown.ts REPRODUCE_MAX_CHARS, FIELD_MAX_CHARS).
 */
export const MAX_LONG_TEXT_CHARS = 64 * 1024
/** Benchmarks in one file (the scale measured in docs/reliability.md). */
export const MAX_BENCHMARKS = 10_000
/** Shards of one suite, as `--shard I/N` accepts (config.ts). */
export const MAX_SHARDS = 1000
/** Warnings, issues, shards and other lists. */
const MAX_ITEMS = 100_000
/** Values the test used per side (rounds ≤ 10,000 at the run level; pooled repetitions can be more). */
const MAX_SERIES = 1_000_000

const ref = (name: string) => ({ $ref: `#/$defs/${name}` })
const text = (max = MAX_TEXT_CHARS) => ({ type: 'string', maxLength: max })
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] })
const num = { type: 'number' }
const int = (minimum = 0) => ({ type: 'integer', minimum })
const probability = { type: 'number', minimum: 0, maximum: 1 }
const list = (items: object, maxItems = MAX_ITEMS) => ({ type: 'array', maxItems, items })
/** An object with these typed properties; others allowed but shallow (see the header). */
const object = (properties: Record<string, object>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: ref('extra')
})
const pair = (item: object) => object({ base: item, head: item })
const names = list(ref('name'), MAX_BENCHMARKS)
const secondsByName = {
  type: 'object',
  maxProperties: MAX_BENCHMARKS,
  propertyNames: ref('name'),
  additionalProperties: { type: 'number', minimum: 0 }
}

const VERDICTS = [...ALL_VERDICTS]
/** Every verdict's count; `skipped` and `timing-only` came with version 2, so a version 1 file may lack them. */
const verdictCounts = object(
  Object.fromEntries(VERDICTS.map((v) => [v, int()])),
  VERDICTS.filter((v) => v !== 'skipped' && v !== 'timing-only')
)
const STOP_REASONS = [
  'resolved',
  'max-rounds',
  'time-budget',
  'no-samples',
  'futile',
  'not-compared',
  'interrupted',
  'failures'
]

/** One count metric on both sides (count mode, docs/statistics.md §9): per iteration, change, base noise. */
const countFigure = object({
  base: nullable(num),
  head: nullable(num),
  change: nullable(num),
  noise: nullable(num)
})
const COUNT_METRICS = ['instructions', 'cycles']
/** One pass's callgrind events per iteration (Ir, Dr, …, Bim): a flat map of counts. */
const eventCounts = nullable({
  type: 'object',
  maxProperties: 64,
  propertyNames: { type: 'string', pattern: '^[A-Za-z0-9]{1,16}$' },
  additionalProperties: { type: 'number', minimum: 0 }
})

/** Per-iteration figures of a function or a loop (attribution). */
const costFigures = object({
  instructions: num,
  cycles: nullable(num),
  d1misses: nullable(num),
  llmisses: nullable(num),
  mispredicts: nullable(num)
})
const sidesOf = (item: object) => object({ base: nullable(item), head: nullable(item) })
const figures = ref('costFigures')
/** Where a benchmark's change comes from: its loop's functions, base against head (docs/count-mode.md). */
const attribution = object(
  {
    metric: { enum: COUNT_METRICS },
    explains: { enum: ['counts', 'instructions', 'simulated-events', 'none'] },
    total: pair(figures),
    functions: list(
      object({
        name: text(MAX_LONG_TEXT_CHARS),
        file: nullable(text()),
        status: { enum: ['matched', 'added', 'removed'] },
        self: sidesOf(figures),
        inclusive: sidesOf(figures),
        share: num
      }),
      MAX_ATTRIBUTED_FUNCTIONS
    ),
    omitted: object({ functions: int(), self: num }),
    // flat (parent indices), not nested: no value nests deeper than the schema types it
    tree: object({
      nodes: list(
        object({ name: text(MAX_LONG_TEXT_CHARS), parent: nullable(int()), base: num, head: num }),
        MAX_CALL_TREE_NODES
      ),
      dropped: int(),
      minShare: probability
    })
  },
  ['metric', 'explains', 'total', 'functions', 'omitted']
)

const $defs = {
  costFigures,
  attribution,
  countComparison: object(
    {
      metric: { enum: COUNT_METRICS },
      verdict: { enum: VERDICTS },
      reason: nullable({
        enum: ['not-deterministic', 'unchecked', 'multi-threaded', 'not-countable', 'failed']
      }),
      message: nullable(text(MAX_LONG_TEXT_CHARS)),
      instructions: countFigure,
      cycles: countFigure,
      iterations: nullable(num),
      // the values "moved" is derived from (docs/count-mode.md); the fingerprint is derived again on reading
      events: object({ base: eventCounts, head: eventCounts, base2: eventCounts }),
      layout: list({ enum: Object.keys(LAYOUT_EVENTS) }, Object.keys(LAYOUT_EVENTS).length)
    },
    ['metric', 'verdict', 'reason', 'instructions', 'cycles']
  ),
  countMode: object({
    measure: { enum: ['counts', 'both'] },
    metric: { enum: COUNT_METRICS },
    threshold: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    method: object({
      tool: { const: 'callgrind' },
      valgrind_version: text(64),
      iteration_flags: list(text(), 16),
      repetitions: int(1),
      caches: list(text(), 16),
      cycles_formula: text(),
      wall_seconds: { type: 'number', minimum: 0 }
    }),
    counts: verdictCounts
  }),
  name: { type: 'string', minLength: 1, maxLength: MAX_NAME_CHARS },
  scalar: { anyOf: [text(), num, { type: 'boolean' }, { type: 'null' }] },
  extra: {
    anyOf: [
      ref('scalar'),
      list(ref('scalar'), 1000),
      { type: 'object', maxProperties: 1000, additionalProperties: ref('scalar') }
    ]
  },
  side: { enum: ['base', 'head'] },
  warning: object(
    {
      level: { enum: ['info', 'warning', 'error'] },
      code: text(),
      side: ref('side'),
      message: text(MAX_LONG_TEXT_CHARS)
    },
    ['level', 'code', 'message']
  ),
  warnings: list(ref('warning')),
  issue: object(
    {
      benchmark: text(MAX_NAME_CHARS),
      side: ref('side'),
      round: int(-1), // -1: unknown (a file given to `compare`)
      run: int(-1),
      kind: { enum: ['error', 'skipped', 'invalid', 'truncated', 'crashed'] },
      message: text(MAX_LONG_TEXT_CHARS),
      source: text()
    },
    ['benchmark', 'side', 'round', 'run', 'kind', 'message']
  ),
  issues: list(ref('issue')),
  interval: nullable(
    object({ estimate: num, ci: { type: 'array', prefixItems: [num, num], items: false, minItems: 2 } })
  ),
  sideInfo: object({ label: text(), sha: { type: 'string', pattern: '^[0-9a-f]{7,64}$' } }, ['label']),
  sideAnalysis: nullable(
    object({
      samples: int(),
      runs: int(),
      analysed: int(),
      summary: object({
        n: int(),
        min: num,
        q1: num,
        median: num,
        mean: num,
        q3: num,
        max: num,
        sd: nullable(num),
        cv: nullable(num),
        mad: num
      }),
      icc: nullable(num),
      designEffect: num,
      nEff: num,
      ljungBox: nullable(object({ q: num, lags: int(), pValue: probability })),
      durbinWatson: nullable(num),
      outliers: object({ mild: int(), severe: int() }),
      drift: nullable(num)
    })
  ),
  provenance: object(
    {
      ...Object.fromEntries(
        [
          'host',
          'cpuModel',
          'governor',
          'compiler',
          'buildType',
          'buildFlags',
          'libraryVersion',
          'libraryBuildType',
          'aslr',
          'kernel',
          'priority',
          'date',
          'executable',
          'turbo',
          'harness',
          'caches'
        ].map((k) => [k, text()])
      ),
      numCpus: int(),
      mhzPerCpu: num,
      cpuScalingEnabled: { type: 'boolean' },
      loadAvg: list(num, 16),
      pinnedCpu: int(),
      context: {
        type: 'object',
        maxProperties: 1000,
        propertyNames: text(256),
        additionalProperties: text()
      },
      governors: list(text(256), 16_384)
    },
    []
  ),
  shard: object(
    {
      index: int(1),
      count: { type: 'integer', minimum: 1, maximum: MAX_SHARDS },
      rule: { enum: ['hash', 'weights'] },
      weightsDigest: text(128),
      benchmarks: names,
      assigned: names,
      issues: ref('issues'),
      seconds: secondsByName
    },
    ['index', 'count', 'rule', 'benchmarks', 'assigned', 'issues', 'seconds']
  ),
  merged: object(
    {
      count: { type: 'integer', minimum: 1, maximum: MAX_SHARDS },
      shards: list(
        object(
          {
            index: int(1),
            host: text(),
            cpu: text(),
            benchmarks: int(),
            rounds: { type: 'number', minimum: 0 },
            measuringSeconds: { type: 'number', minimum: 0 },
            wallSeconds: { type: 'number', minimum: 0 }
          },
          ['index', 'benchmarks']
        ),
        MAX_SHARDS
      ),
      missing: list(object({ index: int(1), benchmarks: names }), MAX_SHARDS),
      machineSeconds: { type: 'number', minimum: 0 },
      wallSeconds: { type: 'number', minimum: 0 },
      seconds: secondsByName
    },
    ['count', 'shards', 'missing', 'machineSeconds', 'wallSeconds', 'seconds']
  ),
  run: object(
    {
      base: ref('sideInfo'),
      head: ref('sideInfo'),
      mergeBase: { type: 'boolean' },
      rounds: int(),
      plannedRounds: int(),
      repetitions: int(),
      stoppedEarly: nullable(text(MAX_LONG_TEXT_CHARS)),
      reproduce: text(MAX_LONG_TEXT_CHARS),
      key: text(),
      measuringSeconds: { type: 'number', minimum: 0 },
      wallSeconds: { type: 'number', minimum: 0 },
      adaptive: object({
        looks: int(),
        maxRounds: int(),
        benchmarkSecondsUsed: num,
        benchmarkSecondsIfFixed: num,
        saved: num
      }),
      layout: object(
        {
          seed: text(),
          draws: { enum: ['independent', 'shared'] },
          layouts: int(),
          relinkMs: { type: 'number', minimum: 0 }
        },
        ['seed', 'draws', 'layouts', 'relinkMs']
      ),
      shard: ref('shard'),
      merged: ref('merged')
    },
    ['base', 'head']
  ),
  options: object(
    {
      alpha: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      minEffect: { type: 'number', exclusiveMinimum: 0 },
      power: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      correction: { enum: ['bonferroni', 'holm', 'none'] },
      level: { enum: ['auto', 'repetitions'] },
      metric: { enum: ['auto', 'real_time', 'cpu_time'] },
      maxRounds: int(),
      testAlpha: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
      familyPadding: int()
    },
    ['alpha', 'minEffect', 'power', 'correction']
  ),
  benchmark: object(
    {
      name: ref('name'),
      verdict: { enum: VERDICTS },
      inconclusive_reason: nullable({
        enum: ['too-few-processes', 'level-unreachable', 'interval-reaches-delta', 'too-few-samples']
      }),
      // kind first, then the field that kind needs (so an error names the field that is wrong).
      advice: nullable({
        ...object(
          {
            kind: { enum: ['more-rounds', 'too-noisy', 'too-close', 'too-coarse', 'beyond-cap'] },
            rounds: int(),
            cap: int(),
            sdPercent: num,
            sdUpperPercent: num
          },
          ['kind']
        ),
        allOf: [
          {
            if: { properties: { kind: { const: 'more-rounds' } } },
            then: { properties: { rounds: int() }, required: ['rounds'] }
          },
          {
            if: { properties: { kind: { const: 'beyond-cap' } } },
            then: { properties: { rounds: int(), cap: int() }, required: ['rounds', 'cap'] }
          },
          {
            if: { properties: { kind: { const: 'too-noisy' } } },
            then: { properties: { sdPercent: num }, required: ['sdPercent'] }
          }
        ]
      }),
      metric: nullable({ enum: ['real_time', 'cpu_time'] }),
      level: { enum: ['repetitions', 'runs'] },
      level_reason: { enum: ['runs', 'too-few-processes', 'forced-repetitions'] },
      location: pair(nullable(num)),
      series: nullable(pair(list(num, MAX_SERIES))),
      samples: pair(int()),
      runs: pair(int()),
      median: pair(nullable(num)),
      p_value: nullable(probability),
      p_adjusted: nullable(probability),
      statistic: nullable(num),
      u: nullable(num),
      ties: { type: 'boolean' },
      test_method: nullable({ enum: ['exact', 'normal'] }),
      test: { enum: ['rank-sum', 'signed-rank'] },
      pairs: object({ used: int(), incomplete: int() }),
      conf_level: probability,
      range_level: probability,
      shift: ref('interval'),
      ratio: ref('interval'),
      power: nullable(
        object(
          {
            sd_log: num,
            alpha: probability,
            n_eff: num,
            required_per_side: nullable(num),
            min_detectable_effect: nullable(num),
            more_rounds: nullable(num)
          },
          ['sd_log', 'n_eff', 'required_per_side', 'min_detectable_effect', 'more_rounds']
        )
      ),
      sides: pair(ref('sideAnalysis')),
      warnings: ref('warnings'),
      issues: ref('issues'),
      adaptive: object({
        rounds: int(),
        look: int(),
        test_alpha: probability,
        stop_reason: { enum: STOP_REASONS }
      }),
      counts: ref('countComparison'),
      timing_only: { type: 'boolean' },
      not_explained_by_counts: { type: 'boolean' },
      timing_verdict: { enum: VERDICTS },
      counts_disagree: { type: 'boolean' },
      attribution: ref('attribution')
    },
    [
      'name',
      'verdict',
      'level',
      'samples',
      'runs',
      'median',
      'p_value',
      'p_adjusted',
      'conf_level',
      'shift',
      'ratio',
      'power',
      'sides',
      'warnings',
      'issues'
    ]
  )
}

/** Every benchmark carries its test's statistic under `name` (`u` up to version 2, `statistic` since 3). */
function statisticNamed(name: string) {
  return {
    type: 'object',
    properties: {
      benchmarks: {
        type: 'array',
        items: { type: 'object', properties: { [name]: nullable(num) }, required: [name] }
      }
    }
  }
}

/** The schema itself (a plain JSON value: docs/results.schema.json is this, pretty-printed). */
export const RESULTS_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  title: 'benchgate results.json, format versions 1 to 3',
  description:
    'What `benchgate run|compare|merge --out DIR` writes and `benchgate report` and the Action (comment and merge modes) read back as untrusted input. Fields may be added within a version; objects accept unknown fields holding a scalar or a flat list or map of scalars. See docs/results-format.md.',
  ...object(
    {
      format: { const: RESULTS_FORMAT },
      version: { enum: [...READABLE_RESULTS_VERSIONS] },
      generated_at: text(64),
      tool: object({ name: { const: 'benchgate' }, version: text(64) }),
      run: ref('run'),
      options: ref('options'),
      family_size: int(),
      suite_summary: nullable(
        object(
          {
            estimate: { type: 'number', exclusiveMinimum: 0 },
            ci: { type: 'array', items: { type: 'number', minimum: 0 }, minItems: 2, maxItems: 2 },
            confLevel: probability,
            benchmarks: int(),
            rounds: int()
          },
          ['estimate', 'ci', 'confLevel', 'benchmarks', 'rounds']
        )
      ),
      counts: verdictCounts,
      warnings: ref('warnings'),
      provenance: pair(ref('provenance')),
      benchmarks: list(ref('benchmark'), MAX_BENCHMARKS),
      count_mode: ref('countMode')
    },
    ['format', 'version', 'run', 'options', 'counts', 'warnings', 'provenance', 'benchmarks']
  ),
  // The test's statistic is `u` up to version 2 and `statistic` from version 3 (docs/results-format.md).
  if: { properties: { version: { enum: [...U_RESULTS_VERSIONS] } } },
  then: statisticNamed('u'),
  else: statisticNamed('statistic'),
  $defs
}

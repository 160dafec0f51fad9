/**
 * Count verdicts (docs/statistics.md §9): counts are deterministic, so there is no test, only the exact
 * relative change head/base − 1 of the chosen metric, judged against δ_count. The base side's two
 * passes give the noise floor; a benchmark whose two base counts differ by more than δ_count/4 is
 * `inconclusive: not deterministic` (it depends on time, addresses or randomness).
 */
import type { CountIssue, CountMeasurement, CountSample } from '../samples/countModel.js'
import { countMovement } from './countMovement.js'
import type {
  CountComparison,
  CountEvents,
  CountFigure,
  CountOptions,
  CountReason,
  Verdict
} from './types.js'

// The count types live in types.ts (one module of result types, no import circle); re-exported under their old home.
export type { CountComparison, CountEvents, CountFigure, CountOptions, CountReason }

export const DEFAULT_COUNT_OPTIONS: CountOptions = Object.freeze({ metric: 'instructions', threshold: 0.01 })

/** A benchmark's count samples: base's two passes (base2: the determinism pass) and head's one. */
export interface CountSamplesOf {
  base?: CountSample
  base2?: CountSample
  head?: CountSample
}

/** The count samples by benchmark, in first-seen order. */
export function countSamplesByBenchmark(samples: readonly CountSample[]): Map<string, CountSamplesOf> {
  const out = new Map<string, CountSamplesOf>()
  for (const s of samples) {
    const e = out.get(s.benchmark) ?? out.set(s.benchmark, {}).get(s.benchmark)!
    if (s.side === 'head') e.head = s
    else if (s.pass === 0) e.base = s
    else e.base2 = s
  }
  return out
}

/**
 * The count comparison of every benchmark counted or attempted on either side.
 * Pure; time O(samples + issues).
 */
export function compareCounts(
  measurement: Pick<CountMeasurement, 'samples' | 'issues'>,
  options: CountOptions = DEFAULT_COUNT_OPTIONS
): Map<string, CountComparison> {
  const bySide = countSamplesByBenchmark(measurement.samples)
  const slot = (b: string) => bySide.get(b) ?? bySide.set(b, {}).get(b)!
  const issuesOf = new Map<string, CountIssue[]>()
  for (const i of measurement.issues) {
    slot(i.benchmark)
    issuesOf.set(i.benchmark, [...(issuesOf.get(i.benchmark) ?? []), i])
  }
  const out = new Map<string, CountComparison>()
  for (const [benchmark, s] of bySide)
    out.set(benchmark, compareOne(s, issuesOf.get(benchmark) ?? [], options))
  return out
}

/** One count figure of both sides: the change head/base − 1, and the base's two passes' difference. */
export function figure(
  base: number | null | undefined,
  head: number | null | undefined,
  base2: number | null | undefined
): CountFigure {
  const b = base ?? null
  const h = head ?? null
  const relative = (x: number | null, y: number | null) =>
    x === null || y === null || y === 0 ? null : x / y - 1
  const noise = relative(base2 ?? null, b)
  return { base: b, head: h, change: relative(h, b), noise: noise === null ? null : Math.abs(noise) }
}

/** A count verdict, why (when it is not a plain reading of the change) and the words for it. */
export type CountJudgement = Pick<CountComparison, 'verdict' | 'reason' | 'message'>

/**
 * The verdict of one benchmark's counts from the figures alone (§9): the one rule the count pass and
 * the re-judging of a results file (analysis/judge.ts) both use.
 * @param figures both metrics' figures (the chosen one decides; its noise is the determinism check),
 *   and the per-event figures when kept (they tell a layout-only move of the estimated cycles)
 * @param failure the message of a side's failed pass, if any (absent side: failed, not new/removed)
 */
export function judgeCountFigures(
  figures: Pick<CountComparison, 'instructions' | 'cycles' | 'events'>,
  options: CountOptions,
  failure: string | null = null
): CountJudgement {
  const chosen = options.metric === 'cycles' ? figures.cycles : figures.instructions
  const base = figures.instructions.base !== null
  const head = figures.instructions.head !== null
  if (!base && !head)
    return { verdict: 'failed', reason: 'failed', message: failure ?? 'no count on either side' }
  if (!base || !head) {
    const side = base ? 'head' : 'base'
    if (failure !== null) return { verdict: 'failed', reason: 'failed', message: `${side}: ${failure}` }
    return { verdict: base ? 'removed' : 'new', reason: null, message: null }
  }
  if (chosen.noise !== null && chosen.noise > options.threshold / 4)
    return {
      verdict: 'inconclusive',
      reason: 'not-deterministic',
      message:
        `the base's two counts differ by ${(chosen.noise * 100).toFixed(3)}% (more than δ_count/4 = ` +
        `${((options.threshold / 4) * 100).toFixed(3)}%): it depends on time, addresses or randomness`
    }
  if (chosen.change === null)
    return { verdict: 'failed', reason: 'failed', message: `no ${options.metric} count on the base side` }
  // A verdict needs the noise check: without the second base count a crashed pass could pass as a change.
  if (chosen.noise === null)
    return {
      verdict: 'inconclusive',
      reason: 'unchecked',
      message: `the base's second count is missing${failure !== null ? ` (${failure})` : ''}: determinism could not be checked, so the count change (${(chosen.change * 100).toFixed(3)}%) decides nothing`
    }
  const verdict = countVerdict(chosen.change, options.threshold)
  if (options.metric === 'cycles' && (verdict === 'regression' || verdict === 'improvement'))
    return (
      layoutOnlyCycles({ ...figures, metric: options.metric }, options.threshold) ?? {
        verdict,
        reason: null,
        message: null
      }
    )
  return { verdict, reason: null, message: null }
}

/**
 * A cycles change that only address-dependent events made (docs/count-mode.md, "Moved"): negligible,
 * flagged, never a regression, since the same code moved by a few bytes makes it. Null otherwise.
 */
function layoutOnlyCycles(
  figures: Pick<CountComparison, 'metric' | 'instructions' | 'cycles' | 'events'>,
  threshold: number
): CountJudgement | null {
  if (!figures.events?.base || !figures.events.head) return null
  const { direction, layout } = countMovement(figures, threshold)
  if (direction !== 'flat' || layout.length === 0) return null
  const change = ((figures.cycles.change ?? 0) * 100).toFixed(3)
  return {
    verdict: 'negligible',
    reason: null,
    message:
      `estimated cycles ${change.startsWith('-') ? change : `+${change}`}% from instruction-cache/branch events alone ` +
      `(${layout.join(', ')}), with no event independent of addresses moved: layout?, not a change in what runs`
  }
}

function compareOne(
  passes: { base?: CountSample; base2?: CountSample; head?: CountSample },
  issues: CountIssue[],
  options: CountOptions
): CountComparison {
  const instructions = figure(
    passes.base?.instructions,
    passes.head?.instructions,
    passes.base2?.instructions
  )
  const cycles = figure(passes.base?.cycles, passes.head?.cycles, passes.base2?.cycles)
  const events: CountEvents = {
    base: passes.base?.events ?? null,
    head: passes.head?.events ?? null,
    base2: passes.base2?.events ?? null
  }
  const result = (j: CountJudgement): CountComparison =>
    withLayout(
      {
        metric: options.metric,
        ...j,
        instructions,
        cycles,
        iterations: passes.head?.iterations ?? passes.base?.iterations ?? null,
        events
      },
      options.threshold
    )
  const problem = issues.find((i) => i.kind !== 'crashed' && i.kind !== 'error') ?? issues[0]
  if (problem && (problem.kind === 'multi-threaded' || problem.kind === 'not-countable'))
    return result({ verdict: 'inconclusive', reason: problem.kind, message: problem.message })
  const failed = issues.find((i) => i.kind === 'crashed' || i.kind === 'error')
  return result(judgeCountFigures({ instructions, cycles, events }, options, failed?.message ?? null))
}

/** The comparison with its layout fingerprint derived from its events (absent when there is none). */
export function withLayout(k: CountComparison, threshold: number): CountComparison {
  const { layout: _claimed, ...rest } = k
  const layout = rest.reason === null ? countMovement(rest, threshold).layout : []
  return layout.length ? { ...rest, layout } : rest
}

/** §9: regression/improvement when |Δ| ≥ δ_count, negligible when 0 < |Δ| < δ_count, unchanged when equal. */
export function countVerdict(change: number, threshold: number): Verdict {
  if (change === 0) return 'unchanged'
  if (Math.abs(change) < threshold) return 'negligible'
  return change > 0 ? 'regression' : 'improvement'
}

/**
 * Which way the counts moved by δ_count in the events that do not depend on where code sits
 * (countMovement.ts), or 'flat'; null when unknown.
 */
export function countDirection(counts: CountComparison, threshold: number): 'up' | 'down' | 'flat' | null {
  // Not deterministic, multi-threaded, not countable or failed: the counts say nothing.
  if (counts.reason !== null) return null
  return countMovement(counts, threshold).direction
}

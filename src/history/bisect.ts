/**
 * Bisection of a change point's range (docs/history.md, "Bisect"): which commit of a push carried the
 * step. Pure search: the measurement is given as a function, so the order of measurements and the
 * three-way answer can be tested without building anything. Each commit inside the range is measured
 * against the range's first end (the commit before the change), never against a neighbour, so every
 * answer is about the same question: "has the step happened by this commit?"
 */
import type { Comparison } from '../analysis/types.js'
import type { CommitRecord } from './record.js'

/** One measurement's answer for the bisected benchmark: like the range's start, not like it, or not known. */
export type StepAnswer = 'same' | 'different' | 'undecided'

export interface BisectMeasurement {
  /** The commit measured against (the range's start) and the commit measured. */
  base: string
  head: string
  answer: StepAnswer
  /** The benchmark's verdict in that run (a verdict of the verdict table, or "identical program"). */
  verdict: string
  /** head/base − 1 of the benchmark (timing estimate or exact count change), null when not measured. */
  change: number | null
  /** Why an answer is undecided or how "same" was known (e.g. identical programs). */
  note: string | null
}

/** The bisection's three answers. */
export const BISECT_ANSWERS: readonly BisectOutcome['answer'][] = ['commit', 'not-in-range', 'undecided']

export interface BisectOutcome {
  /** `commit`: one commit carries the step; `not-in-range`: the range's ends measure the same; `undecided`. */
  answer: 'commit' | 'not-in-range' | 'undecided'
  /** The commit that carries the step (answer `commit`), else null. */
  commit: string | null
  /**
   * What is known at the end: the step happened after `after` and by `by` (for `commit`, `after` is the
   * commit's predecessor in the range).
   */
  after: string
  by: string
  /** Every measurement, in the order made. */
  measured: BisectMeasurement[]
  /** Commits inside the range (its end included, its start not). */
  commits: number
}

/** Measures `head` against `base` for the bisected benchmark. */
export type MeasureStep = (base: string, head: string) => Promise<BisectMeasurement>

/**
 * Finds the first commit of `range` at which the benchmark differs from the range's start, by halving.
 * `range` is the start (the last commit before the change) followed by the commits after it, oldest
 * first, the last being the range's end. The end is measured first: when it does not differ from the
 * start, the step is not in this range; when it cannot be told, nothing else is measured. A halving
 * step that cannot be told stops the search with what it narrowed (`undecided`): a guess would name the
 * wrong commit as surely as the right one. A commit that differs in the other direction from the end
 * is undecided too (the range holds more than one step).
 */
export async function bisectRange(range: readonly string[], measure: MeasureStep): Promise<BisectOutcome> {
  if (range.length < 2)
    throw new Error('bisectRange: a range needs its start and at least one commit after it')
  const start = range[0]
  const measured: BisectMeasurement[] = []
  const outcome = (answer: BisectOutcome['answer'], lo: number, hi: number): BisectOutcome => ({
    answer,
    commit: answer === 'commit' ? range[hi] : null,
    after: range[lo],
    by: range[hi],
    measured,
    commits: range.length - 1
  })
  const end = await measure(start, range[range.length - 1])
  measured.push(end)
  if (end.answer === 'same') return outcome('not-in-range', 0, range.length - 1)
  if (end.answer === 'undecided') return outcome('undecided', 0, range.length - 1)
  const direction = Math.sign(end.change ?? 0)
  let lo = 0 // known like the start
  let hi = range.length - 1 // known like the end
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2)
    const m = await measure(start, range[mid])
    const opposite = m.answer === 'different' && direction !== 0 && Math.sign(m.change ?? 0) === -direction
    const step = opposite
      ? {
          ...m,
          answer: 'undecided' as const,
          note: 'changed the other way from the range’s end: more than one step?'
        }
      : m
    measured.push(step)
    if (step.answer === 'undecided') return outcome('undecided', lo, hi)
    if (step.answer === 'same') lo = mid
    else hi = mid
  }
  return outcome('commit', lo, hi)
}

/**
 * A run's verdict as an answer: a regression or improvement (by timing or counts) differs; unchanged
 * or negligible is the same; anything else (undecided, timing-only, failed, missing) cannot be told.
 * Timing-only is not "different": a moved layout is not the code change being looked for.
 */
export function stepAnswerOf(verdict: string): StepAnswer {
  if (verdict === 'regression' || verdict === 'improvement') return 'different'
  if (verdict === 'unchanged' || verdict === 'negligible') return 'same'
  return 'undecided'
}

/**
 * Whether the store's records show NAME's step in its instructions: the range's end recorded with
 * counts, against the start's own record (or, without one, against the end's base), differing by
 * `threshold` (δ_count) or more. Counts are exact, so such a step is found without timing noise.
 */
export function stepShowsInCounts(
  records: readonly CommitRecord[],
  name: string,
  [from, to]: [string, string],
  threshold: number
): boolean {
  const counted = (commit: string) =>
    records.find((r) => r.commit === commit)?.benchmarks.find((b) => b.name === name)?.counts?.instructions
  const end = counted(to)
  const before = counted(from)?.head ?? end?.base ?? null
  const after = end?.head ?? null
  if (before === null || after === null || before <= 0) return false
  return Math.abs(after / before - 1) >= threshold
}

/** What one run said of the bisected benchmark (docs/history.md, "Bisect"). */
export interface RunOutcome {
  /** Base and head built the same program: nothing was run, and nothing can differ. */
  identical: boolean
  /** The benchmark's comparison, or undefined when it was not measured on both sides. */
  comparison: Pick<Comparison, 'verdict' | 'ratio' | 'counts' | 'warnings'> | undefined
  /** Count mode: the change is the exact instruction change, not the timing estimate. */
  counted: boolean
}

/** One run as a bisection measurement: its answer, verdict, change and, when it cannot tell, why. */
export function measurementOf(base: string, head: string, run: RunOutcome): BisectMeasurement {
  if (run.identical)
    return {
      base,
      head,
      answer: 'same',
      verdict: 'unchanged',
      change: 0,
      note: 'identical programs: nothing to measure'
    }
  const c = run.comparison
  if (!c)
    return {
      base,
      head,
      answer: 'undecided',
      verdict: 'missing',
      change: null,
      note: 'not measured on both sides'
    }
  const counted = run.counted ? (c.counts?.instructions.change ?? null) : null
  const answer = stepAnswerOf(c.verdict)
  return {
    base,
    head,
    answer,
    verdict: c.verdict,
    change: counted ?? (c.ratio ? c.ratio.estimate - 1 : null),
    note: answer === 'undecided' ? (c.warnings[0]?.message ?? null) : null
  }
}

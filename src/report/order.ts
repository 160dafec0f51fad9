/** Which benchmarks every report shows first, and in what order (docs/report.md). */
import type { Comparison, Verdict } from '../analysis/types.js'
import { QUIET_VERDICTS } from '../analysis/verdict.js'

/** Verdicts shown in the main table, in this order. */
export const CHANGED: Verdict[] = ['regression', 'failed', 'improvement', 'timing-only', 'new', 'removed']
/** Verdicts collapsed into one group: no significant change of at least δ (one list, the analysis's). */
export const QUIET: readonly Verdict[] = QUIET_VERDICTS

/** Regressions worst first, then failures, improvements best first, new, removed. */
export function sortChanged(cs: Comparison[]): Comparison[] {
  const rank = (c: Comparison) => CHANGED.indexOf(c.verdict)
  const size = (c: Comparison) => Math.abs(Math.log(c.ratio?.estimate ?? 1))
  return [...cs].sort((a, b) => rank(a) - rank(b) || size(b) - size(a) || byName(a, b))
}

/** Those whose CI still admits a regression ≥ δ first (largest upper bound first), then by name. */
export function sortQuiet(cs: Comparison[], minEffect: number): Comparison[] {
  const hi = (c: Comparison) => c.ratio?.ci[1] ?? 0
  const admits = (c: Comparison) => (hi(c) >= 1 + minEffect ? 1 : 0)
  return [...cs].sort((a, b) => admits(b) - admits(a) || (admits(a) ? hi(b) - hi(a) : 0) || byName(a, b))
}

/** The changed benchmarks and the quiet ones of a suite, each in report order. */
export function split(cs: Comparison[], minEffect: number): { changed: Comparison[]; quiet: Comparison[] } {
  return {
    changed: sortChanged(cs.filter((c) => CHANGED.includes(c.verdict))),
    quiet: sortQuiet(
      cs.filter((c) => QUIET.includes(c.verdict)),
      minEffect
    )
  }
}

/** Code-unit order: total, locale-independent and linear in the common prefix (unlike localeCompare). */
function byName(a: Comparison, b: Comparison): number {
  return a.benchmark < b.benchmark ? -1 : a.benchmark > b.benchmark ? 1 : 0
}

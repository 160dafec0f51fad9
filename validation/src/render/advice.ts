/** docs/VALIDATION.md, "Advice that delivers" (issue 27): the advice study's table (studies/advice.ts). */
import type { BinomialInterval } from '../model/binomial.js'
import type { AdviceCell, AdviceResults } from '../studies/advice.js'

const pct = (x: number) => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`)
const ci = (b: BinomialInterval) =>
  b.n === 0 ? '– (no advice)' : `${pct(b.rate)} (${b.x}/${b.n}) [${pct(b.lower)}, ${pct(b.upper)}]`

/** The study's meta line, a blank line and one row per cell (also what `npm run validate -- advice` prints). */
export function renderAdvice(cells: readonly AdviceCell[], meta: string): string {
  const rows = cells.map(
    (c) =>
      `| ${c.noise} | ${c.effect === 0 ? 'A/A' : `+${c.effect * 100}%`} | ${c.inconclusive}/${c.benchmarks} | ` +
      `${c.moreRounds} (${pct(c.moreRounds / c.benchmarks)}) | ${c.medianAdvisedRounds ?? '–'} | ${c.tooClose} | ${c.tooNoisy} | ` +
      `${ci(c.decided)} | ${ci(c.correct)} | ${c.correct.n === 0 ? '–' : c.correct.rate >= 0.8 ? 'yes' : '**no**'} |`
  )
  return [
    meta,
    '',
    '| noise | true change | inconclusive | advised "more rounds" | median rounds advised | too close to δ | too noisy | decided after the advised rounds | decided correctly | ≥ 80%? |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows
  ].join('\n')
}

/**
 * "Advice that delivers" (issue 27): the advice study's before/after results (studies/advice.ts), the
 * same simulated suites judged by the advice of the previous release and of this one.
 */
export function adviceSection(before: AdviceResults | undefined, after: AdviceResults | undefined): string {
  if (!after)
    return '\n## Advice that delivers\n\n_Not run yet (`npm run validate -- advice --out …/advice-after.json`)._\n'
  return `
## Advice that delivers

An inconclusive benchmark is told what would decide it (STATISTICS §4). The test of that advice: take the
benchmarks told "≈ r more rounds would decide it", append the next r rounds of the same simulated session, and
re-analyse. The target is at least 80% decided, and decided correctly, in every cell where advice is given;
the share of benchmarks given advice is published so that never advising cannot pass. Correct: *regression* only
for a true slowdown, *improvement* only for a true speed-up, *negligible*/*unchanged* only for a true change within δ.

**This release** (src/analysis/decisionAdvice.ts): the fewest rounds, at most twice those run, after which the
model gives a §7 verdict a probability ≥ 95% — the smallest over true shifts within ±1.28 standard errors of the
estimate, each averaged over the uncertainty of σ (σ implied by the benchmark's own interval). The model is
asked for 95% to deliver 80% because the benchmarks it advises are selected by it: those whose interval came out
narrow by chance, so their later intervals are wider than predicted (7% at the median). Asked for 80%, the same
study delivered 71–75% at +1%; for 90%, 78%. Near ±δ the advice is instead "too close to the minimum effect to
decide by timing", followed by §4's alternatives.

${after.meta}

${renderAdvice(after.cells, '').trim()}
${
  before
    ? `
**The previous release** (the sample size that rejects "no change" at power 0.95, advised when ≤ 2× the rounds run):

${renderAdvice(before.cells, '').trim()}
`
    : ''
}
What it shows: the cells with enough advice to judge deliver — A/A 92–94%, +1% 81–87% (the previous release:
50–55%), +5% 80–100% — with advice given to 1–3% of the benchmarks (a third to a tenth as often as before: the
rest are told they are too close to δ or too noisy, with §4's alternatives). **Not met:** at +3% the 4 benchmarks
per cell advised (of 12,000) delivered 1 and 2, and at +2% = δ one was advised and not decided. Those few are
benchmarks still inconclusive after 10 rounds at a true change 1% from δ, mostly hit by contention episodes, which
the model's normal noise does not foresee; they are 0.03% of the benchmarks, but the target is per cell.
`
}

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
model gives a §7 verdict a probability ≥ 95% — the smallest over true shifts within ±1.96 standard errors of the
estimate (the 95% range), each averaged over the uncertainty of σ. σ is the one the benchmark's own interval
implies, read from the bound a verdict has to move: for an estimate beyond ±δ the distance to the bound towards 0
(a rank interval is lopsided when bursts hit one side: +5.2% [−0.6%, +7.0%] is not ±3.8%), within ±δ the
half-width. The model is asked for 95% to deliver 80% because the benchmarks it advises are selected by it: those
whose interval came out narrow by chance, so their later intervals are wider than predicted (7% at the median).
Asked for 80%, an earlier version delivered 71–75% at +1%; for 90%, 78%; asked for 97%, this one advises fewer
and delivers less at +1% (75% and 60%: the stricter target selects the luckiest estimates). Near ±δ the advice
is instead "too close to the minimum effect to decide by timing", followed by §4's alternatives.

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
What it shows: advice is given in the A/A and +1% cells (0.1–0.5% of the benchmarks; the rest are told they are
too close to δ or too noisy, with §4's alternatives) and delivers there — A/A 91–94%, +1% 83% at low ICC —
except **at +1% with high ICC: 73% (22/30) [54%, 88%], below the target**, and not by chance: 16,000 further
suites of that cell (seeds from 30,000,000) gave 76.6% (105/137) [68.7%, 83.4%]. Near and beyond δ (+2%, +3%,
+5%) no advice is given: at +2–3% they are too close to δ to decide, and the few still inconclusive at +5% after
10 rounds are burst-hit, too noisy. The same 4000 suites per cell under the previous version of this rule
(±1.28 standard errors, σ from the half-width): advice to 0.1–3.1%, and six cells below 80% — +1% high ICC 77%
(200/260), +2% 50% (1/2) and 14% (1/7), +3% 62% (8/13) and 50% (7/14), +5% low ICC 75% (21/28).

**Why the +1% high-ICC cell is not met, and why no principled rule meets every cell.** Write se₀ = σ·√(2c/n₀)
for the standard error at n₀ runs per side and q_n for the t quantile at the verdict's level (c = 1.15).

1. *The rule cannot advise a symmetric interval.* One that is inconclusive reaches ±δ (or 0): the estimate is
   within q_n₀·se₀ of the boundary it has to clear, 3.69·se₀ at n₀ = 10 and α/K = 0.01/6. The rule advises when,
   at a truth 1.96·se₀ further toward that boundary, the cap's 3·n₀ runs clear it with probability 0.95: the final
   estimate moves ⅔·1.96 = 1.31·se₀, its interval is q₃ₙ₀/√3 = 1.90·se₀ wide each way, and the 95% margin on the
   final estimate (sd √2/3·se₀) is 0.78·se₀ — 3.99·se₀ in all, more than the 3.69 available. So no symmetric
   interval is ever advised (unit test "never advises rounds for a symmetric interval"); at n₀ ≥ 50 the same holds
   for every pair tried (truth searched 1.28–1.96·se₀, target 0.8–0.95). Twice the rounds buy less precision than
   the present uncertainty about the truth.
2. *So every piece of advice in the table comes from a lopsided rank interval*, and that is where it fails. All
   30 benchmarks advised at +1% high ICC had an estimate of 0.0–0.7% and an upper bound of +2.00% to +2.24%:
   within ±δ σ is read from the half-width, which understates the bound that has to move — +0.55% [−0.14%, +2.00%]
   was told "≈ 1 more round" and ended [−0.08%, +2.06%]; 10 of the 32 failures in the 16,000 suites were
   instead a contention burst in the appended rounds, which a normal run-level model cannot foresee. Reading σ
   from the farther bound (the principled reading) leaves no advice at all: none in the 96,000 benchmarks each of
   the high-ICC A/A and +1% cells.
3. *No rule that advises meets the target at every true change.* With m runs appended to n₀ (n in all), the
   within-δ verdict is a coin flip at the true change θ where (n₀·e₀ + m·θ)/n = ln(1 + δ) − h_n, whatever the rule,
   and the benchmarks it advises in a cell at that θ are those whose estimate e₀ lies nearest. For this rule that θ
   is about +1.5%: 16,000 suites at +1.5% high ICC delivered 36% (5/14) [13%, 65%]. Whether a grid of true changes
   (0, 1, 2, 3, 5%) passes depends on where those changes fall between its points. Loosening the rule to give real
   advice (σ from the farther bound, truth searched ±1.28·se₀, target 0.9) advises 1.3–1.5% at A/A (91–95%
   delivered) and 0.4–0.7% at +1% (85% low, 80% (86/108) high ICC), but +2%: 1/3 and 0/1. Integrating over the
   truth instead of taking its worst case (assurance, flat prior, target 0.9), high ICC: A/A 93% (2171/2332), +1%
   75% (851/1138), +2% 27% (11/41). σ taken at an upper bound (the 98.75% point of its distribution): no advice in
   24,000 benchmarks each at A/A and +1% high ICC.

What a rule can promise at every true change is how rarely advice fails, not the share of the advised that it
decides: advice that did not deliver is at most 9 of the 24,000 benchmarks of any cell above (0.04%), and 9 of
96,000 at +1.5%.
`
}

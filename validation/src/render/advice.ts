/** docs/VALIDATION.md, "Advice that delivers" (issue 27): the advice study's table (studies/advice.ts). */
import type { BinomialInterval } from '../model/binomial.js'
import type { AdviceCell } from '../studies/advice.js'

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

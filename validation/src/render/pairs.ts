/**
 * docs/VALIDATION.md, "Pairs" (issue 34): the simulation (validation/src/studies/pairs.ts, pairs.json) and
 * the real runs on this VM (validation/src/studies/pairsReal.ts, pairs-real.json), and the default they
 * decide. Rendered from the JSON results only, so the page can be regenerated without measuring.
 */
import { DEFAULT_ANALYSIS_OPTIONS } from '../../../src/analysis/types.js'
import type { BinomialInterval } from '../model/binomial.js'
import type { PairsCell, PairsResults } from '../studies/pairs.js'
import type { PairsRealResults, RealOutcome } from '../studies/pairsReal.js'

const pct = (x: number) => `${(100 * x).toFixed(1)}%`
const ci = (b: BinomialInterval) => `${pct(b.rate)} (${b.x}/${b.n}) [${pct(b.lower)}, ${pct(b.upper)}]`

/** The simulation's meta line, a blank line and one row per cell (also what `npm run validate -- pairs` prints). */
export function renderPairs(cells: readonly PairsCell[], meta: string): string {
  const rows = cells.map(
    (c) =>
      `| ${c.noise} | ${c.effect === 0 ? 'A/A' : `+${c.effect * 100}%`} | ${c.design} | ${c.medianRounds} | ` +
      `${c.familyError ? `${ci(c.familyError)}${c.familyError.rate <= DEFAULT_ANALYSIS_OPTIONS.alpha ? '' : ' **> α**'}` : '–'} | ` +
      `${ci(c.decidedCorrectly)} |`
  )
  return [
    meta,
    '',
    '| noise | true change | design | median rounds | A/A: suites with a false regression/improvement | benchmarks decided correctly |',
    '|---|---|---|---|---|---|',
    ...rows
  ].join('\n')
}

const DESIGNS = ['suite/unpaired', 'benchmark/paired', 'benchmark/unpaired'] as const

/** Per fixture and design: runs, median rounds, and how often each benchmark got each verdict. */
export function renderRealPairs(results: readonly RealOutcome[]): string {
  const rows: string[] = []
  for (const fixture of ['planted', 'A/A'] as const)
    for (const design of DESIGNS) {
      const runs = results.filter((r) => r.fixture === fixture && r.design === design)
      if (runs.length === 0) continue
      const rounds = runs.map((r) => r.rounds).sort((a, b) => a - b)[Math.floor(runs.length / 2)]
      const verdicts = (name: string) => {
        const tally = new Map<string, number>()
        for (const r of runs) {
          const v = r.benchmarks.find((b) => b.name === name)?.verdict ?? 'missing'
          tally.set(v, (tally.get(v) ?? 0) + 1)
        }
        return [...tally].map(([v, n]) => `${n}× ${v}`).join(', ')
      }
      const width = (name: string) => {
        const ws = runs
          .map((r) => r.benchmarks.find((b) => b.name === name))
          .filter((b) => b !== undefined)
          .map((b) => 100 * (b.ci[1] - b.ci[0]))
          .sort((a, b) => a - b)
        return ws.length ? `${ws[Math.floor(ws.length / 2)].toFixed(1)} points` : '–'
      }
      rows.push(
        `| ${fixture} | ${design} | ${runs.length} | ${rounds} | ${verdicts('BM_Planted')} | ${width('BM_Planted')} | ` +
          `${verdicts('BM_Same')} | ${width('BM_Same')} |`
      )
    }
  return [
    '| fixture | design | runs | median rounds | BM_Planted | its median interval width | BM_Same | its median interval width |',
    '|---|---|---|---|---|---|---|---|',
    ...rows
  ].join('\n')
}

/** "Pairs" (issue 34): the simulation (pairs.json) and the real runs (pairs-real.json); both or neither. */
export function pairsSection(sim: PairsResults | undefined, real: PairsRealResults | undefined): string {
  if (!sim || !real)
    return '\n## Pairs\n\n_Not run yet (`npm run validate -- pairs --out …/pairs.json`, `npm run validate -- pairs-real --out …/pairs-real.json`)._\n'
  return `
## Pairs: per-benchmark interleaving and the signed-rank test

ABBA runs base and head back to back in every round; whole-suite processes put seconds between a benchmark's
base and head run, per-benchmark processes (\`--interleave benchmark\`) a fraction of a second, so the pair shares
the machine's state and the signed-rank test of the rounds' log-ratios cancels it (STATISTICS §13, docs/pairs.md).
Three designs in **equal wall time**: suite/unpaired (whole-suite processes, Mann-Whitney: the default so far),
benchmark/paired, and benchmark/unpaired (the same per-benchmark samples analysed with Mann-Whitney, to separate
what the shorter gap buys from what the pairing buys).

**Simulation.** The noise model of Study 1 with this VM's slow phases (noiseModel.ts \`PHASES\`: two speeds 1.88×
apart, fast 28% of the time, exponential stretches of mean 0.30 s fast and 0.89 s slow, fitted to 400 back-to-back
processes), and without them (\`shared\`). A/A counts suites with any false regression or improvement (the
family-wise error, to be ≤ α = 1%); the other rows count benchmarks decided correctly.

${renderPairs(sim.cells, sim.meta)}

**Real runs on this VM** (\`npm run validate -- pairs-real\`): a two-benchmark fixture built with Google
Benchmark 1.7.1, ${real.meta.runs} runs per design, each \`benchgate run\` given \`--time-budget ${real.meta.budgetSeconds}\` (3 repetitions ×
0.01 s a process), designs alternating; ${Math.round(real.meta.seconds / 60)} minutes in all. *planted*: BM_Planted's loop 8% longer at
head, BM_Same's source changed only in a comment (its code may still move); *A/A*: head = base plus a comment,
measured with \`--measure-identical\`.

${renderRealPairs(real.results)}

**The default.** Per-benchmark interleaving with the paired analysis becomes the default of \`run\` and the Action
(\`--interleave auto\`): its A/A error stays at or below α in every cell (1.0% with the slow phases, which is the
exact test at its level: 1 − (1 − 0.01/6)⁶ = 1.0%; 0.1% without), it decides more at every change with the slow
phases (+2%: 4.9% against 3.5%; +3%: 16.8% against 12.0%; +5%: 48.6% against 43.8%) although it gets 24 rounds
where whole-suite processes get 34, and without them it gives up 0.8–1.9 points (A/A 92.3% against 94.2% decided). On this VM it found the planted +8% in
every run and called nothing in the A/A runs. What the pairing itself buys is the benchmark/unpaired row: the same
processes analysed unpaired decide far less with the phases (+5%: 22.2%), because a pair's shared phase is then
noise. In the real runs the three designs' intervals were alike in width (7–9 points): with two benchmarks a
whole-suite process is itself short (3 repetitions × 0.01 s each), so its pairs were nearly as close in time; the
gap, and with it what pairing per benchmark saves, grows with the suite. \`--interleave suite\` keeps whole-suite processes, for
suites whose benchmarks must share a process (a fixture set up once per process).
`
}

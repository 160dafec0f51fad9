/** docs/VALIDATION.md, "Targets": the rate targets checked against the simulation and the real study. */
import { clopperPearson } from '../model/binomial.js'
import { tally, type Rates } from '../model/outcome.js'
import type { RealResults } from '../studies/real.js'
import type { SimulationResults } from '../studies/simulation.js'
import { ALPHA, changeLabel, pct, rate, reversalNote, table } from './format.js'
import { machineCondition, outcomesOf, realRows } from './realRows.js'

/** "Targets": each rate target, where it was measured, the observed rate with its band, and whether it is met. */
export function targetsSection(
  sim: SimulationResults | undefined,
  real: RealResults | undefined
): string | null {
  const cs = checks(sim, real)
  if (cs.length === 0) return null
  return [
    '## Targets\n',
    table(
      ['target', 'where', 'observed [95% band]', 'met'],
      cs.map((c) => [c.target, c.where, c.observed, c.ok === null ? '–' : c.ok ? 'yes' : '**no**'])
    ),
    `\n"Type I error ≤ α" counts as met when α lies inside or above the 95% band (the data do not show a rate above α); ` +
      `"≥ 95% detection" when 95% is inside or below the band; "–" when fewer than ${MIN_N_FOR_VERDICT} comparisons were made (the band says nothing yet).\n`
  ].join('\n')
}

/** Below this many comparisons a band is too wide to say a rate target is met or missed ('–'). */
const MIN_N_FOR_VERDICT = 10

interface Check {
  target: string
  where: string
  observed: string
  ok: boolean | null
}

function checks(sim: SimulationResults | undefined, real: RealResults | undefined): Check[] {
  const out: Check[] = []
  const typeI = (where: string, r: Rates) => {
    const ci = clopperPearson(r.alarms, r.n)
    out.push({
      target: `gate Type I error ≤ α = ${ALPHA}`,
      where,
      observed: rate(r.alarms, r.n),
      ok: r.n < MIN_N_FOR_VERDICT ? null : ci.lower <= ALPHA
    })
  }
  const det5 = (where: string, r: Rates) =>
    out.push({
      target: '≥ 95% detection at +5%',
      where,
      observed: rate(r.detections, r.n),
      ok: r.n < MIN_N_FOR_VERDICT ? null : clopperPearson(r.detections, r.n).upper >= 0.95
    })
  const rev = (where: string, r: Rates) =>
    out.push({
      target: 'no reversals at ≥ +2% (reported direction)',
      where,
      observed: `${r.wrongDirection}/${r.n} reported; ${r.reversals}/${r.n} estimates on the wrong side${reversalNote(r)}`,
      ok: r.wrongDirection === 0
    })
  if (sim) {
    for (const preset of Object.keys(sim.presets)) {
      const get = (c: number) =>
        sim.cells.find((x) => x.preset === preset && x.method === 'benchgate' && x.trueChange === c)?.rates
      const a = get(0)
      if (a) typeI(`simulation, ${preset}`, a)
      for (const c of [0.02, 0.05, 0.1]) {
        const r = get(c)
        if (r) rev(`simulation, ${preset}, ${changeLabel(c)}`, r)
      }
      const f = get(0.05)
      if (f) det5(`simulation, ${preset}`, f)
    }
    const holm = sim.suite.find((s) => s.trueChange === 0 && s.method.includes('Holm'))
    if (holm) {
      out.push({
        target: `suite-wide false alarms ≤ α (Holm)`,
        where: `simulation, 20 benchmarks`,
        observed: rate(holm.anyFalseAlarm, holm.n),
        ok: clopperPearson(holm.anyFalseAlarm, holm.n).lower <= ALPHA
      })
    }
  }
  if (real) {
    for (const all of realRows(real)) {
      const quiet = { ...all, comparisons: all.comparisons.filter((c) => machineCondition(c) === 'quiet') }
      for (const [row, machine] of [
        [all, 'real'],
        [quiet, 'real, quiet machine']
      ] as const) {
        const r = tally(outcomesOf(row, 'benchgate'), row.change)
        if (r.n === 0) continue
        const where = `${machine}, ${row.benchmark}, ${changeLabel(Math.round(row.change * 100) / 100)}`
        if (row.change === 0) typeI(where, r)
        else rev(where, r)
        if (Math.abs(row.change - 0.05) < 1e-9) det5(where, r)
      }
    }
    if (real.comparisons.length) {
      const cs = real.comparisons
      const total =
        cs.reduce((a, c) => a + c.abba.orchestrationMs, 0) / cs.reduce((a, c) => a + c.abba.processMs, 0)
      out.push({
        target: 'orchestration overhead < 5% of measuring time',
        where: `real, ${cs.length} comparisons`,
        observed: pct(total, 2),
        ok: total < 0.05
      })
    }
  }
  return out
}

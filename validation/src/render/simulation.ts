/** docs/VALIDATION.md, "Study 1: simulation": the presets, design variants, Holm over a suite, budgets. */
import { SEQ_BENCHGATE, SEQ_MW, VARIANT_NAMES, type SimulationResults } from '../studies/simulation.js'
import { changeLabel, pct, rate, RATE_HEADER, rateCells, table } from './format.js'

/** "Study 1: simulation", or that it has not run yet. */
export function simulationSection(sim: SimulationResults | undefined): string {
  const out: string[] = []
  out.push('## Study 1: simulation\n')
  if (sim) {
    out.push(simSection(sim))
    out.push('\n### Design variants: analysis level, α, the design-effect cut-off\n')
    out.push(variantSection(sim))
    out.push('\n### Many benchmarks: Holm\n')
    out.push(suiteSection(sim))
    out.push('\n### Budget: rounds × repetitions\n')
    out.push(budgetSection(sim))
  } else out.push('_Not run yet (`npm run validate -- --sim-only`)._')
  return out.join('\n')
}

function simSection(sim: SimulationResults): string {
  const out: string[] = []
  const d = sim.design
  out.push(
    `Replications: ${sim.replications.perCell} per cell (one benchmark), ${sim.replications.suite} suites of 20 benchmarks, ` +
      `${sim.replications.budget} per budget cell; seed ${sim.seed}; ${sim.durationSeconds.toFixed(0)} s of computing. ` +
      `benchgate: ${d.warmupRounds} warm-up + ${d.rounds} ABBA rounds × ${d.repetitions} repetitions × ${d.minTime} s, ` +
      `analysed by \`analyzeSuite\` with the defaults of the time of the run (α = ${d.alpha}, δ = ${pct(d.minEffect, 0)}` +
      `${d.deffCutoff === undefined ? '' : `, the first design's design-effect cut-off ${d.deffCutoff} and Holm`}). ` +
      `Traditional: one base process with ${d.rounds * d.repetitions} repetitions, then one head process with as many ` +
      '(the same benchmark time), Mann-Whitney on the pooled repetitions at α = 0.05 (`compare.py`), direction from the ratio of medians.'
  )
  for (const preset of Object.keys(sim.presets)) {
    out.push(`\n### Noise preset \`${preset}\`\n`)
    out.push(presetBlurb(preset))
    const rows: string[][] = []
    const changes = [...new Set(sim.cells.map((c) => c.trueChange))].sort((a, b) => a - b)
    for (const change of changes) {
      for (const method of ['benchgate', SEQ_MW, SEQ_BENCHGATE]) {
        const cell = sim.cells.find(
          (c) => c.preset === preset && c.method === method && c.trueChange === change
        )
        if (cell) rows.push([changeLabel(change), method, ...rateCells(cell.rates, change)])
      }
    }
    out.push(table(RATE_HEADER, rows))
  }
  return out.join('\n')
}

function presetBlurb(preset: string): string {
  switch (preset) {
    case 'shared':
      return 'This VM as measured (`DEFAULT_NOISE`): contention episodes ~15% of the time.\n'
    case 'quiet':
      return 'The same machine without contention episodes or outliers (a dedicated runner).\n'
    case 'memory-bound':
      return "Noise of the order-book example: 1.5% within a process, 3% between processes (plus the shared machine's episodes).\n"
    default:
      return ''
  }
}

function variantSection(sim: SimulationResults): string {
  const out: string[] = []
  out.push(
    'The same simulated ABBA samples analysed with other settings (so differences between rows are not sampling noise ' +
      'between experiments). "Test Type I" is the share of A/A comparisons whose (adjusted) p-value was below the α of ' +
      'the row — the error rate of the test itself, before the minimum-effect rule; "gate false alarms" counts ' +
      'regression/improvement verdicts.\n'
  )
  const rows: string[][] = []
  for (const preset of Object.keys(sim.presets)) {
    for (const variant of VARIANT_NAMES) {
      const get = (c: number) =>
        sim.cells.find((x) => x.preset === preset && x.method === variant && x.trueChange === c)?.rates
      const a = get(0)
      const two = get(0.02)
      const five = get(0.05)
      if (!a) continue
      rows.push([
        preset,
        variant,
        `${a.runLevel}/${a.n}`,
        rate(a.significant, a.n),
        rate(a.alarms, a.n),
        two ? rate(two.detections, two.n) : '–',
        five ? rate(five.detections, five.n) : '–',
        pct(a.medianCiHalfWidth ?? NaN, 2)
      ])
    }
  }
  out.push(
    table(
      [
        'preset',
        'analysis',
        'run level used',
        'test Type I (A/A)',
        'gate false alarms (A/A)',
        'detections at +2%',
        'detections at +5%',
        'median CI half-width'
      ],
      rows
    )
  )
  return out.join('\n')
}

function suiteSection(sim: SimulationResults): string {
  const rows = sim.suite.map((c) => [
    changeLabel(c.trueChange) + (c.trueChange > 0 ? ' on 1 of 20' : ' on all 20'),
    c.method,
    rate(c.anyFalseAlarm, c.n),
    c.trueChange > 0 ? rate(c.detected, c.n) : '–'
  ])
  return (
    `A binary with 20 benchmarks, all unchanged (family-wise error) or one of them 5% slower, preset \`${sim.suite[0]?.preset ?? ''}\`.\n\n` +
    table(['scenario', 'method', 'suites with ≥ 1 false alarm', 'changed benchmark found'], rows)
  )
}

function budgetSection(sim: SimulationResults): string {
  const rows: string[][] = []
  const keys = [...new Set(sim.budget.map((b) => `${b.rounds}x${b.repetitions}`))]
  for (const k of keys) {
    const cells = sim.budget.filter((b) => `${b.rounds}x${b.repetitions}` === k)
    const at = (c: number) => cells.find((b) => b.trueChange === c)
    const a = at(0)
    const two = at(0.02)
    const five = at(0.05)
    if (!a) continue
    rows.push([
      `${a.rounds} × ${a.repetitions}`,
      `${a.seconds.toFixed(1)} s`,
      rate(a.rates.alarms, a.rates.n),
      two ? rate(two.rates.detections, two.rates.n) : '–',
      five ? rate(five.rates.detections, five.rates.n) : '–',
      pct(a.rates.medianCiHalfWidth ?? NaN, 2),
      pct(a.rates.medianMde ?? NaN, 2)
    ])
  }
  return (
    `benchgate with other budgets (rounds × repetitions, min time ${sim.design.minTime} s, preset \`${sim.budget[0]?.preset ?? ''}\`); ` +
    'time is simulated benchmark time per comparison (one benchmark, warm-up included); MDE is the minimum detectable effect benchgate reports (95% power, α = 0.01).\n\n' +
    table(
      [
        'rounds × repetitions',
        'time',
        'false alarms (A/A)',
        'detections at +2%',
        'detections at +5%',
        'median 99% CI half-width (A/A)',
        'median MDE (A/A)'
      ],
      rows
    )
  )
}

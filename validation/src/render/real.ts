/** docs/VALIDATION.md, "Study 2: real runs on this machine": rates, design variants, machine condition, overhead. */
import { median } from '../../../src/stats/summary.js'
import { tally } from '../model/outcome.js'
import type { RealComparison, RealResults } from '../studies/real.js'
import { SEQ_BENCHGATE, SEQ_MW, VARIANT_NAMES } from '../studies/simulation.js'
import { changeLabel, pct, rate, RATE_HEADER, rateCells, signedPct, table } from './format.js'
import { machineCondition, outcomesOf, QUIET_REAL_OVER_CPU, realRows } from './realRows.js'

/** "Study 2: real runs on this machine", or that it has not run yet. */
export function realStudySection(real: RealResults | undefined): string {
  const out: string[] = []
  out.push('\n## Study 2: real runs on this machine\n')
  if (real) {
    const m = real.machine
    const counts = real.cells
      .map((c) => `${c.id}: ${real.comparisons.filter((x) => x.cell === c.id).length}/${c.target}`)
      .join(', ')
    out.push(
      `Machine: ${m.cpu}, ${m.cpus} CPUs, ${m.kernel}, ${m.compiler}, Google Benchmark ${m.benchmarkLibrary}, governor: ${m.governor}; ` +
        `started ${m.date}. Part of the study ran while other jobs (test suites, builds) shared the VM's two cores, as on a busy CI runner, ` +
        `part on a quiet machine; "By machine condition" below separates the two.\n\n` +
        'spin_bench (bench-runner/examples/spin) does busy work calibrated once per machine (one shared `SPIN_CALIBRATION_FILE`); ' +
        'the builds differ only in `-DSPIN_SLOWDOWN` (1.00, 1.02, 1.05, 1.10), which scales the work, so the true change is known. ' +
        'Both BM_Spin/100us and BM_Spin/2ms run in every process; the order-book A/A runs BM_OrderBook_Array and BM_OrderBook_Map ' +
        '(the same build staged twice). Each comparison is measured by benchgate (ABBA rounds) and then by the traditional method ' +
        `with the same repetitions per side. Comparisons done / planned: ${counts}.\n`
    )
    out.push(realSection(real))
    out.push('\n### By machine condition\n')
    out.push(conditionSection(real))
    out.push('\n### Orchestration overhead\n')
    out.push(overheadSection(real))
  } else out.push('_Not run yet (`npm run validate -- --real-only`)._')
  return out.join('\n')
}

function realSection(real: RealResults): string {
  const out: string[] = []
  const rows: string[][] = []
  for (const row of realRows(real)) {
    for (const method of [
      'benchgate',
      'benchgate (suite, Holm)',
      'benchgate, cpu_time',
      SEQ_MW,
      SEQ_BENCHGATE
    ]) {
      const outs = outcomesOf(row, method)
      if (outs.length === 0) continue
      const r = tally(outs, row.change)
      rows.push([
        `${row.benchmark}, ${changeLabel(Math.round(row.change * 100) / 100)}`,
        method,
        ...rateCells(r, row.change)
      ])
    }
  }
  out.push(table(['benchmark, true change', ...RATE_HEADER.slice(1)], rows))
  out.push(
    '\n"benchgate" analyses each benchmark as a suite of one (per-comparison rates, as in the simulation); ' +
      '"benchgate (suite, Holm)" is the verdict the shipped report gave, Holm-adjusted over the benchmarks of the binary; ' +
      '"benchgate, cpu_time" is the same analysis of Google Benchmark\'s CPU time instead of real time (`metric: cpu_time`).\n'
  )
  // design variants on the same real data
  const vrows: string[][] = []
  for (const row of realRows(real)) {
    for (const method of [...VARIANT_NAMES, 'benchgate, cpu_time']) {
      const outs = outcomesOf(row, method)
      if (outs.length === 0) continue
      const r = tally(outs, row.change)
      vrows.push([
        `${row.benchmark}, ${changeLabel(Math.round(row.change * 100) / 100)}`,
        method,
        `${r.runLevel}/${r.n}`,
        rate(r.significant, r.n),
        row.change === 0 ? rate(r.alarms, r.n) : rate(r.detections, r.n),
        signedPct(r.medianEstimate),
        pct(r.medianCiHalfWidth ?? NaN, 2)
      ])
    }
  }
  out.push('\n#### Design variants on the same real samples\n')
  out.push(
    table(
      [
        'benchmark, true change',
        'analysis',
        'run level used',
        'test significant',
        'gate alarms (A/A) / detections',
        'median estimate',
        'median CI half-width'
      ],
      vrows
    )
  )
  return out.join('\n')
}

/** The same rates split by the machine's condition during each comparison. */
function conditionSection(real: RealResults): string {
  const rows: string[][] = []
  for (const row of realRows(real)) {
    for (const cond of ['quiet', 'contended', 'not recorded'] as const) {
      const sub = { ...row, comparisons: row.comparisons.filter((c) => machineCondition(c) === cond) }
      if (sub.comparisons.length === 0) continue
      const cell = (method: string) => {
        const outs = outcomesOf(sub, method)
        if (outs.length === 0) return '–'
        const r = tally(outs, row.change)
        return row.change === 0 ? rate(r.alarms, r.n) : rate(r.detections, r.n)
      }
      const half = tally(outcomesOf(sub, 'benchgate'), row.change).medianCiHalfWidth
      const ratios = sub.comparisons.map((c) => c.realOverCpu?.[row.benchmark]).filter((v) => v !== undefined)
      rows.push([
        `${row.benchmark}, ${changeLabel(Math.round(row.change * 100) / 100)}`,
        cond,
        ratios.length ? median(ratios).toFixed(3) : '–',
        cell('benchgate'),
        pct(half ?? NaN, 2),
        cell('benchgate, cpu_time'),
        cell(SEQ_MW)
      ])
    }
  }
  const recorded = real.comparisons.filter((c) => c.loadAverage)
  const loads = recorded.map((c) => (c.loadAverage!.start + c.loadAverage!.end) / 2)
  const loadNote = recorded.length
    ? `Load average (1 min, mean of start and end) over the ${recorded.length} recorded comparisons: median ${median(loads).toFixed(1)}, ` +
      `range ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}.`
    : ''
  return [
    `A comparison counts as **quiet** when every benchmark's median real time was within ${pct(QUIET_REAL_OVER_CPU - 1, 0)} of its CPU time ` +
      '(no process waited for a core), **contended** otherwise; comparisons measured before this was recorded are **not recorded** ' +
      `(the first ten ran while the VM's load average was 6–8). ${loadNote}`,
    '',
    table(
      [
        'benchmark, true change',
        'machine',
        'median real/CPU time',
        'benchgate: false alarms (0%) / detections',
        'benchgate: median CI half-width',
        'benchgate, cpu_time',
        'sequential + Mann-Whitney (compare.py)'
      ],
      rows
    )
  ].join('\n')
}

function overheadSection(real: RealResults): string {
  const cs = real.comparisons
  if (cs.length === 0) return '_No real comparisons yet._'
  const shares = cs.map((c) => c.abba.orchestrationMs / c.abba.processMs)
  const sum = (f: (c: RealComparison) => number) => cs.reduce((a, c) => a + f(c), 0)
  const total = sum((c) => c.abba.orchestrationMs) / sum((c) => c.abba.processMs)
  const sorted = [...shares].sort((a, b) => a - b)
  const max = sorted[sorted.length - 1]
  const med = sorted[Math.floor(sorted.length / 2)]
  const meas = sum((c) => c.abba.measuringMs) / cs.length / 1000
  const wall = sum((c) => c.abba.wallMs) / cs.length / 1000
  const seq = sum((c) => c.traditional.processMs) / cs.length / 1000
  const analysis = sum((c) => c.abba.analysisMs) / cs.length
  return [
    'Orchestration overhead = (wall time of `runRounds` − the summed durations of all benchmark processes it ran, warm-up included) ÷ ' +
      "those durations. A process's duration runs from spawn to exit (`runProcess`), so the overhead is everything benchgate does " +
      "between processes: spawning bookkeeping, parsing each JSONL sample file as it arrives (the pipeline's `onRunComplete`), progress " +
      'and the ABBA loop. Builds are excluded; the analysis after the rounds is shown separately.\n',
    table(
      [
        'comparisons',
        'overhead (all)',
        'median',
        'worst',
        'mean wall time of the rounds',
        'mean measuring time',
        'mean traditional (base+head) time',
        'mean analysis time'
      ],
      [
        [
          String(cs.length),
          pct(total, 2),
          pct(med, 2),
          pct(max, 2),
          `${wall.toFixed(1)} s`,
          `${meas.toFixed(1)} s`,
          `${seq.toFixed(1)} s`,
          `${analysis.toFixed(0)} ms`
        ]
      ]
    )
  ].join('\n')
}

/** The real study's comparisons as rows (cell × benchmark), and the machine's condition during each. */
import type { Outcome } from '../model/outcome.js'
import type { RealComparison, RealResults } from '../studies/real.js'

export interface RealCellRow {
  label: string
  benchmark: string
  change: number
  comparisons: RealComparison[]
}

export function realRows(real: RealResults): RealCellRow[] {
  const rows: RealCellRow[] = []
  for (const cell of real.cells) {
    const comps = real.comparisons.filter((c) => c.cell === cell.id)
    const names = [...new Set(comps.flatMap((c) => Object.keys(c.outcomes)))].sort()
    for (const b of names)
      rows.push({
        label: cell.id,
        benchmark: b,
        change: cell.factor - 1,
        comparisons: comps.filter((c) => c.outcomes[b])
      })
  }
  return rows
}

export function outcomesOf(row: RealCellRow, method: string): Outcome[] {
  return row.comparisons
    .map((c) => c.outcomes[row.benchmark][method])
    .filter((o): o is Outcome => o !== undefined)
}

/**
 * A comparison ran on a quiet machine when no benchmark waited for a core: its median real time is
 * within 5% of its CPU time (spin_bench and the order book are single-threaded and never block).
 */
export const QUIET_REAL_OVER_CPU = 1.05

export type MachineCondition = 'quiet' | 'contended' | 'not recorded'

export function machineCondition(c: RealComparison): MachineCondition {
  if (!c.realOverCpu) return 'not recorded'
  return Object.values(c.realOverCpu).every((v) => v <= QUIET_REAL_OVER_CPU) ? 'quiet' : 'contended'
}

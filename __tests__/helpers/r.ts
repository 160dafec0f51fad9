// Runs R (the statistics oracle) on vectors passed through temporary files as binary doubles (exact).
// R is installed by .ci/run; when it is missing the oracle tests are skipped with a message, never faked.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const hasR: boolean = spawnSync('Rscript', ['--version']).status === 0

/** Reason printed when oracle tests cannot run. */
export const noRReason =
  'Rscript not found: install r-base-core (apt-get install r-base-core) to run the R oracle tests'

/**
 * Runs an R script. Each entry of `inputs` is available in R as a numeric vector of that name.
 * The script reports results with `emit("name", value)`; they come back as number arrays
 * (NA -> NaN, Inf -> Infinity).
 */
export function runR(
  script: string,
  inputs: Record<string, ArrayLike<number>> = {}
): Record<string, number[]> {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-r-'))
  try {
    // As binary doubles: R's scan() reads some 17-digit decimals 1 ulp off (it read
    // -0.606643601457935 as -0.6066436014579351), which broke bit-exact comparisons at random.
    const loads = Object.entries(inputs).map(([name, values]) => {
      const file = join(dir, `${name}.bin`)
      const doubles = Float64Array.from(values)
      writeFileSync(file, new Uint8Array(doubles.buffer))
      return `${name} <- readBin(${JSON.stringify(file)}, "double", n = ${doubles.length}, size = 8)`
    })
    const prelude = [
      'emit <- function(name, value) cat(name, "\\t", paste(sprintf("%.17g", as.numeric(value)), collapse = " "), "\\n", sep = "")',
      ...loads
    ].join('\n')
    const file = join(dir, 'script.R')
    writeFileSync(file, `${prelude}\n${script}\n`)
    const r = spawnSync('Rscript', ['--vanilla', file], { encoding: 'utf8', maxBuffer: 1 << 28 })
    if (r.status !== 0) throw new Error(`R failed (exit ${r.status}):\n${r.stderr}`)
    const out: Record<string, number[]> = {}
    for (const line of r.stdout.split('\n')) {
      const tab = line.indexOf('\t')
      if (tab < 0) continue
      const values = line.slice(tab + 1).trim()
      out[line.slice(0, tab)] = values === '' ? [] : values.split(' ').map(parseRNumber)
    }
    return out
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

function parseRNumber(s: string): number {
  if (s === 'NA' || s === 'NaN') return NaN
  if (s === 'Inf') return Infinity
  if (s === '-Inf') return -Infinity
  return Number(s)
}

/** Relative difference, with an absolute floor for values near zero. */
export function relDiff(a: number, b: number, absFloor = 1e-300): number {
  if (a === b) return 0
  const d = Math.abs(a - b)
  if (d <= absFloor) return 0
  return d / Math.max(Math.abs(a), Math.abs(b))
}

/** A small seeded PRNG (mulberry32) for reproducible random test data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The seed of a randomised oracle test: ORACLE_SEED=<int> reproduces a run, otherwise a fresh one (shown in the test name). */
export function oracleSeed(): number {
  const fixed = process.env.ORACLE_SEED
  return fixed !== undefined ? Number(fixed) : Math.floor(Math.random() * 2 ** 31)
}

// Runs R (the statistics oracle) on vectors passed through temporary files as binary doubles (exact).
// R is installed by .ci/run; when it is missing the oracle tests are skipped with a message, never faked.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const hasR: boolean = spawnSync('Rscript', ['--version']).status === 0

/**
 * Whether R package `name` is installed, found without loading it: loading coin, metafor or survival
 * costs 1.5–2 s of CPU, a check by library() as much again as the oracle's own run.
 */
export function hasRPackage(name: string): boolean {
  if (!hasR) return false
  const r = spawnSync(
    'Rscript',
    ['--vanilla', '-e', `cat(nzchar(system.file(package = ${JSON.stringify(name)})))`],
    {
      encoding: 'utf8'
    }
  )
  return r.status === 0 && r.stdout.trim() === 'TRUE'
}

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

/** A script's results: its emits, or the error R raised in it. */
export type RPartResult = () => Record<string, number[]>

/**
 * Several R scripts run in one R process: a test file's tests each `add` a script while jest collects
 * them, and the first result asked for runs them all (each Rscript start costs ~0.3 s of CPU, and a
 * package such as coin 2 s more to load). Each script sees only its own inputs under their names and
 * emits under its own names; an error in one is thrown to the test that reads it, not the others.
 */
export function rBatch(): {
  add(script: string, inputs?: Record<string, ArrayLike<number>>): RPartResult
  /** Runs the scripts added so far (in a beforeAll with a long timeout: they all run at once). */
  run(): void
} {
  const parts: Array<{ script: string; inputs: Record<string, ArrayLike<number>> }> = []
  let results: Array<Record<string, number[]> | Error> | undefined
  const run = () => {
    const inputs: Record<string, ArrayLike<number>> = {}
    const blocks = parts.map((part, i) => {
      const names = Object.keys(part.inputs)
      for (const name of names) inputs[`p${i}_${name}`] = part.inputs[name]
      const body = [
        `emit <- function(name, value) .emit(paste0("p${i}:", name), value)`,
        ...names.map((name) => `${name} <- p${i}_${name}`),
        part.script
      ].join('\n')
      // the error message comes back as its character codes
      return `tryCatch(local({\n${body}\n}), error = function(e) .emit("p${i}:!error", utf8ToInt(conditionMessage(e))))`
    })
    const out = runR(['.emit <- emit', ...blocks].join('\n'), inputs)
    results = parts.map((_, i) => {
      const own: Record<string, number[]> = {}
      for (const [key, values] of Object.entries(out)) {
        if (key.startsWith(`p${i}:`)) own[key.slice(`p${i}:`.length)] = values
      }
      const error = own['!error']
      return error ? new Error(`R failed: ${String.fromCodePoint(...error)}`) : own
    })
  }
  return {
    run: () => {
      if (!results) run()
    },
    add(script, inputs = {}) {
      if (results) throw new Error('rBatch: a script was added after the batch ran')
      const i = parts.push({ script, inputs }) - 1
      return () => {
        if (!results) run()
        const r = results![i]
        if (r instanceof Error) throw r
        return r
      }
    }
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

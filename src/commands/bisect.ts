/**
 * `benchgate history bisect` (docs/history.md, "Bisect"): names the commit of a change point's range
 * that carried the step, by measuring commits inside the range against its start with the usual paired
 * rounds (instruction counts first when the store shows the step in them). Each measurement is a whole
 * `run` of one benchmark; its results are written to --out and the bisection is kept in the store.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { Config } from '../config/index.js'
import { ConfigError, EXIT } from '../errors.js'
import { git, gitFailure } from '../git/exec.js'
import { assertSafeRef, resolveCommit } from '../git/resolve.js'
import type { GitCredential } from '../git/credentials.js'
import {
  BISECT_ANSWERS,
  bisectRange,
  measurementOf,
  stepShowsInCounts,
  type BisectMeasurement,
  type BisectOutcome
} from '../history/bisect.js'
import { analyseHistory } from '../history/changes.js'
import type { CommitRecord } from '../history/record.js'
import { openStore, type HistoryStore } from '../history/store.js'
import { consoleLog, type Log } from '../log.js'
import { writeOutputs } from '../output.js'
import { runPipeline } from '../pipeline/index.js'
import { forLog } from '../report/escape.js'
import { formatChange } from '../report/format.js'
import { VERDICTS } from '../report/verdicts.js'
import { IDENTICAL_PROGRAM } from '../report/wording.js'
import { exactNameFilter } from '../samples/nameFilter.js'
import { valgrindRuns } from '../measure/measureMode.js'
import type { Io } from './io.js'

export const BISECT_HELP = `Usage: benchgate history bisect --store STORE --benchmark NAME [--range A..B] [--out DIR] [-- RUN OPTIONS]

Finds which commit of a change point's range carried the step of benchmark NAME. Without --range, the
range is that of NAME's newest change point in STORE (benchgate history report). Each commit inside the
range is measured against the range's start A with the run options after '--' (as 'benchgate run'
takes them, or from benchgate.json: --build, --binary, --rounds, ...), halving the range until one
commit carries the step. Instruction counts are measured first (--measure counts) when the store's
records show the step in them and valgrind is here.

The answer is one of: the commit that carries the step; not in this range (A and B measure the same);
${VERDICTS.inconclusive.word} (a measurement could not tell, e.g. too noisy: more --rounds). Every run's reports are written
to DIR/step-N (default DIR: benchgate-bisect) and the bisection to DIR/bisect.json; the store is only
read ('benchgate history record DIR/bisect.json --store STORE' keeps it there, in bisections/, from a
step that builds nothing). Exit 0 when a commit is named, 3 otherwise.`

const FLAGS = {
  store: { type: 'string' },
  benchmark: { type: 'string' },
  range: { type: 'string' },
  out: { type: 'string' }
} as const

export interface BisectFile {
  format: 'benchgate-bisect'
  version: 1
  benchmark: string
  range: { from: string; to: string }
  measure: Config['measure']
  started_at: string
  outcome: BisectOutcome
}

/**
 * Runs `history bisect ARGS` with `config` (the run options after '--', merged with benchgate.json).
 * @returns 0 when one commit is named, 3 (no answer) otherwise
 */
export async function bisectCommand(
  args: string[],
  config: Config,
  io: Io,
  cwd: string,
  credential?: GitCredential
): Promise<number> {
  const flags = parsed(args)
  const name = flags.benchmark
  const store = openStore(flags.store, cwd, credential)
  const records = await store.readAll()
  const [from, to] = flags.range
    ? await givenRange(config.repoDir, flags.range)
    : newestChange(records, name, store)
  const range = await commitsBetween(config.repoDir, from, to)
  const measure = await measureFor(records, name, [from, to], config, io)
  const log = consoleLog({ write: (t: string) => io.stderr(t) })
  const out = flags.out ?? 'benchgate-bisect'
  io.stderr(
    `history bisect: ${forLog(name)} over ${from.slice(0, 12)}..${to.slice(0, 12)} (${range.length - 1} commits), measuring ${measure}\n`
  )
  const started = new Date().toISOString()
  let step = 0
  const outcome = await bisectRange(range, async (base, head) => {
    step += 1
    const m = await measureOne({ ...config, measure }, name, base, head, join(out, `step-${step}`), log)
    io.stderr(`  ${step}. ${head.slice(0, 12)} against ${base.slice(0, 12)}: ${m.answer} (${describe(m)})\n`)
    return m
  })
  const file: BisectFile = {
    format: 'benchgate-bisect',
    version: 1,
    benchmark: name,
    range: { from, to },
    measure,
    started_at: started,
    outcome
  }
  writeOutputsJson(out, file)
  const written = join(out, 'bisect.json')
  io.stderr(
    `${answerLine(outcome, name)}\nbisection written to ${written}; to keep it in the store: benchgate history record ${written} --store ${flags.store}\n`
  )
  return outcome.answer === 'commit' ? EXIT.pass : EXIT.jobFailed
}

function parsed(args: string[]): { store: string; benchmark: string; range?: string; out?: string } {
  let values
  try {
    values = parseArgs({ args, options: FLAGS, allowPositionals: false, strict: true }).values
  } catch (e) {
    throw new ConfigError(`history bisect: ${(e as Error).message} (see benchgate history bisect --help)`)
  }
  if (values.store === undefined) throw new ConfigError('history bisect: --store is required')
  if (values.benchmark === undefined || values.benchmark === '')
    throw new ConfigError('history bisect: --benchmark NAME is required (the benchmark whose step to find)')
  return { ...values, store: values.store, benchmark: values.benchmark }
}

/** `A..B` resolved to two commits. */
async function givenRange(repoDir: string, text: string): Promise<[string, string]> {
  const parts = text.split('..')
  if (parts.length !== 2 || parts.some((p) => p === ''))
    throw new ConfigError(
      `--range '${text}': expected A..B (the commit before the change, and the first after it)`
    )
  parts.forEach((p, i) => assertSafeRef(p, i === 0 ? 'base' : 'head'))
  return [await resolveCommit(repoDir, parts[0], 'base'), await resolveCommit(repoDir, parts[1], 'head')]
}

/** The range of NAME's newest change point in the store's history. */
function newestChange(records: readonly CommitRecord[], name: string, store: HistoryStore): [string, string] {
  const series = analyseHistory(records).series.find((s) => s.name === name)
  const point = series?.change_points.at(-1)
  if (!point)
    throw new ConfigError(
      `history bisect: ${forLog(name)} has no change point in ${store.name}${series ? '' : ' (no such benchmark there)'}; give --range A..B`
    )
  return [point.from.commit, point.to.commit]
}

/** The range's start and the commits after it up to `to`, oldest first, along first parents. */
async function commitsBetween(repoDir: string, from: string, to: string): Promise<string[]> {
  const args = ['rev-list', '--first-parent', '--reverse', `${from}..${to}`]
  const r = await git(repoDir, args)
  if (r.code !== 0) throw gitFailure(r, args, repoDir, 'Listing the commits of the range')
  const inside = r.stdout.split('\n').filter(Boolean)
  if (inside.length === 0 || inside[inside.length - 1] !== to)
    throw new ConfigError(
      `history bisect: ${to.slice(0, 12)} does not follow ${from.slice(0, 12)} along first parents; give --range A..B with A an ancestor of B`
    )
  return [from, ...inside]
}

/**
 * Counts first (docs/history.md, "Bisect") when the store shows the step in the instructions and
 * valgrind runs; else the run's own mode.
 */
async function measureFor(
  records: readonly CommitRecord[],
  name: string,
  range: [string, string],
  config: Config,
  io: Io
): Promise<Config['measure']> {
  if (!stepShowsInCounts(records, name, range, config.countThreshold)) return config.measure
  if (await valgrindRuns(process.env)) return 'counts'
  io.stderr(
    'history bisect: the step shows in instruction counts, but valgrind is not here: measuring time\n'
  )
  return config.measure
}

/** One run of NAME alone, `head` against `base` (no merge-base: the range's commits are measured as they are). */
async function measureOne(
  config: Config,
  name: string,
  base: string,
  head: string,
  out: string,
  log: Log
): Promise<BisectMeasurement> {
  const filter = exactNameFilter([name]) ?? null
  const { report, samples } = await runPipeline(
    { ...config, base, head, mergeBase: false, filter, out, historyStore: null },
    log
  )
  writeOutputs(report, out, { samples })
  return measurementOf(base, head, {
    identical: report.suite.warnings.some((w) => w.code === IDENTICAL_PROGRAM),
    comparison: report.suite.comparisons.find((x) => x.benchmark === name),
    counted: config.measure === 'counts'
  })
}

function describe(m: BisectMeasurement): string {
  const change = m.change === null ? '' : `${formatChange(1 + m.change)}, `
  return `${change}${m.verdict}${m.note ? `: ${forLog(m.note)}` : ''}`
}

function answerLine(o: BisectOutcome, name: string): string {
  const runs = `${o.measured.length} measurement${o.measured.length === 1 ? '' : 's'} of ${o.commits} commits in the range`
  if (o.answer === 'commit')
    return `history bisect: ${o.commit} carries the step of ${forLog(name)} (${runs})`
  if (o.answer === 'not-in-range')
    return `history bisect: not in this range: ${o.by.slice(0, 12)} measures the same as ${o.after.slice(0, 12)} (${runs})`
  return `history bisect: ${VERDICTS.inconclusive.word}: the step is after ${o.after.slice(0, 12)} and by ${o.by.slice(0, 12)} (${runs}); measure with more --rounds`
}

function writeOutputsJson(out: string, file: BisectFile): void {
  mkdirSync(out, { recursive: true })
  writeFileSync(join(out, 'bisect.json'), JSON.stringify(file, null, 2) + '\n')
}

/** Where a bisection is kept in a store: bisections/<started>-<range end>.json (readers of records never look there). */
function bisectionPath(file: BisectFile): string {
  const stamp = file.started_at.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')
  return `bisections/${stamp}-${file.range.to.slice(0, 12)}.json`
}

const SHA = /^[0-9a-f]{40,64}$/

/** A bisect.json, checked field by field (it is read back from a job's files: untrusted), or null when `data` is not one. */
export function bisectFileOf(data: unknown, source: string): BisectFile | null {
  const f = data as Partial<BisectFile> | null
  if (typeof f !== 'object' || f === null || f.format !== 'benchgate-bisect') return null
  const bad = (what: string) => new ConfigError(`${source}: not a usable bisect.json: ${what}`)
  if (f.version !== 1) throw bad(`version ${String(f.version)} (this benchgate reads 1)`)
  if (typeof f.benchmark !== 'string' || f.benchmark === '') throw bad('no benchmark')
  if (!f.range || !SHA.test(String(f.range.from)) || !SHA.test(String(f.range.to)))
    throw bad('range is not two commit SHAs')
  if (typeof f.started_at !== 'string' || Number.isNaN(Date.parse(f.started_at)))
    throw bad('started_at is not a date')
  const o = f.outcome
  if (!o || !BISECT_ANSWERS.includes(o.answer) || !Array.isArray(o.measured))
    throw bad('outcome is missing or has no answer')
  return f as BisectFile
}

/** `history record BISECT.json --store STORE`: the bisection added to the store (a new file, never a replacement). */
export async function keepBisection(file: BisectFile, store: HistoryStore, io: Io): Promise<number> {
  const range = `${file.range.from.slice(0, 12)}..${file.range.to.slice(0, 12)}`
  const kept = await store.addFile(
    bisectionPath(file),
    Buffer.from(JSON.stringify(file, null, 2) + '\n'),
    `benchgate history: bisect ${range}`
  )
  io.stderr(
    `kept the bisection of ${forLog(file.benchmark)} over ${range} in ${store.name} as ${kept.path}\n`
  )
  return EXIT.pass
}

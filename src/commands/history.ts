/**
 * `benchgate history record|report|compact` (docs/history.md). Its few flags are parsed here with
 * node:util parseArgs rather than added to the option table (config/options.ts): the table's options
 * become a `Config` field, a benchgate.json key and often an Action input, and none of these flags is
 * any of that (a commit SHA or a store differs per job and makes no sense in a config file). The
 * analysis options of `report` (--q, --window, --delta) are history-only too.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { ConfigError, EXIT } from '../errors.js'
import type { GitCredential } from '../git/credentials.js'
import { validateResults } from '../report/readResults.js'
import { buildRecord, type RecordMeta } from '../history/record.js'
import { withCommitDate } from '../history/commitDate.js'
import { forLog } from '../report/escape.js'
import { openStore } from '../history/store.js'
import { analyseHistory, DEFAULT_CHANGES_OPTIONS, type ChangesOptions } from '../history/changes.js'
import { renderSummary } from '../history/summary.js'
import { renderHistoryHtml } from '../history/html/render.js'
import { repositoryWebUrl } from '../history/repoUrl.js'
import { checkMonth, currentMonth, filesOrRecords } from '../history/files.js'
import { bisectFileOf, keepBisection } from './bisect.js'
import type { Io } from './io.js'

export const HISTORY_HELP = `Usage: benchgate history record RESULTS.json --store STORE [--commit SHA --parent SHA --date ISO] [--pr N]
       benchgate history report --store STORE --out DIR [--repo-url URL] [--q Q] [--window W] [--delta D]
       benchgate history compact --store STORE [--before yyyy-mm]
       benchgate history bisect --store STORE --benchmark NAME [--range A..B] [--out DIR] [-- RUN OPTIONS]

Keeps the results of the default branch, one record per commit, and finds what moved: change points
(per benchmark, within one environment), environment changes, slow creep (docs/history.md).

STORE is a folder, or git:BRANCH: an orphan branch of the repository in the current directory
(git: alone means git:benchgate-history), fetched from and pushed to origin; with GITHUB_TOKEN set,
that fetch and push send it (git's environment only, never its config; GITHUB_SERVER_URL names the server).

  record     adds RESULTS.json (from 'benchgate run') as the record of its head commit, measured
             against its base (the last recorded commit); given a bisect.json, keeps the bisection. Results without SHAs (from 'compare', old
             artifacts) need --commit SHA --parent SHA --date ISO; --pr N names the pull request.
  report     writes DIR/history.html (one trend per benchmark, self-contained), DIR/changes.json and
             DIR/summary.md. --repo-url the repository's web address for commit links (default:
             from the git store's origin; none for a folder). --q false discovery rate of change points
             (default ${DEFAULT_CHANGES_OPTIONS.q}); --window paired steps of the creep (default ${DEFAULT_CHANGES_OPTIONS.window}); --delta smallest
             creep reported (default ${DEFAULT_CHANGES_OPTIONS.delta}).
  compact    merges every whole month before --before (default: the current month) into one file,
             in one commit.
  bisect     names the commit of a change point's range that carried NAME's step, measuring commits
             inside the range against its start (benchgate history bisect --help).`

const FLAGS = {
  store: { type: 'string' },
  commit: { type: 'string' },
  parent: { type: 'string' },
  date: { type: 'string' },
  pr: { type: 'string' },
  out: { type: 'string' },
  'repo-url': { type: 'string' },
  q: { type: 'string' },
  window: { type: 'string' },
  delta: { type: 'string' },
  before: { type: 'string' },
  help: { type: 'boolean', short: 'h' }
} as const

type Flags = Partial<Record<Exclude<keyof typeof FLAGS, 'help'>, string>>

/** Which flags each subcommand takes (others are refused, so a typo does not pass silently). */
const ALLOWED: Record<string, readonly string[]> = {
  record: ['store', 'commit', 'parent', 'date', 'pr'],
  report: ['store', 'out', 'repo-url', 'q', 'window', 'delta'],
  compact: ['store', 'before']
}

function number(flag: string, text: string, ok: (v: number) => boolean, expected: string): number {
  const v = Number(text)
  if (text.trim() === '' || !ok(v))
    throw new ConfigError(`--${flag}: '${text}' is not valid; expected ${expected}`)
  return v
}

function need(flags: Flags, name: 'store' | 'out', sub: string): string {
  const v = flags[name]
  if (v === undefined)
    throw new ConfigError(`history ${sub}: --${name} is required (see benchgate history --help)`)
  return v
}

async function record(
  flags: Flags,
  positionals: string[],
  io: Io,
  cwd: string,
  credential?: GitCredential
): Promise<number> {
  if (positionals.length !== 1)
    throw new ConfigError(`history record: expected one RESULTS.json, got ${positionals.length}`)
  const path = positionals[0]
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (e) {
    throw new ConfigError(`cannot read results file ${path}: ${(e as Error).message}`)
  }
  const bisection = bisectFileOf(parsedJson(text), path)
  if (bisection)
    return keepBisection(bisection, openStore(need(flags, 'store', 'record'), cwd, credential), io)
  const meta: RecordMeta = { commit: flags.commit, parent: flags.parent, date: flags.date }
  if (flags.pr !== undefined)
    meta.pr = number('pr', flags.pr, (v) => Number.isInteger(v) && v > 0, 'a pull request number')
  const results = validateResults(text, path)
  const rec = buildRecord(results, await withCommitDate(results, meta, cwd), path)
  const store = openStore(need(flags, 'store', 'record'), cwd, credential)
  const started = Date.now()
  const r = await store.add(rec)
  const how = r.attempts > 1 ? ` after ${r.attempts} push attempts` : ''
  io.stderr(
    r.added
      ? `recorded ${rec.commit.slice(0, 12)} (${rec.nothing_measured ? 'nothing measured: base and head built the same program' : `${rec.benchmarks.length} benchmarks`}) in ${store.name} as ${r.path}${how} (${Date.now() - started} ms)\n`
      : `${rec.commit.slice(0, 12)} is already recorded in ${store.name}; kept the existing record (records are never edited: a re-run records nothing)\n`
  )
  return EXIT.pass
}

/** JSON of a file whose kind is not known yet; null when it is not JSON (its own reader says why). */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function analysisOptions(flags: Flags): ChangesOptions {
  const o = { ...DEFAULT_CHANGES_OPTIONS }
  if (flags.q !== undefined) o.q = number('q', flags.q, (v) => v > 0 && v < 1, 'a number in (0, 1)')
  if (flags.window !== undefined)
    o.window = number('window', flags.window, (v) => Number.isInteger(v) && v >= 1, 'a whole number ≥ 1')
  if (flags.delta !== undefined)
    o.delta = number('delta', flags.delta, (v) => v >= 0 && Number.isFinite(v), 'a fraction ≥ 0 (0.02 = 2%)')
  return o
}

async function report(flags: Flags, io: Io, cwd: string, credential?: GitCredential): Promise<number> {
  const options = analysisOptions(flags)
  const out = need(flags, 'out', 'report')
  const store = openStore(need(flags, 'store', 'report'), cwd, credential)
  // A bad --repo-url stops before anything is read or written.
  const remote = flags['repo-url'] ?? (await store.remoteUrl())
  const repoUrl = remote === null ? null : repositoryWebUrl(remote)
  if (flags['repo-url'] !== undefined && repoUrl === null)
    throw new ConfigError(
      `--repo-url: '${flags['repo-url']}' is not a repository address (e.g. https://github.com/owner/repo)`
    )
  const { records, problems } = await store.read()
  if (problems.length)
    io.stderr(
      forLog(
        `history store ${store.name}: left out ${filesOrRecords(problems.length)} that cannot be trusted (the rest is reported):\n` +
          problems.map((p) => `  ${p}\n`).join('')
      )
    )
  const changes = analyseHistory(records, options)
  mkdirSync(resolve(cwd, out), { recursive: true })
  writeFileSync(resolve(cwd, out, 'changes.json'), JSON.stringify(changes, null, 2) + '\n')
  const summary = renderSummary(changes, problems)
  writeFileSync(resolve(cwd, out, 'summary.md'), summary)
  writeFileSync(resolve(cwd, out, 'history.html'), renderHistoryHtml(records, changes, { repoUrl, problems }))
  await io.stdout(summary)
  const cps = changes.series.reduce((n, s) => n + s.change_points.length, 0)
  const creeps = changes.series.filter((s) => s.creep?.reported).length
  io.stderr(
    `${records.length} records, ${changes.series.length} benchmarks: ${cps} change points, ` +
      `${changes.environment_changes.length} environment changes, ${changes.suspect_records.length} suspect records, ${creeps} creeping; wrote ${join(out, 'history.html')}, ${join(out, 'changes.json')} and ${join(out, 'summary.md')}\n`
  )
  return EXIT.pass
}

async function compact(
  flags: Flags,
  io: Io,
  cwd: string,
  now: Date,
  credential?: GitCredential
): Promise<number> {
  const before = checkMonth(flags.before ?? currentMonth(now), '--before')
  const store = openStore(need(flags, 'store', 'compact'), cwd, credential)
  const r = await store.compact(before)
  io.stderr(
    r.months.length
      ? `compacted ${r.months.join(', ')} (${r.records} records) in ${store.name}\n`
      : `nothing to compact before ${before} in ${store.name}\n`
  )
  for (const { month, why } of r.left) io.stderr(forLog(`left ${month} as record files: ${why}\n`))
  return EXIT.pass
}

/**
 * Runs `benchgate history SUB ...args` in `cwd`; throws ConfigError/JobError for the CLI to describe.
 * A git store fetches and pushes with `credential` (src/cli.ts: $GITHUB_TOKEN) when given.
 */
export async function historyCommand(
  args: string[],
  io: Io,
  cwd = process.cwd(),
  now = new Date(),
  credential?: GitCredential
): Promise<number> {
  let parsed
  try {
    parsed = parseArgs({ args, options: FLAGS, allowPositionals: true, strict: true })
  } catch (e) {
    throw new ConfigError(`history: ${(e as Error).message} (see benchgate history --help)`)
  }
  const { values, positionals } = parsed
  const [sub, ...rest] = positionals
  if (values.help || sub === undefined) {
    await io.stdout(HISTORY_HELP + '\n')
    return sub === undefined && !values.help ? EXIT.usage : EXIT.pass
  }
  if (!(sub in ALLOWED))
    throw new ConfigError(`history: unknown subcommand '${sub}'; expected record, report, compact or bisect`)
  const { help: _help, ...flags } = values
  const extra = Object.keys(flags).filter((f) => !ALLOWED[sub].includes(f))
  if (extra.length)
    throw new ConfigError(
      `history ${sub}: --${extra[0]} does not apply (it takes ${ALLOWED[sub].map((f) => `--${f}`).join(', ')})`
    )
  if (sub !== 'record' && rest.length)
    throw new ConfigError(`history ${sub}: unexpected argument '${rest[0]}'`)
  if (sub === 'record') return record(flags, rest, io, cwd, credential)
  if (sub === 'report') return report(flags, io, cwd, credential)
  return compact(flags, io, cwd, now, credential)
}

#!/usr/bin/env node
/**
 * The CLI entry: argv -> Config -> one command; the report goes to stdout, progress and the
 * gate's one-line reason to stderr. Only this file exits the process.
 * Exit codes: 0 pass, 1 regression (gate failed), 2 usage/config error, 3 the job could not run.
 */
import { realpathSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import { buildConfig, OPTION_NAMES, readConfigFile, type RawOptions } from './config.js'
import { describeError, EXIT } from './errors.js'
import type { Io } from './commands/io.js'
import { VERSION } from './version.js'

const BOOLEAN_OPTIONS = new Set([
  'merge-base',
  'keep-worktrees',
  'random-interleaving',
  'fail-on-base-build-failure',
  'adaptive'
])

export const HELP: Record<string, string> = {
  main: `benchgate ${VERSION}: stop performance regressions at the pull request.

Usage:
  benchgate run --base REF --build CMD --binary PATH [options]   build, measure (ABBA), analyse, gate
  benchgate compare BASE HEAD [options]    analyse existing sample files or folders
  benchgate report RESULTS.json [options]  re-render a results file (--format text|md|json, --html FILE)
  benchgate merge DIR|FILE... [options]    merge the shards of 'run --shard I/N' into one report and gate
  benchgate --version | --help | COMMAND --help

Exit codes: 0 pass, 1 regression (gate failed), 2 usage/config error, 3 the job could not run.`,
  run: `Usage: benchgate run --base REF --build CMD --binary PATH [options]

Builds the merge-base of REF and --head (default HEAD) and the head in two git worktrees, runs both
benchmark binaries in alternating rounds (base-head, head-base, ...) on this machine, analyses every
benchmark and fails (exit 1) on a regression.

Options:
  --base REF           what to compare against (merge-base with head unless --no-merge-base)
  --head REF           the change (default HEAD)
  --build CMD          shell command run in each worktree (BENCHGATE_SIDE=base|head is set)
  --binary PATH        benchmark executable, relative to the worktree
  --working-directory D  where benchmarks run, relative to the worktree (default .)
  --rounds N           ABBA rounds after one warm-up round (default 20)
  --repetitions N      --benchmark_repetitions per process (default 3)
  --min-time S         --benchmark_min_time in seconds (default 0.05)
  --filter REGEX       --benchmark_filter
  --random-interleaving  shuffle benchmark order inside each process
  --cpu N              pin benchmark processes to CPU N
  --adaptive           after the first --rounds, add ABBA rounds only for benchmarks still
                       inconclusive, with group-sequential levels (docs/adaptive.md)
  --max-rounds N       with --adaptive: at most N rounds per benchmark (default 3 × --rounds)
  --futility-power P   with --adaptive: stop measuring a benchmark whose chance of being decided
                       by --max-rounds is below P (default 0.01; 0 never stops one early)
  --time-budget S      stop adding rounds after S seconds of measuring (default 600)
  --run-timeout S      kill a benchmark process after S seconds (default 600)
  --lock FILE          hold this host-wide lock while measuring (self-hosted runners)
  --shard I/N          measure only shard I of N of the benchmarks (one CI job per shard; then
                       'benchgate merge' the shards' output folders into one report and gate)
  --shard-weights FILE split by the benchmark seconds in a previous merged results.json (balanced
                       by time) instead of by name hash
  --measure M          time (default): ABBA timing rounds; counts: instruction counts under valgrind
                       (deterministic, STATISTICS §9, docs/count-mode.md); both: timing and counts
  --count-metric M     what count verdicts read: instructions (default) or cycles (estimated)
  --count-threshold F  δ_count: smallest count change that is a regression (default 0.01 = 1%)
  --keep-worktrees     keep the work directory for inspection
  plus the analysis and output options of 'benchgate compare --help'

Example:
  benchgate run --base origin/main --build 'cmake -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build' --binary build/bench`,
  compare: `Usage: benchgate compare BASE HEAD [options]

BASE and HEAD are sample files or folders of them: Google Benchmark JSON (--benchmark_out),
bench-runner JSONL (--benchgate_samples) or CSV 'benchmark,nanoseconds'. In a folder, each file is
one process run.

Options:
  --alpha A            significance level of the gate (default 0.01)
  --min-effect D       smallest relative change that matters (default 0.02 = 2%)
  --correction C       bonferroni | holm | none: suite-wide error control; intervals at
                       1 − α/K (bonferroni, default), Holm's step levels, or 1 − α (none)
  --level L            auto (one value per process run; default) | repetitions (pools
                       repetitions: exploratory, the gate cannot trust it)
  --power P            power the sample-size advice aims at (default 0.95)
  --metric M           auto | real_time | cpu_time (default auto: CPU time, real time for
                       /real_time, /manual_time names and threads > 1)
  --fail-on F          regression | inconclusive | never (default regression)
  --format F           text | md | json on stdout (default text)
  --out DIR            where results.json, report.md, summary.md, report.txt and report.html
                       (plots; needs the raw samples) go (default benchgate-out)
  --html FILE          also write the self-contained HTML report with plots to FILE
  --config FILE        options from a JSON file (default benchgate.json if present)

Examples:
  benchgate compare base.json head.json
  benchgate compare runs/base runs/head --min-effect 0.05 --format md`,
  merge: `Usage: benchgate merge DIR|FILE... [options]

Merges the results of 'benchgate run --shard I/N' (one job per shard, e.g. a CI matrix) into one
analysis: one multiple-comparison correction over all benchmarks, one report, one gate (exit codes as
'run'). Each argument is a shard's results.json, its output folder (results.json with samples/ beside
it) or a folder of such folders (downloaded artifacts). The shards must come from the same base, head
and options and cover the benchmark list exactly once.

Options:
  --allow-missing      merge even when shards are missing; the report names the benchmarks not measured
  --fail-on F          regression | inconclusive | never (default regression)
  --format F           text | md | json on stdout (default text)
  --out DIR            where the merged results.json, reports and report.html go (default benchgate-out)
  --html FILE          also write the HTML report with plots to FILE

Example:
  benchgate merge shards/ --out merged`,
  report: `Usage: benchgate report RESULTS.json [--format text|md|json] [--fail-on F] [--html FILE]

  --html FILE          write the HTML report; its plots use the samples/ folder next to RESULTS.json
                       (as 'run' leaves it), else the page has the numbers only and says so

Example:
  benchgate report benchgate-out/results.json --format md > comment.md`
}

/** Parses argv and runs one command; returns the exit code (never exits itself). */
export async function main(argv: string[], io: Io): Promise<number> {
  const [command, ...rest] = argv
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    io.stdout(HELP.main + '\n')
    return command === undefined ? EXIT.usage : EXIT.pass
  }
  if (command === '--version' || command === '-v') {
    io.stdout(`${VERSION}\n`)
    return EXIT.pass
  }
  if (!(command in HELP) || command === 'main') {
    io.stderr(`benchgate: unknown command '${command}'\n\n${HELP.main}\n`)
    return EXIT.usage
  }
  try {
    const { values, positionals } = parseArgs({
      args: rest,
      options: parseOptions(),
      allowPositionals: true,
      strict: true
    })
    if ((values as Record<string, unknown>).help) {
      io.stdout(HELP[command] + '\n')
      return EXIT.pass
    }
    const {
      config: configPath,
      help: _help,
      'no-merge-base': noMergeBase,
      'allow-missing': allowMissing,
      ...flags
    } = values as Record<string, string | boolean | undefined>
    if (noMergeBase) flags['merge-base'] = false
    const fileOptions = readConfigFile(
      typeof configPath === 'string' ? configPath : 'benchgate.json',
      typeof configPath === 'string'
    )
    const config = buildConfig(fileOptions, flags as RawOptions)
    switch (command) {
      case 'run': {
        if (positionals.length !== 0) return usage(io, command, `unexpected argument '${positionals[0]}'`)
        const { runCommand } = await import('./commands/run.js')
        return await runCommand(config, io)
      }
      case 'compare': {
        if (positionals.length !== 2)
          return usage(io, command, `expected BASE and HEAD, got ${positionals.length} argument(s)`)
        const { compareCommand } = await import('./commands/compare.js')
        return await compareCommand(config, positionals[0], positionals[1], io)
      }
      case 'report': {
        if (positionals.length !== 1)
          return usage(io, command, `expected one RESULTS.json, got ${positionals.length} argument(s)`)
        const { reportCommand } = await import('./commands/report.js')
        return await reportCommand(config, positionals[0], io)
      }
      case 'merge': {
        if (positionals.length === 0)
          return usage(io, command, "expected the shards' results (folders or results.json files)")
        const { mergeCommand } = await import('./commands/merge.js')
        return await mergeCommand(config, positionals, io, { allowMissing: allowMissing === true })
      }
    }
    return EXIT.usage
  } catch (e) {
    if ((e as { code?: string }).code?.toString().startsWith('ERR_PARSE_ARGS'))
      return usage(io, command, (e as Error).message)
    const { code, message } = describeError(e)
    io.stderr(message + '\n')
    return code
  }
}

function usage(io: Io, command: string, problem: string): number {
  io.stderr(`benchgate ${command}: ${problem}\n\n${HELP[command]}\n`)
  return EXIT.usage
}

function parseOptions(): ParseArgsConfig['options'] {
  const options: NonNullable<ParseArgsConfig['options']> = {
    help: { type: 'boolean', short: 'h' },
    config: { type: 'string' }
  }
  for (const name of OPTION_NAMES) options[name] = { type: BOOLEAN_OPTIONS.has(name) ? 'boolean' : 'string' }
  options['no-merge-base'] = { type: 'boolean' }
  options['allow-missing'] = { type: 'boolean' }
  return options
}

/* istanbul ignore next -- the process entry itself */
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const io: Io = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    isTTY: Boolean(process.stderr.isTTY)
  }
  main(process.argv.slice(2), io).then((code) => {
    process.exitCode = code
  })
}

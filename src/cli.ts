#!/usr/bin/env node
/**
 * The CLI entry: argv -> Config -> one command; the report goes to stdout, progress and the
 * gate's one-line reason to stderr. Only this file exits the process.
 * Exit codes: 0 pass, 1 regression (gate failed), 2 usage/config error, 3 the job could not run.
 */
import { realpathSync } from 'node:fs'
import type { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { parseArgs, type ParseArgsConfig } from 'node:util'
import {
  buildConfig,
  type Config,
  OPTIONS,
  readConfigFile,
  type Command,
  type OptionSpec,
  type RawOptions
} from './config/index.js'
import { describeError, EXIT } from './errors.js'
import { didYouMean } from './config/suggest.js'
import type { Io } from './commands/io.js'
import { VERSION } from './version.js'
import { noRunnerCommands, noRunnerCommandsInPieces } from './report/escape.js'

/** The width of the flag column in help; longer flags push their text to the next line. */
const FLAG_COLUMN = 23
const HELP_WIDTH = 100

/** Which options a command's help lists (the table's `commands`). */
function listedIn(command: Command): (o: OptionSpec) => boolean {
  return (o) => o.commands.includes(command)
}

/** Help lines for the table's options that pass `include`: flag, text, accepted values, default. */
function optionHelp(include: (o: OptionSpec) => boolean): string {
  return OPTIONS.filter(include)
    .map((o) => {
      const flag = o.type === 'bool' && o.default === true ? `--[no-]${o.name}` : `--${o.name}`
      // A flag's help says what it turns on or off; other defaults are shown.
      const shown = o.defaultText ?? (o.default === null || o.type === 'bool' ? null : String(o.default))
      const values = o.type === 'enum' ? `${o.values!.join(' | ')}: ` : ''
      const text = `${values}${o.help}${shown === null ? '' : ` (default ${shown})`}`
      return helpEntry(`  ${flag}${o.arg ? ' ' + o.arg : ''}`, text)
    })
    .join('\n')
}

/** `flag` then `text` wrapped at HELP_WIDTH, continuation lines indented to FLAG_COLUMN. */
function helpEntry(flag: string, text: string): string {
  const lines: string[] = []
  let line = flag.length + 2 <= FLAG_COLUMN ? flag.padEnd(FLAG_COLUMN) : flag + '  '
  let empty = true
  for (const word of text.split(' ')) {
    if (!empty && line.length + 1 + word.length > HELP_WIDTH) {
      lines.push(line)
      line = ' '.repeat(FLAG_COLUMN)
      empty = true
    }
    line += (empty ? '' : ' ') + word
    empty = false
  }
  return [...lines, line].join('\n')
}

export const HELP: Record<string, string> = {
  main: `benchgate ${VERSION}: stop performance regressions at the pull request.

Usage:
  benchgate run --base REF --build CMD --binary PATH [options]   build, measure (ABBA), analyse, gate
  benchgate compare BASE HEAD [options]    analyse existing sample files or folders
  benchgate report RESULTS.json [options]  re-render a results file (--format text|md|json, --html FILE)
  benchgate merge DIR|FILE... [options]    merge the shards of 'run --shard I/N' into one report and gate
  benchgate explain OUT_DIR BENCHMARK      where a benchmark's count or time change comes from, per function
  benchgate history record|report|compact  keep main's results, find change points and creep (history --help)
  benchgate --version | --help | COMMAND --help

Exit codes: 0 pass, 1 regression (gate failed), 2 usage/config error, 3 the job could not run.`,
  run: `Usage: benchgate run --base REF --build CMD --binary PATH [options]

Builds the merge-base of REF and --head (default HEAD) and the head in two git worktrees, runs both
benchmark binaries in alternating rounds (base-head, head-base, ...) on this machine, analyses every
benchmark and fails (exit 1) on a regression.

Options:
${optionHelp((o) => o.commands.includes('run') && !o.commands.includes('compare'))}
  plus the analysis and output options of 'benchgate compare --help'

Example:
  benchgate run --base origin/main --build 'cmake -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build' --binary build/bench`,
  compare: `Usage: benchgate compare BASE HEAD [options]

BASE and HEAD are sample files or folders of them: Google Benchmark JSON (--benchmark_out),
bench-runner JSONL (--benchgate_samples) or CSV 'benchmark,nanoseconds'. In a folder, each file is
one process run.

Options:
${optionHelp(listedIn('compare'))}
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
${optionHelp(listedIn('merge'))}

Example:
  benchgate merge shards/ --out merged`,
  explain: `Usage: benchgate explain OUT_DIR BENCHMARK

Prints where one benchmark's change comes from, function by function, from a finished run with
--measure counts or both: self and inclusive instructions (or estimated cycles) per iteration of the
timed loop, base and head, their change and share of the benchmark's change, and the change in
simulated D1/LL cache misses and mispredicted branches. OUT_DIR is the run's --out folder (or its
results.json).

Example:
  benchgate explain benchgate-out BM_Parse/json/4096`,
  // Shown by 'benchgate history --help' from commands/history.ts (HISTORY_HELP); listed here as a command.
  history: 'Usage: benchgate history record|report|compact [options] (benchgate history --help)',
  report: `Usage: benchgate report RESULTS.json [options]

Options:
${optionHelp(listedIn('report'))}
                       (the HTML plots use the samples/ folder next to RESULTS.json, as 'run'
                       leaves it; else the page has the numbers only and says so)

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
    const commands = Object.keys(HELP).filter((c) => c !== 'main')
    io.stderr(`benchgate: unknown command '${command}'.${didYouMean(command, commands)}\n\n${HELP.main}\n`)
    return EXIT.usage
  }
  try {
    if (command === 'history') {
      // Its own subcommands and flags (commands/history.ts says why they are not in the option table).
      const { historyCommand } = await import('./commands/history.js')
      // In a workflow, a git store's fetch and push get the token from the step's environment, given
      // to those git commands only (docs/security.md, defence 2).
      const token = process.env.GITHUB_TOKEN
      const credential = token ? { token, serverUrl: process.env.GITHUB_SERVER_URL } : undefined
      if (rest[0] === 'bisect') return await bisect(rest.slice(1), io, credential)
      return await historyCommand(rest, io, undefined, undefined, credential)
    }
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
    const { config, allowMissing } = configOf(values as Record<string, string | boolean | undefined>)
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
      case 'explain': {
        if (positionals.length !== 2)
          return usage(io, command, `expected OUT_DIR and BENCHMARK, got ${positionals.length} argument(s)`)
        const { explainCommand } = await import('./commands/explain.js')
        return await explainCommand(config, positionals[0], positionals[1], io)
      }
      case 'merge': {
        if (positionals.length === 0)
          return usage(io, command, "expected the shards' results (folders or results.json files)")
        const { mergeCommand } = await import('./commands/merge.js')
        return await mergeCommand(config, positionals, io, { allowMissing })
      }
    }
    return EXIT.usage
  } catch (e) {
    if ((e as { code?: string }).code?.toString().startsWith('ERR_PARSE_ARGS'))
      return usage(io, command, withSuggestion((e as Error).message))
    const { code, message } = describeError(e)
    io.stderr(message + '\n')
    return code
  }
}

/** The run options of parsed flags over benchgate.json (or --config FILE) over the defaults. */
function configOf(values: Record<string, string | boolean | undefined>): {
  config: Config
  allowMissing: boolean
} {
  const { config: configPath, 'allow-missing': allowMissing, ...flags } = optionsFromFlags(values)
  const fileOptions = readConfigFile(
    typeof configPath === 'string' ? configPath : 'benchgate.json',
    typeof configPath === 'string'
  )
  return { config: buildConfig(fileOptions, flags as RawOptions), allowMissing: allowMissing === true }
}

/**
 * `history bisect [FLAGS] [-- RUN OPTIONS]`: its own flags before '--' (commands/bisect.ts), the run's
 * options after it, parsed as `run` parses them.
 */
async function bisect(
  args: string[],
  io: Io,
  credential?: { token: string; serverUrl?: string }
): Promise<number> {
  const { BISECT_HELP, bisectCommand } = await import('./commands/bisect.js')
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout(BISECT_HELP + '\n')
    return EXIT.pass
  }
  const cut = args.indexOf('--')
  const own = cut < 0 ? args : args.slice(0, cut)
  const runArgs = cut < 0 ? [] : args.slice(cut + 1)
  const { values, positionals } = parseArgs({
    args: runArgs,
    options: parseOptions(),
    allowPositionals: true,
    strict: true
  })
  if (positionals.length)
    return usage(io, 'history', `history bisect: unexpected argument '${positionals[0]}' after '--'`)
  const { config } = configOf(values as Record<string, string | boolean | undefined>)
  return bisectCommand(own, config, io, process.cwd(), credential)
}

/** parseArgs' "Unknown option '--roudns'…" with the closest flag named first. */
function withSuggestion(message: string): string {
  const unknown = /^Unknown option '(--?[^'=]+)/.exec(message)?.[1]
  if (!unknown) return message
  const flags = Object.keys(parseOptions()).map((name) => `--${name}`)
  const hint = didYouMean(unknown, flags)
  return hint ? `unknown option '${unknown}'.${hint}` : message
}

function usage(io: Io, command: string, problem: string): number {
  io.stderr(`benchgate ${command}: ${problem}\n\n${HELP[command]}\n`)
  return EXIT.usage
}

/** Every table option as a flag (booleans that default to true also as --no-NAME), and the CLI's own. */
export function parseOptions(): NonNullable<ParseArgsConfig['options']> {
  const options: NonNullable<ParseArgsConfig['options']> = {
    help: { type: 'boolean', short: 'h' },
    config: { type: 'string' },
    'allow-missing': { type: 'boolean' }
  }
  for (const o of OPTIONS) {
    options[o.name] = { type: o.type === 'bool' ? 'boolean' : 'string' }
    if (o.type === 'bool' && o.default === true) options[`no-${o.name}`] = { type: 'boolean' }
  }
  return options
}

/** parseArgs' values -> raw options by table name (--no-NAME sets NAME to false), --config, --allow-missing. */
export function optionsFromFlags(values: Record<string, string | boolean | undefined>): RawOptions & {
  config?: string | boolean
  'allow-missing'?: string | boolean
} {
  const { help: _help, ...rest } = values
  const negated = (name: string) => name.startsWith('no-') && OPTIONS.some((o) => o.name === name.slice(3))
  const raw = Object.fromEntries(Object.entries(rest).filter(([name]) => !negated(name)))
  // --no-NAME wins over --NAME, whatever their order.
  for (const [name, value] of Object.entries(rest)) if (negated(name) && value) raw[name.slice(3)] = false
  return raw
}

/**
 * Writes `text` to `stream`; when the stream's buffer is full (a pipe read slower than written),
 * returns a promise that settles once it drains, or closes: the caller waits instead of queueing.
 * A stream already closed (the reader went away) takes nothing and makes no one wait.
 */
export function writeWhenReady(stream: Writable, text: string): void | Promise<void> {
  if (stream.destroyed || stream.write(text)) return
  return new Promise((resolve) => {
    const settle = () => {
      for (const event of ['drain', 'close', 'error']) stream.off(event, settle)
      resolve()
    }
    for (const event of ['drain', 'close', 'error']) stream.once(event, settle)
  })
}

/* istanbul ignore next -- the process entry itself */
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // Every report, explain and history text goes through here: in a workflow step no stdout line may
  // start a runner command, whichever writer made it (docs/security.md, defence 16).
  const toStdout = noRunnerCommandsInPieces()
  const io: Io = {
    stdout: (t) => writeWhenReady(process.stdout, toStdout(t)),
    // Progress and errors quote untrusted text: in a workflow step no line may start a runner command.
    stderr: (t) => process.stderr.write(noRunnerCommands(t)),
    colour: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    isTTY: Boolean(process.stderr.isTTY)
  }
  main(process.argv.slice(2), io).then((code) => {
    process.stdout.write(toStdout())
    process.exitCode = code
  })
}

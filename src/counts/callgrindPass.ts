/**
 * One count pass: a side's benchmark binary under callgrind, every benchmark with a fixed iteration
 * count, dumps cut at Google Benchmark's loop boundaries and report calls (docs/count-mode.md).
 * Spawned with an argument array; the binary gets the same credential-free environment as timing.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { JobError } from '../errors.js'
import { describeExit, readTail, runProcess } from '../process/spawn.js'
import {
  dumpNumber,
  LOOP_END_FUNCTION,
  LOOP_START_FUNCTION,
  parseCallgrindDump,
  REPORT_FUNCTION,
  type CallgrindDump
} from '../samples/callgrind.js'
import { parseCallgrindProfile } from '../samples/callgrindProfile.js'
import { attributeDumps, benchmarkEntries, type Attribution } from '../samples/countAttribution.js'
import type { Side } from '../samples/model.js'

/** Repetitions per benchmark and pass: one warm-up (cold caches, lazy initialisation), one counted. */
export const COUNT_REPETITIONS = 2

const DUMP_PREFIX = 'callgrind.out'

/** 32 KiB 8-way L1 caches and an 8 MiB 16-way last level, 64-byte lines: a typical x86-64 server core. */
export const FIXED_CACHES = ['--I1=32768,8,64', '--D1=32768,8,64', '--LL=8388608,16,64']

export interface CallgrindPassOptions {
  side: Side
  pass: number
  binary: string
  cwd: string
  env: NodeJS.ProcessEnv
  /** Google Benchmark flags that fix the iteration count (see iterationFlags). */
  iterationFlags: readonly string[]
  filter?: string
  /** Where the dumps, the JSON and the log go (created; dumps are deleted once read, their loop functions kept in memory). */
  dir: string
  timeoutMs: number
  signal?: AbortSignal
  /** The valgrind executable (default `valgrind` on PATH). */
  valgrind?: string
  /** Read the loop dumps' per-function costs (default true; false only to measure what they cost). */
  functions?: boolean
  /** Cache and branch simulation (default true; false only to measure what it costs: no cycle estimate then). */
  simulate?: boolean
}

export interface CallgrindPassResult extends Attribution {
  /** The simulated caches, from the dumps. */
  caches: string[]
  /** Wall time of the valgrind process, ms. */
  durationMs: number
}

/** callgrind's options: dumps at the loop's start and end and at each report call, cache and branch simulation. */
export function callgrindArgs(outFile: string, simulate = true): string[] {
  const simulation = [
    '--cache-sim=yes',
    // One fixed cache model: cycle estimates do not depend on the runner's CPU (valgrind's own detection varies).
    ...FIXED_CACHES,
    '--branch-sim=yes'
  ]
  return [
    '--tool=callgrind',
    `--callgrind-out-file=${outFile}`,
    `--dump-after=${LOOP_START_FUNCTION}*`,
    `--dump-before=${LOOP_END_FUNCTION}*`,
    `--dump-before=${REPORT_FUNCTION}*`,
    '--dump-line=no',
    ...(simulate ? simulation : []),
    '--trace-children=no'
  ]
}

/**
 * Runs one pass and attributes its counts.
 * @throws JobError 3 'count-failed' when valgrind could not run or the binary printed no JSON at all
 */
export async function runCallgrindPass(options: CallgrindPassOptions): Promise<CallgrindPassResult> {
  mkdirSync(options.dir, { recursive: true })
  const jsonPath = join(options.dir, `${options.side}-${options.pass}.json`)
  const logPath = join(options.dir, `${options.side}-${options.pass}.log`)
  const dumpDir = join(options.dir, `${options.side}-${options.pass}-dumps`)
  rmSync(dumpDir, { recursive: true, force: true })
  mkdirSync(dumpDir)
  const args = [
    ...callgrindArgs(join(dumpDir, `${DUMP_PREFIX}.%p`), options.simulate !== false),
    options.binary,
    '--benchmark_format=json',
    `--benchmark_repetitions=${COUNT_REPETITIONS}`,
    ...options.iterationFlags,
    ...(options.filter ? [`--benchmark_filter=${options.filter}`] : [])
  ]
  const r = await runProcess(options.valgrind ?? 'valgrind', args, {
    cwd: options.cwd,
    env: options.env,
    stdout: { path: jsonPath },
    stderr: { path: logPath },
    timeoutMs: options.timeoutMs,
    signal: options.signal
  })
  if (r.spawnError) throw missingValgrind(r.spawnError)
  const text = readFileSync(jsonPath, 'utf8')
  const where = `the ${options.side} count pass${options.pass ? ' (repeat)' : ''}`
  if (text.trim() === '')
    throw new JobError(
      'count-failed',
      `${where} printed no benchmark JSON: ${describeExit(r, options.timeoutMs)}`,
      {
        subject: options.binary,
        hint: `valgrind's log (${logPath}) ends:\n${readTail(logPath, 15)}`
      }
    )
  const { entries, truncated } = benchmarkEntries(text)
  const dumps = readDumps(dumpDir, options.functions !== false)
  const cutShort = truncated || r.exitCode !== 0
  const attribution = attributeDumps({ side: options.side, pass: options.pass, dumps, entries, cutShort })
  rmSync(dumpDir, { recursive: true, force: true })
  if (cutShort) {
    const how = describeExit(r, options.timeoutMs)
    for (const i of attribution.issues)
      if (i.kind === 'crashed') i.message = `${i.message} (${how}; log: ${logPath})`
  }
  return {
    ...attribution,
    caches: dumps.find((d) => d.caches.length > 0)?.caches ?? [],
    durationMs: r.durationMs
  }
}

/** Every numbered dump of the pass, in dump order (the final, unnumbered one holds only the exit). */
function readDumps(dir: string, keepFunctions: boolean): CallgrindDump[] {
  const numbered: Array<{ n: number; file: string }> = []
  for (const f of readdirSync(dir)) {
    const n = dumpNumber(f, DUMP_PREFIX)
    if (n !== null) numbered.push({ n, file: f })
  }
  numbered.sort((a, b) => a.n - b.n)
  return numbered.map(({ n, file }) => {
    const text = readFileSync(join(dir, file), 'utf8')
    const dump = parseCallgrindDump(text, n, join(dir, file))
    // where a count changed (docs/count-mode.md): the loop dumps' functions, read before the dumps are deleted
    if (keepFunctions && dump.trigger === 'loop') dump.profile = parseCallgrindProfile(text)
    return dump
  })
}

export function missingValgrind(cause?: Error): JobError {
  return new JobError(
    'missing-tool',
    `count mode needs valgrind, which could not be run${cause ? ` (${cause.message})` : ''}`,
    { hint: 'Install it (Debian/Ubuntu: sudo apt-get install valgrind), or use --measure time.' }
  )
}

/**
 * Head's timing before the base is built (docs/statistics.md §10 "Decidability before measuring"): one head
 * process of the run's benchmarks at the run's repetitions and min time, timed, so the rounds the time
 * budget allows are known while the design can still change. Its samples are not kept.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import type { Config } from '../config/index.js'
import type { Log } from '../log.js'
import { runBenchmarkProcess, type BinaryKind } from './benchmark.js'
import type { InterleaveChoice } from '../analysis/types.js'
import { planRun, timesHead, type HeadTiming, type RunPlan } from './runPlan.js'

export interface HeadTimingOptions {
  binary: string
  cwd: string
  kind: BinaryKind
  /** Scratch folder for the process's output (deleted after). */
  workDir: string
  env: NodeJS.ProcessEnv
  /** Seconds the head probe (start, list, exit) took: one process's start. */
  startSeconds: number
  log: Log
  signal?: AbortSignal
}

/**
 * Times one head process of the run's benchmarks (the filter, repetitions and min time of `config`).
 * Null when it could not run to the end: then nothing is planned from it (said in the log).
 */
export async function timeHead(config: Config, options: HeadTimingOptions): Promise<HeadTiming | null> {
  const outFile = join(
    options.workDir,
    `head-timing.${options.kind === 'google-benchmark' ? 'json' : 'jsonl'}`
  )
  const r = await runBenchmarkProcess({
    kind: options.kind,
    repetitions: config.repetitions,
    minTimeSeconds: config.minTime,
    filter: config.filter ?? undefined,
    cpu: config.cpu ?? undefined,
    side: 'head',
    binary: options.binary,
    cwd: options.cwd,
    round: -1,
    run: -1,
    outFile,
    env: options.env,
    timeoutMs: config.runTimeoutSeconds * 1000,
    signal: options.signal
  })
  rmSync(outFile, { force: true })
  rmSync(r.stderrFile, { force: true })
  if (!r.ok) {
    options.log.info(
      `head's timing run ended early (${r.outcome}): the rounds the time budget allows are not planned ahead`
    )
    return null
  }
  return { suiteSeconds: r.durationMs / 1000, startSeconds: options.startSeconds }
}

/**
 * The plan for the K benchmarks head lists, said in the log before the base is built: head timed when a
 * budget could stop the rounds short (timesHead), then planRun's rounds, design and run line.
 */
export async function planBeforeBase(
  config: Config,
  asked: InterleaveChoice,
  k: number,
  o: HeadTimingOptions
): Promise<RunPlan> {
  const timing = timesHead(config, k) ? await timeHead(config, o) : null
  const planned = planRun(config, asked, k, timing)
  for (const m of [planned.raised, planned.budget]) if (m) o.log.warn(m)
  if (planned.line) o.log.info(planned.line)
  return planned
}

/** `benchgate run`: the main job from a terminal — progress on stderr, the report on stdout. */
import { runningVerdictCounts } from '../analysis/runningVerdicts.js'
import type { Verdict } from '../analysis/types.js'
import type { Config } from '../config/index.js'
import { INTERRUPTED_EXIT } from '../errors.js'
import { consoleLog } from '../log.js'
import { runPipeline } from '../pipeline/index.js'
import { VERDICT_ORDER, verdictCount } from '../report/verdicts.js'
import { adaptiveMaxRounds, formatEta } from '../measure/index.js'
import { addMainDrift } from './drift.js'
import { finish } from './finish.js'
import type { Io } from './io.js'

export async function runCommand(config: Config, io: Io): Promise<number> {
  const log = consoleLog({ write: (t: string) => io.stderr(t) })
  // Ctrl-C or SIGTERM (a cancelled CI job) stops measuring gracefully: what was measured is
  // analysed and reported; a second signal quits at once. The listener stays registered after the
  // first signal: the process layer's own handlers (process/terminate.ts) re-raise a signal nobody
  // else listens to, which killed benchgate before it could analyse (found by faults.test.ts).
  const abort = new AbortController()
  let stoppedBy: 'SIGINT' | 'SIGTERM' | null = null
  const onSignal = (sig: 'SIGINT' | 'SIGTERM') => {
    if (abort.signal.aborted) {
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      process.kill(process.pid, sig)
      return
    }
    io.stderr(`\ninterrupted (${sig}): analysing what was measured so far (Ctrl-C again to quit)\n`)
    stoppedBy = sig
    abort.abort()
  }
  process.on('SIGINT', onSignal)
  process.on('SIGTERM', onSignal)
  let verdicts = ''
  try {
    const { report, samples } = await runPipeline(config, log, {
      credentials: 'warn', // a laptop's credential helper is the user's own (docs/security.md, defence 2)
      signal: abort.signal,
      onProgress: (result, p, partial) => {
        // Only once a round is done is the running verdict count recomputed.
        const roundDone = p.roundDone
        if (roundDone && !result.warmup && partial.samples.length > 0)
          verdicts = verdictCountsText(runningVerdictCounts(partial, config.analysis))
        const planned = config.adaptive
          ? `≤${adaptiveMaxRounds(config.rounds, config.maxRounds)}`
          : String(config.rounds)
        const round = result.warmup ? 'warm-up' : `round ${result.round + 1}/${planned}`
        const status = result.ok ? '' : ` (${result.side} ${result.timedOut ? 'timed out' : 'failed'})`
        const line = `${round} · ${p.completedRuns}/${p.plannedRuns} runs · ${partial.samples.length} samples${verdicts} · ETA ${formatEta(p.etaMs)}${status}`
        if (io.isTTY) {
          const width = 20
          const filled = Math.round((width * p.completedRuns) / Math.max(1, p.plannedRuns))
          io.stderr(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${line}\x1b[K`)
          if (p.completedRuns === p.plannedRuns) io.stderr('\n')
        } else if (roundDone) {
          io.stderr(line + '\n')
        }
      }
    })
    await addMainDrift(report, config.historyStore, config.repoDir, io)
    const code = await finish(report, config, io, { samples, where: 'reports and raw samples in' })
    // The partial report is written; the exit code still says the run was stopped, not judged whole.
    if (stoppedBy === null) return code
    io.stderr(
      `benchgate: stopped by ${stoppedBy} before the planned rounds: exit ${INTERRUPTED_EXIT[stoppedBy]}\n`
    )
    return INTERRUPTED_EXIT[stoppedBy]
  } finally {
    process.off('SIGINT', onSignal)
    process.off('SIGTERM', onSignal)
  }
}

/** The verdict counts so far as the progress line shows them, e.g. " · 1 regression, 3 unchanged, 8 undecided". */
function verdictCountsText(counts: Record<Verdict, number>): string {
  const parts = VERDICT_ORDER.filter((v) => counts[v] > 0).map((v) => verdictCount(v, counts[v]))
  return parts.length ? ` · ${parts.join(', ')}` : ''
}

/** The design a run measures, and the command line that reproduces it. */
import { runDesign } from '../analysis/types.js'
import { reproduceArgs, type Config } from '../config/index.js'
import type { Log } from '../log.js'
import { duetCores, usableCpus, type DuetChoice } from '../measure/index.js'
import { shellQuote } from '../report/shellQuote.js'

/** The design measured, and so the test (§13): `auto` is per-benchmark interleaving. */
export function withRunDesign(asked: Config): Config {
  return { ...asked, analysis: { ...asked.analysis, interleave: runDesign(asked.analysis.interleave) } }
}

/**
 * --interleave duet: the two CPUs its pairs run on, said in the log (and whether they share a core).
 * @throws JobError code 2 when fewer than 2 CPUs are usable or --cpu is set (duet.ts)
 */
export function duetOf(
  config: Pick<Config, 'cpu'>,
  log: Log,
  cpus: readonly number[] = usableCpus()
): DuetChoice {
  const duet = duetCores(cpus, config.cpu)
  log.info(
    `--interleave duet: base and head run at the same time on CPUs ${duet.cores.join(' and ')}, swapped every round`
  )
  if (duet.note) log.warn(duet.note)
  return duet
}

/**
 * The command line that reproduces this run (display only): the options that differ from their
 * defaults, the design as the user asked for it (`auto` stays implicit).
 */
export function reproduceLine(
  plan: Config,
  asked: Config,
  commits: { baseSha: string; headSha: string }
): string {
  const { baseSha, headSha } = commits
  const changed = plan.analysis.interleave !== runDesign(asked.analysis.interleave) // by the budget (runPlan.ts)
  const config = {
    ...plan,
    analysis: { ...plan.analysis, interleave: changed ? plan.analysis.interleave : asked.analysis.interleave }
  }
  const args = [
    'npx',
    'benchgate',
    'run',
    '--base',
    baseSha.slice(0, 12),
    '--head',
    headSha.slice(0, 12),
    '--no-merge-base',
    '--build',
    config.build!,
    '--binary',
    config.binary!,
    ...reproduceArgs(config)
  ]
  return args.map(shellQuote).join(' ')
}

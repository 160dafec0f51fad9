/** The reproduce line of a report judged here from another job's results (never that job's own). */
import { reproduceArgs, type Config } from '../config/index.js'
import { shellQuote } from '../report/shellQuote.js'

/**
 * The "How to reproduce" line, rebuilt by the trusted job from its own options and the commits
 * (a shell command the artifact wrote is never shown by the bot). A SHA that is not plain hex is left out.
 */
export function trustedReproduce(config: Config, baseSha: string | undefined, headSha: string): string {
  const sha = (s: string | undefined) =>
    s && /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(s) ? s.slice(0, 12) : null
  const base = sha(baseSha)
  const head = sha(headSha)
  const args = [
    'npx',
    'benchgate',
    'run',
    ...(base ? ['--base', base] : []),
    ...(head ? ['--head', head, '--no-merge-base'] : []),
    ...(config.build ? ['--build', config.build] : []),
    ...(config.binary ? ['--binary', config.binary] : []),
    ...reproduceArgs(config)
  ]
  return args.map(shellQuote).join(' ')
}

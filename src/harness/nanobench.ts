/**
 * nanobench (docs/harnesses.md): a library without a command line of its own, so a binary is its
 * author's main(). benchgate runs it as it is, reads its stdout (nanobench's markdown table, or its
 * JSON template when the suite renders that to stdout), and lists it by running it once. It cannot
 * select benchmarks by name: every process runs the whole suite, and what a filter leaves out is
 * dropped when read.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { JobError } from '../errors.js'
import { describeExit, headLines, runProcess } from '../process/spawn.js'
import { parseSamplesText } from '../samples/index.js'
import { looksLikeNanobenchJson, looksLikeNanobenchTable } from '../samples/nanobench.js'

/** Whether a process's stdout is nanobench's (its table, or its JSON template). */
export function isNanobenchOutput(stdout: string): boolean {
  return looksLikeNanobenchTable(stdout) || looksLikeNanobenchJson(stdout.trimStart())
}

/**
 * The suite's benchmarks, from one run of the binary without arguments (nanobench has no listing).
 * @throws JobError 'probe-failed' when the run fails, 'not-a-benchmark' when its stdout is not nanobench's
 */
export async function listNanobench(
  path: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number
): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-nanobench-list-'))
  try {
    const out = join(dir, 'stdout.md')
    const r = await runProcess(path, [], { cwd, env, stdout: { path: out }, stderr: 'capture', timeoutMs })
    const text = readFileSync(out, 'utf8')
    if (!isNanobenchOutput(text))
      throw new JobError(
        'not-a-benchmark',
        `${path} printed no nanobench table (a "| ns/op | … | benchmark" header) when run without arguments ` +
          `(${describeExit(r, timeoutMs)})` +
          (text.trim() ? `; it printed:\n${headLines(text.trim(), 10)}` : ' (it printed nothing).'),
        {
          subject: path,
          hint: 'Let nanobench print its table to stdout (its default), or render its JSON template there.'
        }
      )
    if (r.exitCode !== 0)
      throw new JobError(
        'probe-failed',
        `Listing the benchmarks of ${path} (one run of the nanobench suite) failed: ${describeExit(r, timeoutMs)}.`,
        { subject: path, hint: headLines(`${text}\n${r.stderr}`.trim(), 10) || undefined }
      )
    const parsed = parseSamplesText(text, { side: 'head', source: path })
    const names = [...new Set([...parsed.samples, ...parsed.issues].map((s) => s.benchmark))]
    if (names.length === 0)
      throw new JobError('no-benchmarks', `The nanobench suite ${path} printed an empty table.`, {
        subject: path
      })
    return names
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

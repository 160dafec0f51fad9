/**
 * Catch2 (v2.13 and v3; docs/harnesses.md): recognised by `--libidentify`, listed by one quick run
 * of every test case (`-r xml`, one sample, no warm-up: BENCHMARKs are found only by running their
 * test case), run per process with `-r xml -o <file> --benchmark-no-analysis` and a test spec naming
 * the test cases that hold the selected benchmarks.
 *
 * Catch2's own samples (`--benchmark-samples`) and warm-up (`--benchmark-warmup-time`) are left to
 * Catch2 (its defaults, or what the suite's main() sets): the process's mean over its samples is
 * benchgate's one value per process. `--benchmark-no-analysis` only skips Catch2's bootstrap (its
 * resamples cost time and benchgate does not read the interval); the mean is the same.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { JobError } from '../errors.js'
import { describeExit, headLines, runProcess } from '../process/spawn.js'
import { parseCatch2Xml } from '../samples/catch2Xml.js'
import { selectedNames, type Catalog } from './types.js'

/** What `--libidentify` says about a Catch2 binary, or undefined for another program. */
export async function identifyCatch2(
  path: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number
): Promise<{ version: string } | { said: string }> {
  const r = await runProcess(path, ['--libidentify'], {
    cwd,
    env,
    stdout: 'capture',
    stderr: 'capture',
    timeoutMs,
    killGraceMs: 500
  })
  if (r.exitCode === 0 && /^framework:\s*Catch/m.test(r.stdout))
    return { version: /^version:\s*(\S+)/m.exec(r.stdout)?.[1] ?? 'unknown' }
  return { said: `${describeExit(r, timeoutMs)}${shown(r.stdout, r.stderr)}` }
}

function shown(stdout: string, stderr: string): string {
  const out = headLines(`${stdout}${stderr ? `\n${stderr}` : ''}`.trim(), 6)
  return out ? `, printed:\n${out}` : ', printed nothing'
}

/** One quick run of every test case: Catch2 with one sample per benchmark, no warm-up, no analysis. */
export const CATCH2_LIST_ARGS = [
  '-r',
  'xml',
  '--benchmark-samples',
  '1',
  '--benchmark-warmup-time',
  '0',
  '--benchmark-no-analysis'
]

/**
 * The binary's benchmarks (`test case/sections/BENCHMARK name`, in run order) and the test case of each.
 * @throws JobError 'probe-failed' when the run fails before writing its report, 'no-benchmarks' when it has none
 */
export async function listCatch2(
  path: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  timeoutMs: number
): Promise<{ benchmarks: string[]; catalog: Map<string, string> }> {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-catch2-list-'))
  try {
    const out = join(dir, 'list.xml')
    const r = await runProcess(path, [...CATCH2_LIST_ARGS, '-o', out], {
      cwd,
      env,
      stdout: 'capture',
      stderr: 'capture',
      timeoutMs
    })
    let text = ''
    try {
      text = readFileSync(out, 'utf8')
    } catch {
      // no report: said below
    }
    if (r.timedOut || r.spawnError || r.signal !== null || text.trim() === '')
      throw new JobError(
        'probe-failed',
        `Listing the benchmarks of the Catch2 binary ${path} (one quick run of its test cases: ${CATCH2_LIST_ARGS.join(' ')}) failed: ${describeExit(r, timeoutMs)}.`,
        { subject: path, hint: headLines(`${r.stdout}\n${r.stderr}`.trim(), 10) || undefined }
      )
    const catalog = new Map<string, string>()
    const parsed = parseCatch2Xml(text, { side: 'head', source: path }, catalog)
    const benchmarks = [...catalog.keys()]
    if (benchmarks.length === 0)
      throw new JobError('no-benchmarks', `The Catch2 binary ${path} runs no BENCHMARK.`, {
        subject: path,
        hint:
          'benchgate measures BENCHMARK(...) blocks inside TEST_CASEs (compiled with CATCH_CONFIG_ENABLE_BENCHMARKING ' +
          'on Catch2 v2); test cases hidden with [.] or [!benchmark] are not run by default and so not found.' +
          (parsed.issues.length > 0 ? ` First problem: ${parsed.issues[0].message}` : '')
      })
    return { benchmarks, catalog }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * A test case name as a literal in Catch2's test spec: a backslash before the characters the spec
 * parser treats specially (`,` separates, `[` starts a tag, `"` quotes, `~` excludes, `*` is a
 * wildcard only at either end and stays one, a leading space is skipped). Catch2 compares names
 * case-insensitively, so a spec may select a few more benchmarks: those are dropped when read.
 */
export function escapeTestSpec(name: string): string {
  return name.replace(/[\\,[\]"~*]|^ /g, (c) => `\\${c}`)
}

/** The test spec (one argument, test cases joined by `,`) that runs the selected benchmarks, or none for all. */
export function catch2TestSpec(filter: string | undefined, catalog: Catalog): string | undefined {
  const names = selectedNames(filter, catalog.keys())
  if (names === undefined) return undefined
  const cases = [...new Set(names.map((n) => catalog.get(n)).filter((c): c is string => c !== undefined))]
  return cases.length === 0 ? undefined : cases.sort().map(escapeTestSpec).join(',')
}

/** Catch2 flags benchgate sets itself; extra arguments may not set them. */
export const CATCH2_CONTROLLED_FLAGS = [
  '-r',
  '--reporter',
  '-o',
  '--out',
  '--benchmark-no-analysis',
  '--list-tests',
  '-l'
]

/** The arguments of one Catch2 process: extra args, the test spec, the XML report to `outFile`. */
export function catch2Args(o: {
  extraArgs?: readonly string[]
  filter?: string
  catalog?: Catalog
  outFile: string
}): string[] {
  const spec = catch2TestSpec(o.filter, o.catalog ?? new Map())
  return [
    ...(o.extraArgs ?? []),
    ...(spec ? [spec] : []),
    '-r',
    'xml',
    '-o',
    o.outFile,
    '--benchmark-no-analysis'
  ]
}

/** Whether a Catch2 XML report ends with its root element (the run finished, whatever its exit code). */
export function catch2ReportComplete(text: string): boolean {
  return /<\/(Catch|Catch2TestRun)>\s*$/.test(text)
}

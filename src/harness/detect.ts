/**
 * `--harness auto`: which library a benchmark binary is built with (docs/harnesses.md). Google
 * Benchmark is asked first, exactly as before harnesses existed (its probe cannot start a run),
 * then Catch2 (`--libidentify`), then nanobench (the binary run once without arguments, its stdout
 * read). A binary that is none of them is refused with what each attempt saw.
 */
import { JobError } from '../errors.js'
import { identifyCatch2, listCatch2 } from './catch2.js'
import { listNanobench } from './nanobench.js'
import type { HarnessChoice, HarnessKind } from './types.js'

/** What a probe found: how to run the binary, its benchmarks and, for Catch2, their test cases. */
export interface HarnessProbe {
  kind: HarnessKind
  version?: string
  benchmarks: string[]
  /** Catch2: benchmark -> test case. nanobench: benchmark -> '' (no filter). */
  catalog?: Map<string, string>
}

export interface DetectOptions {
  env: NodeJS.ProcessEnv
  timeoutMs: number
  /** Google Benchmark's probe (build/binary.ts): throws JobError 'not-a-benchmark' for another program. */
  probeGbench: () => Promise<HarnessProbe>
}

/**
 * Probes `path` as the chosen harness, or recognises it (`auto`).
 * @throws JobError 'not-a-benchmark' naming every attempt, or the chosen harness's own probe errors
 */
export async function probeHarness(
  path: string,
  cwd: string,
  choice: HarnessChoice,
  options: DetectOptions
): Promise<HarnessProbe> {
  if (choice === 'gbench') return options.probeGbench()
  if (choice === 'catch2') return probeCatch2(path, cwd, options)
  if (choice === 'nanobench') return probeNanobench(path, cwd, options)
  const seen: string[] = []
  try {
    return await options.probeGbench()
  } catch (e) {
    if (!(e instanceof JobError) || e.id !== 'not-a-benchmark') throw e
    seen.push(`Google Benchmark (--benchmark_list_tests): ${e.message}`)
  }
  const catch2 = await identifyCatch2(path, cwd, options.env, options.timeoutMs)
  if ('version' in catch2) return probeCatch2(path, cwd, options, catch2.version)
  seen.push(`Catch2 (--libidentify): ${catch2.said}`)
  try {
    return await probeNanobench(path, cwd, options)
  } catch (e) {
    if (!(e instanceof JobError) || e.id !== 'not-a-benchmark') throw e
    seen.push(`nanobench (run without arguments): ${e.message}`)
  }
  throw new JobError(
    'not-a-benchmark',
    `${path} is not a benchmark binary benchgate knows. It tried:\n${seen.map((s) => `- ${s}`).join('\n')}`,
    {
      subject: path,
      hint:
        'Point the binary option at an executable built with Google Benchmark (benchmark_main or benchgate::runner), ' +
        'Catch2 (BENCHMARK in a TEST_CASE) or nanobench, or name the library with --harness.'
    }
  )
}

async function probeCatch2(
  path: string,
  cwd: string,
  options: DetectOptions,
  known?: string
): Promise<HarnessProbe> {
  let version = known
  if (version === undefined) {
    const id = await identifyCatch2(path, cwd, options.env, options.timeoutMs)
    if (!('version' in id))
      throw new JobError(
        'not-a-benchmark',
        `${path} is not a Catch2 binary: it answered --libidentify with ${id.said}`,
        {
          subject: path,
          hint: 'Point the binary option at the Catch2 test executable, or choose another --harness (auto recognises it).'
        }
      )
    version = id.version
  }
  const { benchmarks, catalog } = await listCatch2(path, cwd, options.env, options.timeoutMs)
  return { kind: 'catch2', version, benchmarks, catalog }
}

async function probeNanobench(path: string, cwd: string, o: DetectOptions): Promise<HarnessProbe> {
  const benchmarks = await listNanobench(path, cwd, o.env, o.timeoutMs)
  return { kind: 'nanobench', benchmarks, catalog: new Map(benchmarks.map((b) => [b, ''])) }
}

/**
 * Making the two sides' invocations byte-for-byte alike except for the code: binaries at paths of
 * equal length with the same basename (argv[0] and the `executable` field of the JSON context are
 * then the same size), working directories of equal length, sample files of equal path length.
 * argv and environment size shift the initial stack alignment, which can bias timings by percents.
 */
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync } from 'node:fs'
import { basename, join, resolve } from 'node:path'
import type { Side } from '../samples/model.js'
import { JobError } from '../errors.js'
import type { HarnessKind } from '../harness/types.js'

/** A process's sample file ending: Google Benchmark JSON, bench-runner JSONL, Catch2 XML, nanobench's stdout (markdown). */
export function sampleExtension(kind: HarnessKind): string {
  return { 'google-benchmark': 'json', 'bench-runner': 'jsonl', catch2: 'xml', nanobench: 'md' }[kind]
}

/** Throws a code-3 'unequal-paths' error unless the two strings have the same length (in bytes). */
export function assertEqualLength(base: string, head: string, what: string): void {
  if (Buffer.byteLength(base) !== Buffer.byteLength(head)) {
    throw new JobError(
      'unequal-paths',
      `The ${what} of base and head differ in length (${base} vs ${head}).`,
      {
        hint: 'Both sides must run from paths of equal length; use the worktrees benchgate creates.'
      }
    )
  }
}

export interface StageOptions {
  workDir: string
  /** The binaries the builds produced (absolute). */
  base: string
  head: string
  /**
   * Copy the binaries to `<workDir>/bin/<side>/<name>` (default true): the runs then use a snapshot
   * that no later build can change. Set false to run them in place (their paths in equally long
   * worktrees are already of equal length), e.g. when the binary finds shared libraries through an
   * `$ORIGIN`-relative RPATH that a copy would break.
   */
  copy?: boolean
}

/**
 * Stages both binaries at equal-length paths with the same basename (the head binary's name).
 * @returns the paths to run
 * @throws JobError code 3 'unequal-paths' when the resulting paths differ in length
 */
export function stageBinaries(options: StageOptions): Record<Side, string> {
  const base = resolve(options.base)
  const head = resolve(options.head)
  if (options.copy === false) {
    assertEqualLength(base, head, 'binary paths')
    return { base, head }
  }
  const name = basename(head)
  const out = {} as Record<Side, string>
  for (const [side, src] of [
    ['base', base],
    ['head', head]
  ] as const) {
    const dir = join(resolve(options.workDir), 'bin', side)
    mkdirSync(dir, { recursive: true })
    const dest = join(dir, name)
    rmSync(dest, { force: true }) // a running old copy would make the write fail with ETXTBSY
    copyFileSync(src, dest)
    chmodSync(dest, statSync(src).mode & 0o777)
    out[side] = dest
  }
  assertEqualLength(out.base, out.head, 'staged binary paths')
  return out
}

/**
 * The sample file of one run: `<samplesDir>/<side>-r003.<ext>` for measured round 3,
 * `<side>-w000.<ext>` for the first warm-up, `<side>-r003-b0012.<ext>` for the 13th benchmark's own
 * process under per-benchmark interleaving. Base and head names have equal length ('base' and
 * 'head' are both 4 characters).
 * @param round measured round index (>= 0), or -1 for a warm-up with `warmupIndex`
 */
export function sampleFilePath(
  samplesDir: string,
  side: Side,
  round: number,
  ext: string,
  warmupIndex = 0,
  benchmarkIndex?: number
): string {
  const id = round < 0 ? `w${String(warmupIndex).padStart(3, '0')}` : `r${String(round).padStart(3, '0')}`
  const unit = benchmarkIndex === undefined ? '' : `-b${String(benchmarkIndex).padStart(4, '0')}`
  return join(samplesDir, `${side}-${id}${unit}.${ext}`)
}

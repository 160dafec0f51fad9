/** The probe step: how both binaries run, a shard's share, and what each side lists under the run's filter. */
import { resolve } from 'node:path'
import type { SuiteInput } from '../analysis/suite.js'
import { bothSidesRun, locateBinary, probeBinary } from '../build/binary.js'
import type { Catalog } from '../harness/types.js'
import type { BinaryKind } from '../measure/index.js'
import type { Log } from '../log.js'
import { isMeasurableName, type Side } from '../samples/model.js'
import { listBenchmarks, planShard, type ShardShare } from '../shard/plan.js'
import type { Built } from './build.js'
import type { Workspace } from './workspace.js'

/** The two binaries as they will run: where, how (bench-runner or Google Benchmark), and under which filter. */
export interface ProbedSides {
  paths: Record<Side, { binary: string; cwd: string }>
  kind: BinaryKind
  /** Catch2 and nanobench: what both sides list (harness/types.ts). */
  catalog?: Catalog
  /** What each binary lists without a filter. */
  benchmarks: Record<Side, readonly string[]>
  /** A shard's share, or --filter. */
  filter: string | undefined
  share: ShardShare | null
}

/** Probes base's binary (head's was probed after its build) and, for a shard, plans its share. */
export async function probeSides(ws: Workspace, { headProbe, plan }: Built): Promise<ProbedSides> {
  const paths = {
    base: {
      binary: locateBinary(ws.trees.base, plan.binary!),
      cwd: resolve(ws.trees.base, plan.workingDirectory)
    },
    head: {
      binary: locateBinary(ws.trees.head, plan.binary!),
      cwd: resolve(ws.trees.head, plan.workingDirectory)
    }
  }
  const baseProbe = await probeBinary(paths.base.binary, paths.base.cwd, {
    env: ws.childEnv,
    harness: plan.harness
  })
  // A shard measures only its share (the same split on every shard: the same head binary's list).
  const share = plan.shard
    ? await ws.log.group('Shard', () => planShard(plan, paths.head.binary, paths.head.cwd, ws.log))
    : null
  return {
    paths,
    // Both sides must be run the same way: bench-runner mode only when both binaries have it.
    ...bothSidesRun(baseProbe, headProbe),
    benchmarks: { base: baseProbe.benchmarks, head: headProbe.benchmarks },
    filter: share?.filter ?? plan.filter ?? undefined,
    share
  }
}

/**
 * What each side's binary lists under the run's filter (a shard's share or --filter): a side whose
 * output was cut short lost exactly the listed benchmarks it has no sample of, so they are `failed`
 * there and not `new`/`removed` (SuiteInput.listed). Listing is one quick process per side; when it
 * fails the side goes without a list, and every benchmark missing on it, if it was cut short, counts as lost.
 */
export async function listedUnder(
  filter: string | undefined,
  sides: Record<Side, { binary: string; cwd: string }>,
  unfiltered: Record<Side, readonly string[]>,
  env: NodeJS.ProcessEnv,
  log: Log
): Promise<NonNullable<SuiteInput['listed']>> {
  // A longer name is refused when read (an issue of its own), never a benchmark.
  const measurable = (names: readonly string[]) => names.filter(isMeasurableName)
  if (!filter) return { base: measurable(unfiltered.base), head: measurable(unfiltered.head) }
  const listed: NonNullable<SuiteInput['listed']> = {}
  for (const side of ['base', 'head'] as const) {
    try {
      listed[side] = measurable(await listBenchmarks(sides[side].binary, sides[side].cwd, filter, env))
    } catch (e) {
      log.warn(`${e instanceof Error ? e.message : String(e)} Going on without the ${side} list.`)
    }
  }
  return listed
}

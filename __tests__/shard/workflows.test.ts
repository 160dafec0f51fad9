// The sharded example workflows (examples/workflows/benchgate-matrix*.yml) are what users copy:
// check their shape, not just that they parse.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import yaml from 'js-yaml'

type Step = { uses?: string; with?: Record<string, string> }
type Job = {
  'timeout-minutes'?: number
  needs?: string
  strategy?: { matrix: { shard: number[] } }
  steps: Step[]
}
type Workflow = {
  on: Record<string, unknown>
  permissions: Record<string, string>
  jobs: Record<string, Job>
}
const load = (name: string) =>
  yaml.load(readFileSync(new URL(`../../examples/workflows/${name}`, import.meta.url), 'utf8')) as Workflow
const benchgate = (job: Job) => job.steps.find((s) => s.uses?.startsWith('benchgate/benchgate'))!

/** Every shard 1..N of the matrix, each step saying `${{ matrix.shard }}/N`. */
function expectShardMatrix(job: Job): void {
  const shards = job.strategy!.matrix.shard
  expect(shards).toEqual(Array.from({ length: shards.length }, (_, i) => i + 1))
  expect(benchgate(job).with!.shard).toBe(`\${{ matrix.shard }}/${shards.length}`)
}

describe('examples/workflows for sharding', () => {
  it('benchgate-matrix.yml: N shard jobs, one merge job after them; every job has a timeout', () => {
    const w = load('benchgate-matrix.yml')
    expectShardMatrix(w.jobs.shard)
    expect(w.jobs.merge.needs).toBe('shard')
    expect(benchgate(w.jobs.merge).with!.mode).toBe('merge')
    for (const job of Object.values(w.jobs)) expect(job['timeout-minutes']).toBeGreaterThan(0)
    expect(w.permissions).toMatchObject({ actions: 'read', 'pull-requests': 'write', checks: 'write' })
  })

  it('the fork-safe pair: shards measure with a read-only token; the merge never checks out PR code', () => {
    const measure = load('benchgate-matrix-measure.yml')
    expect(measure.permissions).toEqual({ contents: 'read' })
    expectShardMatrix(measure.jobs.shard)
    expect(benchgate(measure.jobs.shard).with!.mode).toBe('measure')
    const merge = load('benchgate-matrix-merge.yml')
    expect(merge.on).toEqual({
      workflow_run: { workflows: ['benchgate-matrix-measure'], types: ['completed'] }
    })
    expect(Object.keys(merge.jobs)).toEqual(['merge'])
    expect(merge.jobs.merge.steps.some((s) => s.uses?.startsWith('actions/checkout'))).toBe(false)
    expect(benchgate(merge.jobs.merge).with!.mode).toBe('merge')
    for (const job of [...Object.values(measure.jobs), merge.jobs.merge])
      expect(job['timeout-minutes']).toBeGreaterThan(0)
  })
})

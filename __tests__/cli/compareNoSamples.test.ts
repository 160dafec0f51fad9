/**
 * `benchgate compare` on sample files that hold no usable sample is a typed JobError ('no-samples',
 * exit 3) with a hint saying what to give, not a plain Error with a code attached.
 */
import { afterAll, describe, expect, it } from '@jest/globals'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { compareCommand } from '../../src/commands/compare.js'
import { buildConfig } from '../../src/config/index.js'
import { describeError, EXIT, JobError } from '../../src/errors.js'

const dir = mkdtempSync(join(tmpdir(), 'benchgate-compare-empty-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('compare without usable samples', () => {
  it('throws JobError no-samples (exit 3) naming both paths, with a hint', async () => {
    const empty = { context: {}, benchmarks: [] }
    for (const side of ['base', 'head']) {
      mkdirSync(join(dir, side), { recursive: true })
      writeFileSync(join(dir, side, 'bench.json'), JSON.stringify(empty))
    }
    const io = { stdout: () => undefined, stderr: () => undefined, colour: false, isTTY: false }
    const config = buildConfig({ out: join(dir, 'out') } as never)
    const error = await compareCommand(config, join(dir, 'base'), join(dir, 'head'), io).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(JobError)
    expect(error).toMatchObject({ id: 'no-samples', code: EXIT.jobFailed })
    const described = describeError(error)
    expect(described.code).toBe(EXIT.jobFailed)
    expect(described.message).toContain(`no usable samples in ${join(dir, 'base')} or ${join(dir, 'head')}`)
    expect(described.message).toMatch(/\n {2}give the files Google Benchmark wrote/)
  })
})

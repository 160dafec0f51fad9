/** The check run's decisions, with an in-memory Checks API (the HTTP path: action/checkRunAndKeys.test.ts). */
import { describe, expect, it } from '@jest/globals'
import { CHECK_SUMMARY_MAX_CHARS, upsertCheckRun, type CheckRunReport } from '../../src/github/checks.js'
import { GitHubApiError, type CheckRunRequest, type GitHubClient } from '../../src/github/client.js'

interface Stored extends CheckRunRequest {
  id: number
}

function memoryChecks(seed: Stored[] = []) {
  const runs = [...seed]
  const calls: string[] = []
  const client = {
    listCheckRuns: async (sha: string, name: string) => {
      calls.push(`list ${name}`)
      return runs
        .filter((r) => r.headSha === sha && r.name === name)
        .map((r) => ({ id: r.id, externalId: r.externalId ?? null, url: `u${r.id}` }))
    },
    createCheckRun: async (c: CheckRunRequest) => {
      const id = 100 + runs.length
      runs.push({ ...c, id })
      calls.push(`create ${id}`)
      return `u${id}`
    },
    updateCheckRun: async (id: number, c: CheckRunRequest) => {
      Object.assign(
        runs.find((r) => r.id === id)!,
        c
      )
      calls.push(`update ${id}`)
      return `u${id}`
    }
  } as unknown as GitHubClient
  return { client, runs, calls }
}

const report = (over: Partial<CheckRunReport> = {}): CheckRunReport => ({
  key: 'default',
  headSha: 'a'.repeat(40),
  conclusion: 'failure',
  title: '❌ 1 regression',
  summary: 'report',
  ...over
})

describe('upsertCheckRun', () => {
  it('creates `benchgate` once, then updates that one (a re-run)', async () => {
    const gh = memoryChecks()
    expect(await upsertCheckRun(gh.client, report())).toEqual({ action: 'created', url: 'u100' })
    expect(await upsertCheckRun(gh.client, report({ conclusion: 'success' }))).toEqual({
      action: 'updated',
      url: 'u100'
    })
    expect(gh.runs).toHaveLength(1)
    expect(gh.runs[0]).toMatchObject({
      name: 'benchgate',
      externalId: 'benchgate:default',
      conclusion: 'success'
    })
  })

  it("a job's own check run of the same name (no external_id) is never touched", async () => {
    const job = {
      id: 7,
      name: 'benchgate',
      headSha: 'a'.repeat(40),
      conclusion: 'success' as const,
      title: '',
      summary: ''
    }
    const gh = memoryChecks([job])
    expect((await upsertCheckRun(gh.client, report())).action).toBe('created')
    expect(gh.runs.find((r) => r.id === 7)).toEqual(job)
  })

  it('one check run per key; another commit gets its own', async () => {
    const gh = memoryChecks()
    await upsertCheckRun(gh.client, report({ key: 'linux-gcc' }))
    await upsertCheckRun(gh.client, report({ key: 'macos-clang' }))
    await upsertCheckRun(gh.client, report({ key: 'linux-gcc', headSha: 'b'.repeat(40) }))
    expect(gh.runs.map((r) => [r.name, r.headSha[0]])).toEqual([
      ['benchgate (linux-gcc)', 'a'],
      ['benchgate (macos-clang)', 'a'],
      ['benchgate (linux-gcc)', 'b']
    ])
  })

  it('403 is a failure result naming checks: write, not an exception', async () => {
    const gh = memoryChecks()
    gh.client.createCheckRun = async () => {
      throw new GitHubApiError(403, 'create a check run', 'Resource not accessible by integration')
    }
    const r = await upsertCheckRun(gh.client, report())
    expect(r.action).toBe('failed')
    expect(r.reason).toMatch(/403.*checks: write/)
  })

  it('refuses a summary over GitHub limit (a bug upstream, not an API error)', async () => {
    await expect(
      upsertCheckRun(memoryChecks().client, report({ summary: 'x'.repeat(CHECK_SUMMARY_MAX_CHARS + 1) }))
    ).rejects.toThrow(/65535/)
  })
})

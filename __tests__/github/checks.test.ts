/** The check run's decisions, with an in-memory Checks API (the HTTP path: action/checkRunAndKeys.test.ts). */
import { describe, expect, it } from '@jest/globals'
import {
  CHECK_SUMMARY_MAX_CHARS,
  recordedCommentIds,
  upsertCheckRun,
  type CheckRunReport
} from '../../src/github/checks.js'
import { GitHubApiError, type CheckRunRequest, type GitHubClient } from '../../src/github/client.js'

interface Stored extends CheckRunRequest {
  id: number
}

function memoryChecks(seed: Stored[] = [], commits: string[] = []) {
  const runs = [...seed]
  const calls: string[] = []
  const client = {
    listPullCommits: async () => commits,
    listCheckRuns: async (sha: string, name?: string) => {
      calls.push(name === undefined ? `list ${sha.slice(0, 1)}` : `list ${name}`)
      return runs
        .filter((r) => r.headSha === sha && (name === undefined || r.name === name))
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

describe('the sticky comment recorded in the check run', () => {
  const sha = (c: string) => c.repeat(40)
  const run = (id: number, headSha: string, externalId: string, name = 'benchgate'): Stored => ({
    ...report({ headSha }),
    id,
    name,
    externalId,
    summary: 'x'
  })

  it('the check run records the comment id; a re-run finds the same check run, also one made before ids were recorded', async () => {
    const gh = memoryChecks([run(1, sha('a'), 'benchgate:default')])
    await upsertCheckRun(gh.client, report({ commentId: 42 }))
    expect(gh.calls).toEqual(['list benchgate', 'update 1'])
    expect(gh.runs[0]!.externalId).toBe('benchgate:default comment=42')
    await upsertCheckRun(gh.client, report({ commentId: 43 }))
    expect(gh.runs).toHaveLength(1)
    expect(gh.runs[0]!.externalId).toBe('benchgate:default comment=43')
  })

  it("finds the ids on the newest commit with our check runs (every key's), walking back from the head", async () => {
    const gh = memoryChecks(
      [
        run(1, sha('a'), 'benchgate:default comment=5'),
        run(2, sha('b'), 'benchgate:default comment=7'),
        run(3, sha('b'), 'benchgate:gcc comment=8', 'benchgate (gcc)'),
        run(4, sha('c'), 'not-ours comment=9'), // another app's check run named benchgate
        run(5, sha('c'), 'benchgate:default') // ours, from before ids were recorded
      ],
      [sha('a'), sha('b'), sha('c'), sha('d')]
    )
    expect([...(await recordedCommentIds(gh.client, 1, sha('d')))].sort()).toEqual([7, 8])
    expect(gh.calls).toEqual(['list d', 'list c', 'list b'])
  })

  it('no check run of ours on the pull request (or its commits cannot be listed): no id, so no comment is ours', async () => {
    expect(await recordedCommentIds(memoryChecks([], [sha('a')]).client, 1, sha('a'))).toEqual(new Set())
    const gh = memoryChecks([run(1, sha('a'), 'benchgate:default comment=5')])
    gh.client.listPullCommits = async () => {
      throw new GitHubApiError(404, 'list the pull request commits', 'Not Found')
    }
    expect(await recordedCommentIds(gh.client, 1, sha('a'))).toEqual(new Set([5]))
    expect(await recordedCommentIds(gh.client, 1, sha('b'))).toEqual(new Set())
  })
})

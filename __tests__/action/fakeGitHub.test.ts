/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
/**
 * Tests of the fake GitHub itself, driven by the real client libraries, so that Action tests run
 * against it mean something: @actions/github (Octokit) for REST, @actions/artifact v6 for the
 * results-service + blob protocol and the REST download path, @actions/cache v6 (cache service v2)
 * with real tar + zstd. The artifact/cache libraries run in child `node` processes with the
 * environment from `fake.env()`, as the Action's dist/index.js will.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals'
import { execFile } from 'node:child_process'
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
  existsSync,
  lstatSync
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  makeZip,
  mintRuntimeJwt,
  parseCommandFile,
  parseWorkflowCommands,
  readZip,
  startFakeGitHub,
  type FakeGitHub,
  type RecordedRequest
} from './fakeGitHub.js'
import {
  checkAgainstOpenApi,
  checkAllAgainstOpenApi,
  findOperation,
  loadSpec,
  validateSchema
} from './openapi.js'

jest.setTimeout(120_000)

const HERE = path.dirname(fileURLToPath(import.meta.url))
const NM = path.resolve(HERE, '..', '..', 'node_modules')
const mod = (p: string) => pathToFileURL(path.join(NM, p)).href

let fake: FakeGitHub
let scripts: string
const cleanups: Array<() => void> = []

beforeAll(async () => {
  fake = await startFakeGitHub()
  scripts = mkdtempSync(path.join(tmpdir(), 'fake-github-scripts-'))
})
afterAll(async () => {
  await fake.close()
  rmSync(scripts, { recursive: true, force: true })
  for (const c of cleanups) c()
})
beforeEach(() => fake.reset())

/** Runs an ES module script (text) in a child node process; resolves with its exit code and output. */
function runScript(name: string, source: string, env: Record<string, string>, args: string[] = []) {
  const file = path.join(scripts, `${name}.mjs`)
  writeFileSync(file, source)
  return new Promise<{ code: number; stdout: string; stderr: string; result: any }>((resolve) => {
    execFile(
      process.execPath,
      [file, ...args],
      { env, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const line = stdout.split('\n').find((l) => l.startsWith('RESULT '))
        resolve({
          code: err ? Number((err as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
          result: line ? JSON.parse(line.slice(7)) : undefined
        })
      }
    )
  })
}

function runnerEnv(o: Parameters<FakeGitHub['env']>[0] = {}) {
  const e = fake.env(o)
  cleanups.push(e.cleanup)
  return e
}

async function octokit(token = fake.token) {
  const { getOctokit } = await import('@actions/github')
  return getOctokit(token, { baseUrl: fake.apiUrl })
}

function expectConforms(recs: RecordedRequest[] = fake.requests) {
  expect(checkAllAgainstOpenApi(recs)).toEqual([])
}

const OWNER = 'Codertocat'
const REPO = 'Hello-World'

describe('fixtures', () => {
  it('openapi subset is small, carries provenance and has every operation we use', () => {
    const file = path.join(HERE, '..', 'fixtures', 'github', 'openapi-subset.json')
    expect(readFileSync(file).length).toBeLessThan(300 * 1024)
    const spec = loadSpec()
    expect(spec.info['x-source-package']).toMatch(/^@octokit\/openapi@\d+\.\d+\.\d+$/)
    expect(spec.info.version).toMatch(/^\d+\.\d+\.\d+$/)
    for (const [m, p] of [
      ['GET', '/user'],
      ['GET', '/repos/o/r/issues/1/comments'],
      ['POST', '/repos/o/r/issues/1/comments'],
      ['PATCH', '/repos/o/r/issues/comments/5'],
      ['GET', '/repos/o/r/pulls/1'],
      ['GET', '/repos/o/r/pulls/1/commits'],
      ['POST', '/repos/o/r/check-runs'],
      ['PATCH', '/repos/o/r/check-runs/9'],
      ['GET', '/repos/o/r/actions/runs/9/artifacts'],
      ['GET', '/repos/o/r/actions/artifacts'],
      ['GET', '/repos/o/r/actions/artifacts/9/zip'],
      ['GET', '/repos/o/r/compare/a...b']
    ])
      expect(findOperation(m, p)).toBeDefined()
    expect(findOperation('GET', '/repos/o/r/actions/artifacts/9')?.template).toBe(
      '/repos/{owner}/{repo}/actions/artifacts/{artifact_id}'
    )
  })

  it('event payloads are GitHub examples for the fake repository', () => {
    const dir = path.join(HERE, '..', 'fixtures', 'github', 'events')
    const names = readdirSync(dir).filter((f) => f.endsWith('.json'))
    expect(names).toEqual(
      expect.arrayContaining(['pull_request.synchronize.json', 'push.json', 'workflow_run.completed.json'])
    )
    const pr = JSON.parse(readFileSync(path.join(dir, 'pull_request.synchronize.json'), 'utf8'))
    expect(pr.action).toBe('synchronize')
    expect(pr.repository.full_name).toBe(`${OWNER}/${REPO}`)
    const wr = JSON.parse(readFileSync(path.join(dir, 'workflow_run.completed.json'), 'utf8'))
    expect(wr.workflow_run.pull_requests).toEqual([])
  })
})

describe('REST: issue comments through Octokit', () => {
  it('creates, lists and updates a comment authored by github-actions[bot]', async () => {
    const gh = await octokit()
    const created = await gh.rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 2,
      body: 'hello <!-- benchgate:report key=default -->'
    })
    expect(created.status).toBe(201)
    expect(created.data.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' })
    expect(created.data.html_url).toBe(
      `https://github.com/${OWNER}/${REPO}/issues/2#issuecomment-${created.data.id}`
    )
    const updated = await gh.rest.issues.updateComment({
      owner: OWNER,
      repo: REPO,
      comment_id: created.data.id,
      body: 'edited'
    })
    expect(updated.data.body).toBe('edited')
    const list = await gh.rest.issues.listComments({ owner: OWNER, repo: REPO, issue_number: 2 })
    expect(list.data.map((c) => c.body)).toEqual(['edited'])
    expect(fake.state.comments).toHaveLength(1)
    expectConforms()
    // the fake's comment shape matches GitHub's response schema
    const schema =
      loadSpec().paths['/repos/{owner}/{repo}/issues/{issue_number}/comments'].post.responses['201'].content![
        'application/json'
      ].schema
    expect(validateSchema(created.data, schema)).toEqual([])
  })

  it('paginates with per_page/page and a Link header that Octokit follows', async () => {
    const seeded = fake.seedComments(7, 75)
    const gh = await octokit()
    const first = await gh.rest.issues.listComments({ owner: OWNER, repo: REPO, issue_number: 7 })
    expect(first.data).toHaveLength(30)
    expect(first.headers.link).toContain('rel="next"')
    expect(first.headers.link).toContain('rel="last"')
    expect(first.headers.link).toMatch(/page=3>; rel="last"/)
    const all = await gh.paginate(gh.rest.issues.listComments, {
      owner: OWNER,
      repo: REPO,
      issue_number: 7,
      per_page: 20
    })
    expect(all.map((c) => c.id)).toEqual(seeded.map((c) => c.id))
    const pages = fake
      .restRequests()
      .filter((r) => r.route === 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments')
    expect(pages.map((r) => r.query.page ?? '1')).toEqual(['1', '1', '2', '3', '4'])
    const last = pages[pages.length - 1]
    expect(last.responseHeaders.link).not.toContain('rel="next"')
    expect(last.responseHeaders.link).toContain('rel="prev"')
    expectConforms()
  })

  it("rejects a body over 65,536 characters with GitHub's 422", async () => {
    const gh = await octokit()
    await expect(
      gh.rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 2, body: 'x'.repeat(65536) })
    ).resolves.toMatchObject({ status: 201 })
    const err = (await gh.rest.issues
      .createComment({ owner: OWNER, repo: REPO, issue_number: 2, body: 'x'.repeat(65537) })
      .catch((e) => e)) as {
      status: number
      response: { data: unknown }
    }
    expect(err.status).toBe(422)
    expect(err.response.data).toMatchObject({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: 'body is too long (maximum is 65536 characters)'
        }
      ]
    })
    const c = fake.state.comments[0]
    const upd = (await gh.rest.issues
      .updateComment({ owner: OWNER, repo: REPO, comment_id: c.id, body: '€'.repeat(65537) })
      .catch((e) => e)) as { status: number }
    expect(upd.status).toBe(422)
    expect(fake.state.comments[0].body).toBe(c.body)
  })

  it('GET /user: 403 for the installation token, the user for a PAT; PAT comments are authored by that user', async () => {
    const gh = await octokit()
    const err = (await gh.rest.users.getAuthenticated().catch((e) => e)) as {
      status: number
      response: { data: { message: string } }
    }
    expect(err.status).toBe(403)
    expect(err.response.data.message).toBe('Resource not accessible by integration')
    fake.addToken('ghp_fakePersonalAccessToken', { kind: 'pat', login: 'perf-bot' })
    const pat = await octokit('ghp_fakePersonalAccessToken')
    const me = await pat.rest.users.getAuthenticated()
    expect(me.data).toMatchObject({ login: 'perf-bot', type: 'User' })
    const c = await pat.rest.issues.createComment({
      owner: OWNER,
      repo: REPO,
      issue_number: 3,
      body: 'from a PAT'
    })
    expect(c.data.user).toMatchObject({ login: 'perf-bot', type: 'User' })
    expectConforms()
  })

  it('a read-only token (fork PR) gets 403 on writes but can read', async () => {
    fake.addToken('ghs_readOnlyForkToken', { kind: 'installation', access: 'read' })
    fake.seedComments(4, 2)
    const gh = await octokit('ghs_readOnlyForkToken')
    await expect(
      gh.rest.issues.listComments({ owner: OWNER, repo: REPO, issue_number: 4 })
    ).resolves.toMatchObject({ status: 200 })
    const err = (await gh.rest.issues
      .createComment({ owner: OWNER, repo: REPO, issue_number: 4, body: 'x' })
      .catch((e) => e)) as { status: number; response: { data: { message: string } } }
    expect(err.status).toBe(403)
    expect(err.response.data.message).toBe('Resource not accessible by integration')
  })

  it('injects failures per route, a number of times', async () => {
    const gh = await octokit()
    const rule = fake.inject({
      method: 'POST',
      path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      status: 500,
      times: 1
    })
    const err = (await gh.rest.issues
      .createComment({ owner: OWNER, repo: REPO, issue_number: 2, body: 'x' })
      .catch((e) => e)) as { status: number }
    expect(err.status).toBe(500)
    await expect(
      gh.rest.issues.createComment({ owner: OWNER, repo: REPO, issue_number: 2, body: 'x' })
    ).resolves.toMatchObject({ status: 201 })
    expect(rule.hits).toBe(1)
    fake.inject({ path: /\/issues\/comments\/\d+$/, status: 404 })
    const e404 = (await gh.rest.issues
      .updateComment({ owner: OWNER, repo: REPO, comment_id: fake.state.comments[0].id, body: 'y' })
      .catch((e) => e)) as { status: number }
    expect(e404.status).toBe(404)
    expect(fake.requests.filter((r) => r.injected)).toHaveLength(2)
  })

  it('requires credentials, records whether they were sent, and never records a token', async () => {
    const res = await fetch(`${fake.apiUrl}/repos/${OWNER}/${REPO}/issues/1/comments`)
    expect(res.status).toBe(401)
    const bad = await fetch(`${fake.apiUrl}/repos/${OWNER}/${REPO}/issues/1/comments`, {
      headers: { authorization: 'token nope' }
    })
    expect(bad.status).toBe(401)
    expect(await bad.json()).toMatchObject({ message: 'Bad credentials' })
    const gh = await octokit()
    await gh.rest.issues.listComments({ owner: OWNER, repo: REPO, issue_number: 1 })
    expect(fake.requests.map((r) => [r.hasAuthorization, r.authScheme, r.credential])).toEqual([
      [false, undefined, undefined],
      [true, 'token', 'unknown'],
      [true, 'token', 'installation']
    ])
    const bearer = await fetch(`${fake.apiUrl}/repos/${OWNER}/${REPO}/issues/1/comments`, {
      headers: { authorization: `Bearer ${fake.token}` }
    })
    expect(bearer.status).toBe(200)
    expect(JSON.stringify(fake.requests)).not.toContain(fake.token)
  })

  it('pulls, check runs, compare and runs', async () => {
    const e = runnerEnv({ event: 'pull_request.synchronize' })
    const gh = await octokit()
    const pr = await gh.rest.pulls.get({ owner: OWNER, repo: REPO, pull_number: e.payload.number })
    expect(pr.data.head.sha).toBe(e.payload.pull_request.head.sha)
    const cr = await gh.rest.checks.create({
      owner: OWNER,
      repo: REPO,
      name: 'benchgate',
      head_sha: pr.data.head.sha,
      status: 'in_progress'
    })
    await gh.rest.checks.update({
      owner: OWNER,
      repo: REPO,
      check_run_id: cr.data.id,
      conclusion: 'failure',
      output: { title: '1 regression', summary: 'x' }
    })
    expect(fake.state.checkRuns[0]).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: '1 regression' }
    })
    const tooLong = (await gh.rest.checks
      .update({
        owner: OWNER,
        repo: REPO,
        check_run_id: cr.data.id,
        output: { title: 't', summary: 's'.repeat(65536) }
      })
      .catch((e) => e)) as { status: number }
    expect(tooLong.status).toBe(422)
    fake.seedCompare('main', 'feature', { mergeBase: 'abc123', aheadBy: 2, behindBy: 1 })
    const cmp = await gh.rest.repos.compareCommitsWithBasehead({
      owner: OWNER,
      repo: REPO,
      basehead: 'main...feature'
    })
    expect(cmp.data.merge_base_commit.sha).toBe('abc123')
    const wr = runnerEnv({ event: 'workflow_run.completed' })
    const run = await gh.rest.actions.getWorkflowRun({
      owner: OWNER,
      repo: REPO,
      run_id: wr.payload.workflow_run.id
    })
    expect(run.data.head_sha).toBe(wr.payload.workflow_run.head_sha)
    const byCommit = await gh.rest.repos.listPullRequestsAssociatedWithCommit({
      owner: OWNER,
      repo: REPO,
      commit_sha: pr.data.head.sha
    })
    expect(byCommit.data.map((p) => p.number)).toEqual([e.payload.number])
    // the too-long summary was sent on purpose: the checker sees what the fake refused
    const tooLongRec = fake.requests.find((r) => r.status === 422)!
    expect(checkAgainstOpenApi(tooLongRec)).toEqual([
      `PATCH /repos/${OWNER}/${REPO}/check-runs/${cr.data.id}: body.output.summary: length 65536 > maxLength 65535`
    ])
    // request side of everything else conforms; response bodies of pulls/runs are webhook-shaped fixtures
    expect(
      checkAllAgainstOpenApi(
        fake.requests.filter((r) => r !== tooLongRec),
        { responses: false }
      )
    ).toEqual([])
  })
})

const ARTIFACT_SCRIPT = (nm: (p: string) => string) => `
import fs from 'node:fs'
import path from 'node:path'
const { DefaultArtifactClient } = await import(${JSON.stringify(nm('@actions/artifact/lib/artifact.js'))})
const client = new DefaultArtifactClient()
const [mode, arg] = process.argv.slice(2)
if (mode === 'upload') {
  const dir = path.join(process.env.RUNNER_TEMP, 'samples')
  fs.mkdirSync(path.join(dir, 'raw'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'result.json'), JSON.stringify({ pr: 2, verdict: 'regression' }))
  fs.writeFileSync(path.join(dir, 'raw', 'samples.jsonl'), '{"name":"BM_x","ns":1}\\n'.repeat(20000))
  const files = [path.join(dir, 'result.json'), path.join(dir, 'raw', 'samples.jsonl')]
  const r = await client.uploadArtifact(arg, files, dir, { retentionDays: 1 })
  // A later step of the same run downloads it (twirp): in this process, as importing
  // @actions/artifact costs ~1 s of CPU.
  const { artifact } = await client.getArtifact(arg)
  const out = path.join(process.env.RUNNER_TEMP, 'same-run')
  await client.downloadArtifact(artifact.id, { path: out })
  console.log('RESULT ' + JSON.stringify({ ...r, sameRun: { artifact, files: fs.readdirSync(out, { recursive: true }) } }))
} else if (mode === 'download') {
  const findBy = { token: process.env.READ_TOKEN, workflowRunId: Number(arg), repositoryOwner: process.env.GITHUB_REPOSITORY_OWNER, repositoryName: process.env.GITHUB_REPOSITORY.split('/')[1] }
  const { artifact } = await client.getArtifact(process.env.ARTIFACT_NAME, { findBy })
  const { artifacts } = await client.listArtifacts({ findBy, latest: true })
  const out = path.join(process.env.RUNNER_TEMP, 'downloaded')
  const r = await client.downloadArtifact(artifact.id, { path: out, findBy, expectedHash: artifact.digest })
  const files = {}
  for (const f of fs.readdirSync(out, { recursive: true })) {
    const p = path.join(out, f)
    const st = fs.lstatSync(p)
    if (st.isFile()) files[f] = fs.readFileSync(p, 'utf8').length
  }
  console.log('RESULT ' + JSON.stringify({ artifact, listed: artifacts.map(a => a.name), r, files }))
}
`

describe('artifacts through @actions/artifact v6 (child process)', () => {
  it('upload in one run (twirp + blob blocks), download from another run by findBy (REST + 302), and from the same run (twirp)', async () => {
    const measure = runnerEnv({ runId: 111, event: 'pull_request.synchronize' })
    const up = await runScript('artifact', ARTIFACT_SCRIPT(mod), measure.env, ['upload', 'benchgate-samples'])
    expect(up.stderr).toBe('')
    expect(up.code).toBe(0)
    expect(up.result).toMatchObject({ id: expect.any(Number), size: expect.any(Number) })
    const stored = fake.state.artifacts.find((a) => a.id === up.result.id)!
    expect(stored).toMatchObject({
      name: 'benchgate-samples',
      runId: 111,
      finalized: true,
      digest: `sha256:${up.result.digest}`
    })
    const files = fake.artifactFiles('benchgate-samples')
    expect(Object.keys(files).sort()).toEqual(['raw/samples.jsonl', 'result.json'])
    expect(JSON.parse(files['result.json'].toString())).toEqual({ pr: 2, verdict: 'regression' })
    const blobPuts = fake.requests
      .filter((r) => r.service === 'blob' && r.method === 'PUT')
      .map((r) => r.query.comp)
    expect(blobPuts).toEqual(['block', 'blocklist'])

    expect(up.result.sameRun.artifact).toMatchObject({ id: up.result.id, name: 'benchgate-samples' })
    expect(up.result.sameRun.files.sort()).toEqual(['raw', 'raw/samples.jsonl', 'result.json'])

    const comment = runnerEnv({ runId: 222, event: 'workflow_run.completed' })
    const down = await runScript(
      'artifact',
      ARTIFACT_SCRIPT(mod),
      { ...comment.env, READ_TOKEN: fake.token, ARTIFACT_NAME: 'benchgate-samples' },
      ['download', '111']
    )
    expect(down.stderr).toBe('')
    expect(down.code).toBe(0)
    expect(down.result.r.digestMismatch).toBe(false)
    expect(down.result.listed).toEqual(['benchgate-samples'])
    expect(down.result.files).toEqual({ 'result.json': 31, 'raw/samples.jsonl': 460000 })
    const rest = fake.restRequests()
    expect(rest.map((r) => `${r.method} ${r.route?.split(' ')[1]} ${r.status}`)).toEqual([
      'GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts 200',
      'GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts 200',
      'GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format} 302'
    ])
    expect(rest.every((r) => r.credential === 'installation')).toBe(true)
    expect(
      fake.requests
        .filter((r) => r.service === 'twirp')
        .every((r) => r.credential === 'runtime' && r.authScheme === 'Bearer')
    ).toBe(true)
    expectConforms()
    // the library passes no secret through to our log
    expect(JSON.stringify(fake.requests)).not.toContain(fake.token)
  })

  it('seeds artifacts from a directory or a hostile hand-made zip for comment-mode tests', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'seed-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    mkdirSync(path.join(dir, 'nested'))
    writeFileSync(path.join(dir, 'result.json'), '{"pr":2}')
    writeFileSync(path.join(dir, 'nested', 'a.txt'), 'A')
    const a = fake.seedArtifact({ name: 'from-dir', runId: 333, dir })
    expect(fake.artifactFiles(a.id)).toEqual({
      'nested/a.txt': Buffer.from('A'),
      'result.json': Buffer.from('{"pr":2}')
    })

    const hostile = makeZip([
      { name: 'result.json', data: '{"pr":99999}' },
      { name: '../../escape.txt', data: 'pwned' },
      { name: 'link', data: '/etc/passwd', symlink: true }
    ])
    expect(Object.keys(readZip(hostile))).toEqual(['result.json', '../../escape.txt', 'link'])
    fake.seedArtifact({ name: 'hostile', runId: 333, zip: hostile })
    const e = runnerEnv({ runId: 444, event: 'workflow_run.completed' })
    const down = await runScript(
      'artifact',
      ARTIFACT_SCRIPT(mod),
      { ...e.env, READ_TOKEN: fake.token, ARTIFACT_NAME: 'hostile' },
      ['download', '333']
    )
    // unzip-stream (used by @actions/artifact) strips `../` and writes symlink entries as plain
    // files holding the target: nothing lands outside the download directory. The *content* is
    // still attacker-controlled (result.json claims PR 99999).
    expect(down.code).toBe(0)
    expect(existsSync(path.join(e.dir, 'escape.txt'))).toBe(false)
    expect(existsSync(path.join(e.dir, 'runner_temp', 'escape.txt'))).toBe(false)
    expect(down.result.files).toEqual({ 'result.json': 12, 'escape.txt': 5, link: 11 })
    expect(lstatSync(path.join(e.dir, 'runner_temp', 'downloaded', 'link')).isSymbolicLink()).toBe(false)
    expectConforms()
  })

  it('an expired artifact is listed as expired and its download is 410', async () => {
    const a = fake.seedArtifact({
      name: 'old',
      runId: 555,
      entries: [{ name: 'x', data: 'y' }],
      expired: true
    })
    const gh = await octokit()
    const list = await gh.rest.actions.listWorkflowRunArtifacts({ owner: OWNER, repo: REPO, run_id: 555 })
    expect(list.data.artifacts[0]).toMatchObject({ id: a.id, expired: true })
    const err = (await gh.rest.actions
      .downloadArtifact({
        owner: OWNER,
        repo: REPO,
        artifact_id: a.id,
        archive_format: 'zip',
        request: { redirect: 'manual' }
      })
      .catch((e) => e)) as { status: number }
    expect(err.status).toBe(410)
    expectConforms()
  })
})

const CACHE_SCRIPT = (nm: (p: string) => string) => `
import fs from 'node:fs'
import path from 'node:path'
const cache = await import(${JSON.stringify(nm('@actions/cache/lib/cache.js'))})
const [mode, ...keys] = process.argv.slice(2)
process.chdir(process.env.GITHUB_WORKSPACE)
const dir = 'build-base'
if (mode === 'save') {
  const [key] = keys
  fs.mkdirSync(path.join(dir, 'obj'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'obj', 'bench.o'), Buffer.alloc(300000, 7))
  fs.writeFileSync(path.join(dir, 'bench_all'), '#!/bin/sh\\necho hi\\n', { mode: 0o755 })
  console.log('RESULT ' + JSON.stringify({ id: await cache.saveCache([dir], key) }))
} else {
  // One restore per argument ("key" or "key restoreKey"), each into its own empty checkout: one process
  // (importing @actions/cache costs ~0.8 s of CPU) for the restores of one run.
  const results = []
  const workspace = process.env.GITHUB_WORKSPACE
  for (const [i, spec] of keys.entries()) {
    const [key, restoreKey] = spec.split(' ')
    // (tar extracts into GITHUB_WORKSPACE)
    const checkout = path.join(workspace, 'checkout-' + i)
    fs.mkdirSync(checkout)
    process.env.GITHUB_WORKSPACE = checkout
    process.chdir(checkout)
    const hit = await cache.restoreCache([dir], key, restoreKey ? [restoreKey] : [])
    const files = fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).sort() : []
    const mode = fs.existsSync(path.join(dir, 'bench_all')) ? (fs.statSync(path.join(dir, 'bench_all')).mode & 0o777).toString(8) : null
    const size = fs.existsSync(path.join(dir, 'obj', 'bench.o')) ? fs.statSync(path.join(dir, 'obj', 'bench.o')).size : null
    results.push({ hit: hit ?? null, files, mode, size })
  }
  console.log('RESULT ' + JSON.stringify(results))
}
`

describe('cache through @actions/cache v6 (service v2, child process, real tar + zstd)', () => {
  it('saves in one run and restores in another, by exact key and by restore-key prefix; a second save of the same key is refused', async () => {
    const first = runnerEnv({ runId: 601 })
    const save = await runScript('cache', CACHE_SCRIPT(mod), first.env, ['save', 'benchgate-build-linux-abc'])
    expect(save.code).toBe(0)
    expect(save.result.id).toBeGreaterThan(0)
    expect(fake.state.caches).toHaveLength(1)
    expect(fake.state.caches[0]).toMatchObject({ key: 'benchgate-build-linux-abc', finalized: true })

    // Another run restores by exact key, by restore-key prefix, and misses an unknown key.
    const second = runnerEnv({ runId: 602 })
    const restores = await runScript('cache', CACHE_SCRIPT(mod), second.env, [
      'restore',
      'benchgate-build-linux-abc',
      'benchgate-build-linux-zzz benchgate-build-linux-',
      'other-key'
    ])
    expect(restores.code).toBe(0)
    const [exact, prefix, miss] = restores.result
    expect(exact).toEqual({
      hit: 'benchgate-build-linux-abc',
      files: ['bench_all', 'obj', 'obj/bench.o'],
      mode: '755',
      size: 300000
    })

    expect(prefix.hit).toBe('benchgate-build-linux-abc')
    expect(miss).toEqual({ hit: null, files: [], mode: null, size: null })

    const again = await runScript('cache', CACHE_SCRIPT(mod), runnerEnv({ runId: 605 }).env, [
      'save',
      'benchgate-build-linux-abc'
    ])
    expect(again.code).toBe(0)
    expect(again.result.id).toBe(-1)
    expect(again.stdout).toContain('another job may be creating this cache')
    const twirp = fake.requests.filter((r) => r.service === 'twirp').map((r) => r.path.split('/').pop())
    expect(twirp).toEqual([
      'CreateCacheEntry',
      'FinalizeCacheEntryUpload',
      'GetCacheEntryDownloadURL',
      'GetCacheEntryDownloadURL',
      'GetCacheEntryDownloadURL',
      'CreateCacheEntry'
    ])
  })
})

describe('runner environment and file formats', () => {
  it('env() gives a runner-like environment with fresh files, derived from the event', () => {
    const e = runnerEnv({
      event: 'pull_request.synchronize',
      inputs: { 'github-token': 'x', mode: 'measure' }
    })
    const pr = e.payload.pull_request
    expect(e.env).toMatchObject({
      GITHUB_API_URL: fake.apiUrl,
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_REF: `refs/pull/${e.payload.number}/merge`,
      GITHUB_HEAD_REF: pr.head.ref,
      GITHUB_BASE_REF: pr.base.ref,
      GITHUB_RUN_ID: String(fake.runId),
      RUNNER_OS: 'Linux',
      RUNNER_ARCH: 'X64',
      'INPUT_GITHUB-TOKEN': 'x',
      INPUT_MODE: 'measure',
      ACTIONS_CACHE_SERVICE_V2: 'True'
    })
    for (const k of [
      'GITHUB_OUTPUT',
      'GITHUB_STEP_SUMMARY',
      'GITHUB_ENV',
      'GITHUB_STATE',
      'GITHUB_EVENT_PATH'
    ])
      expect(e.env[k].startsWith(e.dir)).toBe(true)
    expect(JSON.parse(readFileSync(e.env.GITHUB_EVENT_PATH, 'utf8')).number).toBe(e.payload.number)
    expect(fake.state.pulls.get(e.payload.number)).toBeDefined()
    const claims = JSON.parse(Buffer.from(e.env.ACTIONS_RUNTIME_TOKEN.split('.')[1], 'base64url').toString())
    expect(claims.scp).toMatch(/Actions\.Results:[0-9a-f-]{36}:[0-9a-f-]{36}/)
    expect(mintRuntimeJwt('a', 'b').split('.')).toHaveLength(3)
  })

  it('parses what @actions/core writes to GITHUB_OUTPUT / GITHUB_STEP_SUMMARY and to stdout', async () => {
    const e = runnerEnv()
    const src = `
const core = await import(${JSON.stringify(mod('@actions/core/lib/core.js'))})
core.setOutput('verdict', 'regression')
core.setOutput('report', 'line 1\\nline 2 with = and << inside\\n')
core.setOutput('json', { a: 1 })
core.exportVariable('BENCHGATE_X', 'y')
core.saveState('cleanup', '/tmp/wt')
await core.summary.addHeading('benchgate').addRaw('body').write()
core.warning('careful: 50% slower', { file: 'bench/a.cc', startLine: 3 })
core.setFailed('1 regression')
`
    const r = await runScript('core', src, e.env)
    expect(r.code).toBe(1)
    expect(e.outputs()).toEqual({
      verdict: 'regression',
      report: 'line 1\nline 2 with = and << inside\n',
      json: '{"a":1}'
    })
    expect(e.exportedEnv()).toEqual({ BENCHGATE_X: 'y' })
    expect(e.savedState()).toEqual({ cleanup: '/tmp/wt' })
    expect(e.summary()).toContain('<h1>benchgate</h1>')
    expect(parseWorkflowCommands(r.stdout)).toEqual([
      { command: 'warning', properties: { file: 'bench/a.cc', line: '3' }, message: 'careful: 50% slower' },
      { command: 'error', properties: {}, message: '1 regression' }
    ])
    expect(parseCommandFile('a=1\nb<<EOF\nx\ny\nEOF\n')).toEqual({ a: '1', b: 'x\ny' })
  })
})

describe('checkAgainstOpenApi finds real problems', () => {
  const base = { headers: {}, status: 0, responseHeaders: {}, responseBody: undefined }
  it('flags bad bodies, params and unknown operations', () => {
    expect(
      checkAgainstOpenApi({
        ...base,
        method: 'POST',
        path: '/repos/o/r/issues/1/comments',
        query: {},
        body: { body: 'ok' }
      })
    ).toEqual([])
    expect(
      checkAgainstOpenApi({
        ...base,
        method: 'POST',
        path: '/repos/o/r/issues/1/comments',
        query: {},
        body: { text: 'no body' }
      })
    ).toEqual(["POST /repos/o/r/issues/1/comments: body: missing required property 'body'"])
    expect(
      checkAgainstOpenApi({
        ...base,
        method: 'POST',
        path: '/repos/o/r/issues/x/comments',
        query: {},
        body: { body: 1 }
      })
    ).toEqual([
      "POST /repos/o/r/issues/x/comments: path parameter 'issue_number': 'x' is not an integer",
      'POST /repos/o/r/issues/x/comments: body.body: expected string, got integer'
    ])
    expect(
      checkAgainstOpenApi({
        ...base,
        method: 'GET',
        path: '/repos/o/r/issues/1/comments',
        query: { per_page: '100', sort: 'created' }
      })
    ).toEqual(["GET /repos/o/r/issues/1/comments: unknown query parameter 'sort'"])
    expect(
      checkAgainstOpenApi({
        ...base,
        method: 'POST',
        path: '/repos/o/r/check-runs',
        query: {},
        body: {
          name: 'x',
          head_sha: 'y',
          conclusion: 'bad',
          output: { title: 't', summary: 's'.repeat(65536) }
        }
      })
    ).toEqual([
      'POST /repos/o/r/check-runs: body.conclusion: "bad" is not one of ["action_required","cancelled","failure","neutral","success","skipped","stale","timed_out"]',
      'POST /repos/o/r/check-runs: body.output.summary: length 65536 > maxLength 65535'
    ])
    expect(
      checkAgainstOpenApi({ ...base, method: 'DELETE', path: '/repos/o/r/issues/comments/1', query: {} })
    ).toEqual(['DELETE /repos/o/r/issues/comments/1: no such operation in openapi-subset.json'])
  })
})

/**
 * The built Action (dist/index.js) attacked as a pull request would attack it (issue 13), against
 * the local fake GitHub: a fork's head under pull_request_target / workflow_run is refused before
 * anything is fetched or built; the build and every benchmark process see none of the step's
 * credentials; a benchgate.json in the PR cannot relax the gate. The "benchmark" is a small Node
 * script posing as a Google Benchmark binary (no compiler needed), which dumps its environment.
 * The comment mode (workflow_run, write token) is given hostile hand-over artifacts: zip bombs,
 * names that climb out of the folder, an oversized or wrongly typed results.json, and one whose every
 * text field is an injection attempt (issue 13 items 2-4).
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the webhook payload fixtures are edited as untyped JSON */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import yaml from 'js-yaml'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { toResultsJson } from '../../src/report/json.js'
import { makeZip, startFakeGitHub, type FakeGitHub, type RunnerEnv } from './fakeGitHub.js'
import { tempRepo } from '../helpers/repo.js'
import { spawnAction, workflowRunEnv } from '../helpers/action.js'
import { expectInert, expectNoStructure, HOSTILE, visibleOutsideCode } from '../helpers/markdownSafety.js'
import { measure } from '../helpers/samples.js'
import { deflatedZeros, rawZip, storedEntry } from '../helpers/zipBomb.js'

const ROOT = new URL('../../', import.meta.url).pathname
const action = yaml.load(readFileSync(join(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { default?: string }>
}

/** A Google Benchmark look-alike: rejects --benchgate_version like benchmark_main, lists one
 * benchmark, writes `repetitions` samples of NS ns (±1%), and dumps its environment first. */
const fakeBench = (ns: number) => `#!/usr/bin/env node
import { writeFileSync } from 'node:fs'
const args = process.argv.slice(2)
const get = (f) => args.find((a) => a.startsWith(f + '='))?.slice(f.length + 1)
if (args.includes('--benchgate_version')) { console.error('unrecognized command-line flag: --benchgate_version'); process.exit(1) }
writeFileSync(process.env.BENCH_DUMP + '/bench-' + process.pid + '.env',
  Object.entries(process.env).map(([k, v]) => k + '=' + v).sort().join('\\n'))
if (args.includes('--benchmark_list_tests=true')) { console.log('BM_Work'); process.exit(0) }
const reps = Number(get('--benchmark_repetitions') ?? 1)
const benchmarks = []
for (let r = 0; r < reps; r++) {
  const t = ${ns} * (1 + 0.01 * Math.random())
  benchmarks.push({ name: 'BM_Work', run_name: 'BM_Work', run_type: 'iteration', repetitions: reps,
    repetition_index: r, threads: 1, iterations: 1000, real_time: t, cpu_time: t, time_unit: 'ns' })
}
writeFileSync(get('--benchmark_out'), JSON.stringify({ context: { host_name: 'fake', num_cpus: 2 }, benchmarks }))
`

const runAction = (env: RunnerEnv, cwd: string) => spawnAction(env, cwd)

describe('the Action attacked by a pull request (dist/index.js against a local GitHub)', () => {
  let fake: FakeGitHub
  let repo: ReturnType<typeof tempRepo>
  let baseSha: string
  let headSha: string
  const PR = 3
  const dump = mkdtempSync(join(tmpdir(), 'bg-dump-'))
  // Each build also says what `git config --get-regexp extraheader` shows it (docs/security.md, defence 2).
  const headers = mkdtempSync(join(tmpdir(), 'bg-headers-'))
  const BUILD =
    'mkdir -p build && cp bench.mjs build/bench && chmod +x build/bench && env | sort > "$BENCH_DUMP/build-$BENCHGATE_SIDE.env"' +
    ` && { git config --get-regexp extraheader || true; } > "${headers}/$BENCHGATE_SIDE.txt"`

  const inputs = (own: Record<string, string>) => {
    const out: Record<string, string> = {}
    for (const [name, spec] of Object.entries(action.inputs)) out[name] = spec.default ?? ''
    return {
      ...out,
      'github-token': fake.token,
      build: BUILD,
      binary: 'build/bench',
      'min-time': '0.01',
      'cache-base-build': 'false',
      'upload-artifacts': 'false',
      comment: 'never',
      ...own
    }
  }
  const prPayload = (fixture: any) => {
    fixture.number = PR
    fixture.pull_request.number = PR
    fixture.pull_request.base.sha = baseSha
    fixture.pull_request.base.ref = 'main'
    fixture.pull_request.head.sha = headSha
    fixture.pull_request.head.ref = 'feature/slower'
    return fixture
  }

  beforeAll(async () => {
    fake = await startFakeGitHub()
    repo = tempRepo('bg-attack-')
    baseSha = repo.commitFiles(
      { 'bench.mjs': fakeBench(1000), 'benchgate.json': JSON.stringify({ rounds: 8, repetitions: 2 }) },
      'base: the gate as the maintainers set it'
    )
    repo.git('checkout', '-qb', 'feature/slower')
    headSha = repo.commitFiles(
      {
        'bench.mjs': fakeBench(1300),
        'benchgate.json': JSON.stringify({ rounds: 9, repetitions: 2, 'fail-on': 'never', 'min-effect': 0.9 })
      },
      'PR: 30% slower, and a benchgate.json that waves it through'
    )
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(repo.dir, { recursive: true, force: true })
    rmSync(dump, { recursive: true, force: true })
    rmSync(headers, { recursive: true, force: true })
  })

  describe('a fork under a privileged event is refused before any fetch or build', () => {
    const expectRefusedBeforeBuild = (r: { code: number | null; stdout: string }, out: string) => {
      expect(r.code).toBe(1)
      expect(r.stdout).toMatch(/::error::benchgate: refusing to build: .*mallory\/Hello-World/)
      expect(r.stdout).toMatch(/mode: measure.*'pull_request'.*mode: comment.*'workflow_run'/)
      expect(r.stdout).not.toMatch(/::group::(Fetch history|Build|Check out)/)
      expect(readdirSync(dump).filter((f) => f.startsWith('build-'))).toEqual([])
      expect(existsSync(join(out, 'build-head.log'))).toBe(false)
    }

    for (const mode of ['run', 'measure']) {
      it(`pull_request_target + a head from a fork, mode ${mode}`, async () => {
        const env = fake.env({
          event: 'pull_request.synchronize',
          eventName: 'pull_request_target',
          payload: (f: any) => {
            prPayload(f).pull_request.head.repo.full_name = 'mallory/Hello-World'
            return f
          },
          inputs: inputs({ mode }),
          workspace: repo.dir,
          vars: { BENCH_DUMP: dump }
        })
        const r = await runAction(env, repo.dir)
        expectRefusedBeforeBuild(r, join(repo.dir, 'benchgate-out'))
        env.cleanup()
      }, 60_000)
    }

    it('workflow_run of a run whose head repository is a fork, with the fork head passed as input', async () => {
      const env = fake.env({
        event: 'workflow_run.completed',
        payload: (f: any) => {
          f.workflow_run.head_repository.full_name = 'mallory/Hello-World'
          f.workflow_run.head_sha = headSha
          return f
        },
        inputs: inputs({ mode: 'run', base: baseSha, head: headSha }),
        workspace: repo.dir,
        vars: { BENCH_DUMP: dump }
      })
      const r = await runAction(env, repo.dir)
      expectRefusedBeforeBuild(r, join(repo.dir, 'benchgate-out'))
      env.cleanup()
    }, 60_000)
  })

  describe('a token that actions/checkout persisted in .git/config is refused before any build', () => {
    const header = () =>
      `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${fake.token}`).toString('base64')}`
    for (const mode of ['run', 'measure']) {
      it(`mode ${mode}: the error names the key and the fix, and no build runs`, async () => {
        // A clone with the job's token saved as actions/checkout saves it without persist-credentials: false.
        const clone = mkdtempSync(join(tmpdir(), 'bg-persisted-'))
        try {
          execFileSync('git', ['clone', '-q', '--no-local', repo.dir, clone])
          execFileSync('git', ['config', 'http.https://github.com/.extraheader', header()], { cwd: clone })
          const env = fake.env({
            event: 'pull_request.synchronize',
            payload: prPayload,
            inputs: inputs({ mode }),
            workspace: clone,
            vars: { BENCH_DUMP: dump }
          })
          const r = await runAction(env, clone)
          expect(r.code).toBe(1)
          expect(r.stdout).toMatch(
            /::error::benchgate: refusing to build: the checkout's git config holds a credential: http\.https:\/\/github\.com\/\.extraheader \(local\)/
          )
          expect(r.stdout).toMatch(
            /`persist-credentials: false`.*git config --unset-all http\.https:\/\/github\.com\/\.extraheader/
          )
          expect(r.stdout + r.stderr).not.toContain(header().split(' ')[2])
          expect(r.stdout).not.toMatch(/::group::(Build|Check out)/)
          expect(readdirSync(headers)).toEqual([])
          expect(existsSync(join(clone, 'benchgate-out', 'build-head.log'))).toBe(false)
          env.cleanup()
        } finally {
          rmSync(clone, { recursive: true, force: true })
        }
      }, 60_000)
    }
  })

  describe('a PR that tries to read credentials and relax its gate (one run, mode run)', () => {
    let result: { code: number | null; stdout: string; stderr: string }
    let env: RunnerEnv
    const OIDC = 'oidc-request-token-0123456789'
    beforeAll(async () => {
      env = fake.env({
        event: 'pull_request.synchronize',
        payload: prPayload,
        // the timing rounds under attack (8 of them): not the default's count pass and budget (docs/budget.md)
        inputs: inputs({ measure: 'time', budget: 'false' }),
        workspace: repo.dir,
        vars: {
          BENCH_DUMP: dump,
          // What a workflow author might pass on to the step, under other names:
          GITHUB_TOKEN: fake.token,
          CLONE_URL: `https://x-access-token:${fake.token}@github.com/o/r.git`,
          ACTIONS_ID_TOKEN_REQUEST_TOKEN: OIDC,
          ACTIONS_ID_TOKEN_REQUEST_URL: `${fake.url}/oidc`
        }
      })
      result = await runAction(env, repo.dir)
    }, 120_000)
    afterAll(() => env?.cleanup())

    const dumps = () => readdirSync(dump).map((f) => ({ f, text: readFileSync(join(dump, f), 'utf8') }))

    it('the step itself had the credentials (the attack is real)', () => {
      expect(env.env['INPUT_GITHUB-TOKEN']).toBe(fake.token)
      expect(env.env.ACTIONS_RUNTIME_TOKEN).toBeTruthy()
    })

    it('a build command and benchmark binaries that dump their environment show no token', () => {
      const all = dumps()
      const builds = all.filter((d) => d.f.startsWith('build-')).map((d) => d.f)
      expect(builds.sort()).toEqual(['build-base.env', 'build-head.env'])
      // probes (2 per side) + warm-up round + 8 measured rounds, per side
      expect(all.filter((d) => d.f.startsWith('bench-')).length).toBeGreaterThanOrEqual(2 * (8 + 1))
      for (const { f, text } of all) {
        expect({ f, dumpWorks: text.includes(`BENCH_DUMP=${dump}`) }).toEqual({ f, dumpWorks: true })
        for (const secret of [fake.token, env.env.ACTIONS_RUNTIME_TOKEN, OIDC])
          expect({ f, leaks: text.includes(secret) }).toEqual({ f, leaks: false })
        expect({
          f,
          names: text.match(
            /^(INPUT_|ACTIONS_RUNTIME_TOKEN|ACTIONS_ID_TOKEN_REQUEST_|GITHUB_TOKEN|GITHUB_OUTPUT|GITHUB_ENV)[^=]*/gm
          )
        }).toEqual({
          f,
          names: null
        })
      }
    })

    it("with no persisted token (persist-credentials: false) the same build runs, and git's config shows it no header", () => {
      expect(readdirSync(headers).sort()).toEqual(['base.txt', 'head.txt'])
      for (const side of ['base', 'head']) expect(readFileSync(join(headers, `${side}.txt`), 'utf8')).toBe('')
    })

    it('every benchmark process of both sides got the very same environment', () => {
      const benches = new Set(
        dumps()
          .filter((d) => d.f.startsWith('bench-'))
          .map((d) => d.text)
      )
      expect(benches.size).toBe(1)
    })

    it("benchgate.json in the PR cannot weaken the gate: the base commit's file is used, and the log says so", () => {
      expect(result.stdout).toMatch(
        new RegExp(`benchgate.json read from the base commit ${baseSha.slice(0, 7)}`)
      )
      expect(result.stdout).toMatch(
        /::warning::this change edits benchgate\.json: the edit takes effect once it is merged/
      )
      expect(result.stdout).toMatch(/round 8 done/) // rounds: 8 from the base, not 9 from the PR
      expect(result.stdout).not.toMatch(/round 9 done/)
      expect(result.stdout).toMatch(/::error::benchgate: fail: 1 regression/) // not fail-on: never
      expect(result.code).toBe(1)
      expect(env.outputs().verdict).toBe('regression') // not min-effect 0.9
    })
  })

  describe('mode comment (workflow_run) given a hostile hand-over artifact', () => {
    const HEAD = 'c'.repeat(40)
    let runId = 9300
    const prJson = (pullNumber: number) =>
      JSON.stringify({ format: 'benchgate-pr', version: 1, pullNumber, headSha: HEAD, key: 'default' })
    const results = (edit: (j: ReturnType<typeof toResultsJson>) => void = () => undefined) => {
      const suite = analyzeSuite({
        samples: [...measure('BM_Slower', 1.3, 0.01, 0, 8, 1), ...measure('BM_Same', 1, 0.01, 0, 8, 2)],
        provenance: { base: {}, head: { host: 'runner' } }
      })
      const run = {
        base: { label: 'main', sha: 'b'.repeat(40) },
        head: { label: 'x', sha: HEAD },
        key: 'default'
      }
      const json = toResultsJson({ suite, run }, '0.0.0')
      edit(json)
      return JSON.stringify(json)
    }

    /** Seeds the artifact of a measuring run for pull request `pr` and runs the comment job on it. */
    async function commentOn(zip: Buffer, pr: number) {
      runId += 10
      fake.seedArtifact({ name: 'benchgate-pr', runId, zip })
      fake.seedPull({ number: pr, head: { sha: HEAD, ref: 'x' }, base: { sha: 'b'.repeat(40), ref: 'main' } })
      const env = workflowRunEnv(fake, {
        measuredRunId: runId,
        headSha: HEAD,
        inputs: { ...inputs({ mode: 'comment', comment: 'always' }), build: '', binary: '' },
        runId: runId + 1
      })
      const r = await runAction(env, env.env.GITHUB_WORKSPACE)
      const comments = fake.state.comments.filter((c: any) => c.issue_number === pr)
      return { ...r, comments, env }
    }

    const refused = async (zip: Buffer, pr: number, message: string) => {
      const r = await commentOn(zip, pr)
      expect(r.code).toBe(1)
      expect(r.stdout).toContain(message)
      expect(r.comments).toEqual([])
      r.env.cleanup()
      return r
    }

    it('a zip bomb (300 MiB of zeros in 300 KiB) is refused before it is inflated', async () => {
      const start = performance.now()
      // With a valid pr.json (checked first, issue 28), the bomb in results.json is what is refused.
      await refused(
        rawZip([
          storedEntry('pr.json', prJson(41)),
          { name: 'results.json', data: deflatedZeros(300), method: 8, declaredSize: 300 * 1024 * 1024 }
        ]),
        41,
        `::error::could not download artifact 'benchgate-pr' from workflow run ${runId + 10} (artifact 'benchgate-pr' of run ${runId + 10}: entry "results.json" declares ${300 * 1024 * 1024} bytes, more than the ${64 * 1024 * 1024} accepted for one file; refusing the artifact)`
      )
      expect(performance.now() - start).toBeLessThan(20_000)
    }, 60_000)

    it('a zip bomb that declares 1 KiB stops inflating past 1 KiB', async () => {
      await refused(
        rawZip([
          storedEntry('pr.json', prJson(42)),
          { name: 'results.json', data: deflatedZeros(300), method: 8, declaredSize: 1024 }
        ]),
        42,
        'entry "results.json" inflates to more than the 1024 bytes it declares (a zip bomb?); refusing the artifact'
      )
    }, 60_000)

    it('an entry named ../../escape.json is refused and nothing is written outside', async () => {
      const r = await refused(
        rawZip([storedEntry('pr.json', prJson(43)), storedEntry('../../escape.json', '{}')]),
        43,
        `entry "../../escape.json" climbs out of the folder with '..'; refusing the artifact`
      )
      expect(existsSync(join(r.env.env.RUNNER_TEMP, 'escape.json'))).toBe(false)
      expect(existsSync(join(tmpdir(), 'escape.json'))).toBe(false)
    }, 60_000)

    /** The hand-over artifact as measure mode uploads it, with this results.json. */
    const handOver = (results: string, pr: number) =>
      makeZip([
        { name: 'results.json', data: results },
        { name: 'pr.json', data: prJson(pr) }
      ])

    it.each([
      [
        'a 100,000-character benchmark name',
        44,
        (j: any) => (j.benchmarks[0].name = 'B'.repeat(100_000)),
        '$.benchmarks[0].name: must NOT have more than 512 characters.'
      ],
      [
        'a wrongly typed field',
        45,
        (j: any) => (j.run.rounds = { toString: 1 }),
        '$.run.rounds: must be a whole number.'
      ]
    ])(
      'results.json with %s is refused, naming the field',
      async (_what, pr, edit, message) => {
        await refused(
          handOver(results(edit), pr),
          pr,
          `::error::benchgate: results.json in the artifact: ${message}`
        )
      },
      60_000
    )

    it('injection in every free-text field: the sticky comment is posted and stays text', async () => {
      const text = results((j) => {
        j.run.base.label = HOSTILE
        j.run.head.label = HOSTILE
        j.run.stoppedEarly = HOSTILE
        j.run.reproduce = HOSTILE
        j.warnings.push({ level: 'warning', code: HOSTILE, message: HOSTILE })
        j.provenance.head = { host: HOSTILE, compiler: HOSTILE, cpuModel: HOSTILE, context: { x: HOSTILE } }
        j.benchmarks[0].name = `BM_${HOSTILE}`
        j.benchmarks[0].warnings.push({ level: 'info', code: HOSTILE, message: HOSTILE })
      })
      const r = await commentOn(handOver(text, 46), 46)
      expect(r.stdout).not.toMatch(/::error::(?!benchgate: fail)/)
      expect(r.comments).toHaveLength(1)
      const body = r.comments[0].body as string
      expect(body).toContain('Click to approve')
      expectNoStructure(body)
      expectInert(visibleOutsideCode(body))
      r.env.cleanup()
    }, 60_000)
  })
})

/**
 * The third attack review's payloads against the built dist/: a results file keeps its honest
 * per-run values and forges only what it claims (a mode, a level, a verdict, a base commit). The
 * comment job (dist/index.js, comment mode, fake GitHub) and `benchgate report` (dist/cli.js) judge
 * it again from the values (src/analysis/judge.ts), so each claim is refused or shown as a claim.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { analyzeSuite } from '../../src/analysis/suite.js'
import { toResultsJson } from '../../src/report/json.js'
import { VERSION } from '../../src/version.js'
import { measure } from '../helpers/samples.js'
import { runnerInputs, seedHandOverArtifact, spawnAction, workflowRunEnv } from '../helpers/action.js'
import { startFakeGitHub, type FakeGitHub } from './fakeGitHub.js'

const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js')
const HEAD = 'c'.repeat(40)
const BASE = 'b'.repeat(40)
const PR = 7

/* eslint-disable @typescript-eslint/no-explicit-any -- the payloads edit raw results.json */
type Json = any

/**
 * An honest results file of the shipped default (per-benchmark pairs, 12 rounds): BM_Slower is
 * +29%, the others did not change.
 */
function honestResults(): Json {
  const samples = [
    ...measure('BM_Slower', 1.29, 0.01, 0, 12, 1),
    ...measure('BM_Same', 1, 0.01, 0, 12, 2),
    ...measure('BM_Other', 1, 0.01, 0, 12, 3)
  ]
  const suite = analyzeSuite({ samples }, { interleave: 'benchmark' })
  const run = {
    base: { label: 'main', sha: BASE },
    head: { label: 'x', sha: HEAD },
    key: 'default',
    rounds: 12,
    repetitions: 3
  }
  return JSON.parse(JSON.stringify(toResultsJson({ suite, run }, VERSION)))
}

const slower = (json: Json) => json.benchmarks.find((b: Json) => b.name === 'BM_Slower')

/** Every verdict the file claims is "no change", as the review's artifacts did. */
function claimNoChange(json: Json): void {
  for (const b of json.benchmarks) b.verdict = 'unchanged'
  json.counts = { ...json.counts, regression: 0, unchanged: json.benchmarks.length }
}

/** The review's payloads: each keeps the values and forges what the file says about them. */
const PAYLOADS: Record<string, (json: Json) => void> = {
  'count mode claimed over timing values (count_mode.measure: counts, verdict: unchanged)': (json) => {
    claimNoChange(json)
    json.count_mode = {
      measure: 'counts',
      metric: 'instructions',
      threshold: 0.01,
      method: {
        tool: 'callgrind',
        valgrind_version: 'valgrind-3.19.0',
        iteration_flags: [],
        repetitions: 2,
        caches: [],
        cycles_formula: 'CEst',
        wall_seconds: 1
      },
      counts: json.counts
    }
  },
  'level: repetitions claimed for one value per run, and a base commit GitHub does not know': (json) => {
    json.run.base.sha = 'e'.repeat(40)
    const b = slower(json)
    b.level = 'repetitions'
    b.level_reason = 'too-few-processes'
    b.verdict = 'inconclusive'
    b.inconclusive_reason = 'too-few-processes'
  },
  "verdict 'new' with its timing values deleted": (json) => {
    const b = slower(json)
    b.verdict = 'new'
    b.series = null
  },
  "verdict 'skipped' with its timing values deleted": (json) => {
    const b = slower(json)
    b.verdict = 'skipped'
    b.series = null
  }
}

describe('forged claims in a results file with honest values', () => {
  let fake: FakeGitHub
  let dir: string
  beforeAll(async () => {
    fake = await startFakeGitHub()
    dir = mkdtempSync(join(tmpdir(), 'benchgate-forged-'))
  })
  afterAll(async () => {
    await fake?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** The comment job on `json`, as a runner runs it; its check run's conclusion and the comment. */
  async function commentJob(json: Json, runId: number, pullBase = BASE) {
    fake.reset()
    seedHandOverArtifact(fake, { runId, results: JSON.stringify(json), pullNumber: PR, headSha: HEAD })
    fake.seedPull({ number: PR, head: { sha: HEAD, ref: 'x' }, base: { sha: pullBase, ref: 'main' } })
    const env = workflowRunEnv(fake, {
      measuredRunId: runId,
      headSha: HEAD,
      inputs: runnerInputs(fake.token, { mode: 'comment' }),
      runId: runId + 1
    })
    const r = await spawnAction(env, env.env.GITHUB_WORKSPACE)
    return {
      r,
      conclusion: fake.state.checkRuns[0]?.conclusion,
      verdict: env.outputs().verdict,
      body: fake.state.comments[0]?.body ?? ''
    }
  }

  /** `benchgate report` on `json`: its exit code and what it printed. */
  function reportCli(json: Json, name: string) {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.json`)
    writeFileSync(file, JSON.stringify(json))
    const r = spawnSync(process.execPath, [CLI, 'report', file, '--format', 'md'], { encoding: 'utf8' })
    return { code: r.status, stdout: r.stdout, stderr: r.stderr }
  }

  it('the honest file fails the check on its +29% regression, its base confirmed (the control)', async () => {
    const { conclusion, verdict, body } = await commentJob(honestResults(), 9300)
    expect(conclusion).toBe('failure')
    expect(verdict).toBe('regression')
    expect(body).not.toMatch(/as claimed|recomputed/)
  }, 60_000)

  let runId = 9400
  for (const [name, forge] of Object.entries(PAYLOADS)) {
    it(`${name}: the check fails and the report says what was recomputed`, async () => {
      const json = honestResults()
      forge(json)
      const { r, conclusion, verdict, body } = await commentJob(json, (runId += 10))
      expect(r.stdout).not.toMatch(/::error::/)
      expect(conclusion).toBe('failure')
      expect(verdict).not.toBe('unchanged')
      expect(body).not.toMatch(/no significant change/i)
      expect(body).toMatch(/recomputed|contradict|judged from the values/)
      if (json.run.base.sha !== BASE) {
        expect(body).toMatch(/as claimed by the measuring job/)
        expect(body).toMatch(/neither pull request .{0,20}7.{0,10} base nor its merge-base/)
      }
      const cli = reportCli(json, name)
      expect(cli.code).toBe(1)
      expect(cli.stderr).toMatch(/benchgate: fail/)
    }, 60_000)
  }

  it("a real 'new' benchmark (nothing measured at base) stays new", async () => {
    const json = honestResults()
    const b = json.benchmarks.find((x: Json) => x.name === 'BM_Other')
    Object.assign(b, {
      verdict: 'new',
      series: null,
      median: { base: null, head: b.median.head },
      location: { base: null, head: b.location.head },
      runs: { base: 0, head: b.runs.head },
      samples: { base: 0, head: b.samples.head },
      sides: { base: null, head: b.sides.head },
      p_value: null,
      p_adjusted: null,
      statistic: null,
      shift: null,
      ratio: null,
      power: null
    })
    delete b.test
    delete b.pairs
    const cli = reportCli(json, 'real-new')
    expect(cli.stdout).not.toMatch(/contradict/)
    expect(cli.stdout).toMatch(/1 new/)
    expect(cli.code).toBe(1) // BM_Slower's regression, nothing more
    expect(cli.stderr).toMatch(/fail: 1 regression \(/)
  }, 60_000)
})

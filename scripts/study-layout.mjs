#!/usr/bin/env node
// The layout study (issue 32, docs/layout.md): real benchgate runs on validation/fixtures/layout, a
// plain CMake project, under plain ABBA rounds, randomised layouts (independent and shared draws) and
// the cheap mitigation (-falign-functions=64 -falign-loops=64 on both sides). Writes every run's
// verdicts and spreads to docs/layout-study.json and prints the table docs/layout.md quotes.
//   node scripts/study-layout.mjs [--runs 20] [--rounds 10] [--only A,B] [--out FILE] [--table]
// (--table prints the table of the runs already in FILE and measures nothing)
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'

const root = resolve(import.meta.dirname, '..')
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '10' },
    only: { type: 'string' },
    table: { type: 'boolean', default: false },
    out: { type: 'string', default: join(root, 'docs', 'layout-study.json') }
  }
})
const runs = Number(args.runs)
const rounds = Number(args.rounds)

// The fixture as a git repository: base; a head that only moves code (a 16-byte function before the
// kernels); a head with a real +5% (5% more steps of BM_Chain's arithmetic chain); a head with a real
// change in the layout-sensitive BM_Branchy (5% more data: on this machine −12% per call, the branch
// predictor learns the longer pattern better; no code moves).
function fixtureRepo() {
  const dir = mkdtempSync(join(tmpdir(), 'benchgate-layout-study-'))
  cpSync(join(root, 'validation', 'fixtures', 'layout'), dir, { recursive: true })
  const git = (...a) =>
    execFileSync('git', ['-c', 'user.email=study@benchgate', '-c', 'user.name=study', ...a], { cwd: dir })
  git('init', '-q')
  git('add', '-A')
  git('commit', '-qm', 'base')
  git('tag', 'base')
  /** A head on top of base: `file`'s text edited, committed and tagged. */
  const head = (tag, file, edit, message) => {
    const path = join(dir, file)
    writeFileSync(path, edit(readFileSync(path, 'utf8')))
    git('commit', '-qam', message)
    git('tag', tag)
    git('checkout', '-q', 'base')
  }
  head(
    'layout',
    'filler.inc',
    () =>
      '// Head: one small function before the kernels moves them by 16 bytes; their code is unchanged.\n' +
      '__attribute__((noinline, used)) int layout_filler(int x) { return x * 3 + 1; }\n',
    'move code by 16 bytes'
  )
  head(
    'real',
    'work.inc',
    (t) => t.replace('kChainSteps = 1000', 'kChainSteps = 1050'),
    '5% more work in BM_Chain'
  )
  head(
    'branchy',
    'bench.cpp',
    (t) => t.replace('d(4096)', 'd(4301)'),
    '5% more data for BM_Branchy (its code does not move; −12% per call here)'
  )
  return dir
}

const plainBuild =
  'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build >/dev/null'
const alignedBuild =
  "cmake -S . -B build -DCMAKE_BUILD_TYPE=Release '-DCMAKE_CXX_FLAGS=-falign-functions=64 -falign-loops=64' >/dev/null && cmake --build build >/dev/null"

const CONDITIONS = {
  A: { head: 'layout', build: plainBuild, flags: [], what: 'code moved 16 bytes · plain ABBA' },
  B: {
    head: 'layout',
    build: plainBuild,
    flags: ['--randomize-layout', '--layout-draws', 'independent'],
    what: 'code moved · randomised (independent)'
  },
  C: {
    head: 'layout',
    build: plainBuild,
    flags: ['--randomize-layout', '--layout-draws', 'shared'],
    what: 'code moved · randomised (shared draw)'
  },
  D: {
    head: 'layout',
    build: alignedBuild,
    flags: [],
    what: 'code moved · -falign-functions=64 -falign-loops=64'
  },
  E: { head: 'real', build: plainBuild, flags: [], what: '+5% work · plain ABBA' },
  F: {
    head: 'real',
    build: plainBuild,
    flags: ['--randomize-layout', '--layout-draws', 'independent'],
    what: '+5% work · randomised (independent)'
  },
  G: {
    head: 'real',
    build: alignedBuild,
    flags: [],
    what: '+5% work · -falign-functions=64 -falign-loops=64'
  },
  H: {
    head: 'real',
    build: plainBuild,
    flags: ['--randomize-layout', '--layout-draws', 'shared'],
    what: '+5% work · randomised (shared draw)'
  },
  I: { head: 'branchy', build: plainBuild, flags: [], what: 'real change in BM_Branchy (−12%) · plain ABBA' },
  J: {
    head: 'branchy',
    build: plainBuild,
    flags: ['--randomize-layout', '--layout-draws', 'shared'],
    what: 'real change in BM_Branchy (−12%) · randomised (shared draw)'
  },
  K: {
    head: 'branchy',
    build: plainBuild,
    flags: ['--randomize-layout', '--layout-draws', 'independent'],
    what: 'real change in BM_Branchy (−12%) · randomised (independent)'
  }
}

/** Sample standard deviation, or null below 2 values. */
function sdOf(xs) {
  const v = xs.filter((x) => Number.isFinite(x))
  if (v.length < 2) return null
  const m = v.reduce((a, b) => a + b, 0) / v.length
  return Math.sqrt(v.reduce((a, b) => a + (b - m) ** 2, 0) / (v.length - 1))
}

function oneRun(repo, c, i) {
  const out = mkdtempSync(join(tmpdir(), 'benchgate-layout-out-'))
  const started = Date.now()
  const r = spawnSync(
    process.execPath,
    [
      join(root, 'dist', 'cli.js'),
      'run',
      '--repo',
      repo,
      '--base',
      'base',
      '--head',
      c.head,
      '--no-merge-base',
      '--build',
      c.build,
      '--binary',
      'build/bench',
      '--rounds',
      String(rounds),
      '--repetitions',
      '2',
      '--min-time',
      '0.02',
      '--fail-on',
      'never',
      '--out',
      out,
      ...c.flags,
      ...(c.flags.includes('--randomize-layout') ? ['--layout-seed', `study-${i}`] : [])
    ],
    { encoding: 'utf8' }
  )
  const file = join(out, 'results.json')
  if (!existsSync(file)) throw new Error(`run failed (exit ${r.status}):\n${r.stderr.slice(-2000)}`)
  const json = JSON.parse(readFileSync(file, 'utf8'))
  rmSync(out, { recursive: true, force: true })
  return {
    wallSeconds: (Date.now() - started) / 1000,
    measuringSeconds: json.run.measuringSeconds,
    relinkSeconds: json.run.layout ? json.run.layout.relinkMs / 1000 : 0,
    benchmarks: Object.fromEntries(
      json.benchmarks.map((b) => [
        b.name,
        {
          verdict: b.verdict,
          ratio: b.ratio?.estimate ?? null,
          ci: b.ratio?.ci ?? null,
          sdLog: sdOf(b.series ? b.series.base.map((x) => Math.log(x)) : []),
          sdPair: b.series ? sdOf(b.series.head.map((h, i) => Math.log(h / b.series.base[i]))) : null,
          detects: b.power?.min_detectable_effect ?? null
        }
      ])
    )
  }
}

const previous = existsSync(args.out) ? JSON.parse(readFileSync(args.out, 'utf8')) : { conditions: {} }
const chosen = args.table ? [] : args.only ? args.only.split(',') : Object.keys(CONDITIONS)
const repo = chosen.length ? fixtureRepo() : null
for (const key of chosen) {
  const c = CONDITIONS[key]
  const results = []
  for (let i = 0; i < runs; i++) {
    results.push(oneRun(repo, c, i))
    const last = results.at(-1)
    process.stderr.write(
      `${key} ${i + 1}/${runs}: ` +
        Object.entries(last.benchmarks)
          .map(([n, b]) => `${n} ${b.verdict} ${b.ratio?.toFixed(3)}`)
          .join(', ') +
        ` (${last.wallSeconds.toFixed(0)} s)\n`
    )
  }
  previous.conditions[key] = { ...c, runs: results }
  previous.settings = { rounds, repetitions: 2, minTime: 0.02, alpha: 0.01, correction: 'bonferroni', k: 2 }
  writeFileSync(args.out, JSON.stringify(previous, null, 1) + '\n')
}
if (repo) rmSync(repo, { recursive: true, force: true })

// The table: how often each benchmark was flagged (regression or improvement), median change and spread.
const flagged = (v) => v === 'regression' || v === 'improvement'
const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b)
  return s.length ? s[Math.floor((s.length - 1) / 2)] : null
}
console.log(
  '| condition | runs | BM_Branchy flagged | its median change | its σ/process (base) | its σ of pair ratios | BM_Chain flagged | its median change | its σ/process (base) | its σ of pair ratios | BM_Chain detects | relink s/run | wall s/run |'
)
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|')
for (const [key, c] of Object.entries(previous.conditions).sort(([a], [b]) => a.localeCompare(b))) {
  const col = (name) => {
    const bs = c.runs.map((r) => r.benchmarks[name])
    const n = bs.filter((b) => flagged(b.verdict)).length
    return [
      `${n}/${bs.length}`,
      `${((median(bs.map((b) => b.ratio)) - 1) * 100).toFixed(1)}%`,
      `${(median(bs.map((b) => b.sdLog)) * 100).toFixed(1)}%`,
      `${(median(bs.map((b) => b.sdPair)) * 100).toFixed(1)}%`
    ]
  }
  const chainDetects = median(c.runs.map((r) => r.benchmarks.BM_Chain.detects))
  console.log(
    `| ${key}: ${c.what} | ${c.runs.length} | ${col('BM_Branchy').join(' | ')} | ${col('BM_Chain').join(' | ')} | ` +
      `≥ ${(chainDetects * 100).toFixed(1)}% | ${median(c.runs.map((r) => r.relinkSeconds)).toFixed(1)} | ` +
      `${median(c.runs.map((r) => r.wallSeconds)).toFixed(0)} |`
  )
}

// The layers of src/, lowest first (docs/architecture.md explains each). A module may import modules of
// its own folder (or itself, for a top-level file) and of LOWER layers only: never a higher layer, and
// never a peer in its own layer (git/, build/ and measure/ stay independent of one another).
// eslint.config.js turns this list into import-x/no-restricted-paths zones; a test checks that the
// check fails on a planted upward import.
export const LAYERS = [
  ['stats'], // pure math, no I/O, imports nothing from src/
  ['errors.ts', 'log.ts', 'version.ts'], // error classes and exit codes, the Log interface, the version
  ['samples'], // sample data model and parsers
  ['analysis'], // comparisons and verdicts from samples, via stats
  ['config'], // options: the one option table, the Config type, defaults, validation
  ['report'], // formats a finished result (markdown, terminal, JSON, HTML); computes nothing statistical
  ['gate.ts', 'output.ts'], // pass/fail from a result; writing the report files
  ['process'], // spawning and terminating child processes
  ['layout'], // --randomize-layout: seeded layout draws, recording the build's links, relinking per round (issue 32)
  ['harness'], // the benchmark libraries other than Google Benchmark: recognising, listing and running Catch2 and nanobench binaries
  ['git', 'build', 'measure', 'counts'], // worktrees; the build and its cache; rounds of benchmark processes; count mode's valgrind passes
  ['github'], // the GitHub API: comment, checks, artifacts, cache
  ['shard'], // splitting a suite over N jobs and merging the shards' results (issue 16)
  ['history'], // benchmark history on main: records from results.json, the store (folder or orphan git branch), change points (issue 31)
  ['pipeline'], // the whole job: plan -> build -> measure -> analyse -> report, one module per step
  ['commands'], // CLI commands (run, compare, report, merge) over the pipeline
  ['action'], // the Action's inputs and flow
  ['index.ts', 'cli.ts', 'lib.ts'] // entry points: Action, CLI, package library export
]

/**
 * The layers of validation/src/ (the validation study, validation/README.md), lowest first, under the
 * same rule as src/. validation/ may import src/ (it validates src/'s statistics); src/ never imports
 * validation/ (SRC_NOT_VALIDATION).
 */
export const VALIDATION_LAYERS = [
  ['model'], // rng, noise model, binomial bands, noise calibration, outcome tallies: pure, no I/O
  ['studies'], // the studies (simulation, real runs, grid, adaptive, advice, pairs, suite summary) and their results files
  ['render'], // docs/VALIDATION.md from the results: one module per section and document.ts; pure, no I/O
  ['cli'], // parseArgs option tables, the page command and the study commands
  ['index.ts'] // the entry: the one module that touches the terminal and the exit code
]

/** src/ must not depend on the study that validates it. */
export const SRC_NOT_VALIDATION = {
  target: './src',
  from: './validation',
  message: 'src/ must not import validation/: the validation study imports src/, never the other way round'
}

/**
 * Throws unless every folder and top-level module of `root` (src/ or validation/src/) is in exactly one
 * layer: a module in no layer would escape the rule, so `npm run lint` stops with this message until it
 * is placed.
 */
export function assertEveryEntryLayered(layers, entries, root = 'src') {
  const layered = layers.flat()
  const missing = entries.filter((e) => !e.endsWith('.d.ts') && !layered.includes(e))
  const twice = layered.filter((e, i) => layered.indexOf(e) !== i)
  if (missing.length || twice.length) {
    throw new Error(
      `layers.config.js: ${missing
        .map((e) => `${root}/${e} is in no layer`)
        .concat(twice.map((e) => `${root}/${e} is in two layers`))
        .join('; ')}. Place it in ${root === 'src' ? 'LAYERS' : 'VALIDATION_LAYERS'} ` +
        '(imports may only point to lower layers; docs/architecture.md).'
    )
  }
}

/**
 * One zone per layer member: it may not import any higher layer or any peer of its own layer (a lone
 * top layer has nothing above it and no zone).
 */
export function layerZones(layers, root = './src') {
  const path = (name) => `${root}/${name}`
  const label = root.replace(/^\.\//, '')
  const zones = layers.flatMap((layer, i) =>
    layer.map((name) => {
      const above = layers.slice(i + 1).flat()
      const peers = layer.filter((other) => other !== name)
      return {
        target: path(name),
        from: [...peers, ...above].map(path),
        message: `layer rule: ${label}/${name} (layer ${i}) may import only its own folder and lower layers; see layers.config.js and docs/architecture.md`
      }
    })
  )
  return zones.filter((zone) => zone.from.length > 0)
}

/** Command-line options of `npm run validate` (see the header of index.ts). */

export interface CliOptions {
  quick: boolean
  simOnly: boolean
  realOnly: boolean
  renderOnly: boolean
  /** Only the suite-wide grid (grid.ts), then re-render. */
  grid: boolean
  /** Label of the grid results file (grid-LABEL.json), e.g. before / after. */
  gridLabel: string
  /** A/A suites per grid cell (mixed suites: a third of it); null: 300, or 30 with --quick. */
  gridSuites: number | null
  /** Total sd of ln values per repetition in the grid; null: GRID_SD_LOG (5%). */
  gridSd: number | null
  reps: number | null
  seed: number
  /** Where the page goes; null: docs/VALIDATION.md, or beside the quick results for --quick. */
  out: string | null
  results: string | null
  work: string
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const o: CliOptions = {
    quick: false,
    simOnly: false,
    realOnly: false,
    renderOnly: false,
    grid: false,
    gridLabel: 'after',
    gridSuites: null,
    gridSd: null,
    reps: null,
    seed: 20261123,
    out: null,
    results: null,
    work: '/tmp/benchgate-validate'
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const [flag, inline] = a.includes('=')
      ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)]
      : [a, undefined]
    const value = (): string => {
      const v = inline ?? argv[++i]
      if (v === undefined) throw new Error(`${flag} needs a value`)
      return v
    }
    switch (flag) {
      case '--quick':
        o.quick = true
        break
      case '--sim-only':
        o.simOnly = true
        break
      case '--real-only':
        o.realOnly = true
        break
      case '--render-only':
        o.renderOnly = true
        break
      case '--grid':
        o.grid = true
        break
      case '--grid-label':
        o.gridLabel = value()
        if (!/^[a-z0-9-]+$/.test(o.gridLabel))
          throw new Error('--grid-label: lower-case letters, digits and -')
        break
      case '--grid-suites':
        o.gridSuites = Number(value())
        if (!(Number.isInteger(o.gridSuites) && o.gridSuites > 0))
          throw new Error('--grid-suites needs a positive integer')
        break
      case '--grid-sd':
        o.gridSd = Number(value())
        if (!(o.gridSd > 0 && o.gridSd < 1)) throw new Error('--grid-sd needs a number in (0, 1), e.g. 0.01')
        break
      case '--reps':
        o.reps = Number(value())
        if (!(Number.isInteger(o.reps) && o.reps > 0)) throw new Error('--reps needs a positive integer')
        break
      case '--seed':
        o.seed = Number(value())
        if (!Number.isInteger(o.seed)) throw new Error('--seed needs an integer')
        break
      case '--out':
        o.out = value()
        break
      case '--results':
        o.results = value()
        break
      case '--work':
        o.work = value()
        break
      default:
        throw new Error(`unknown argument '${a}' (see the header of validation/src/index.ts)`)
    }
  }
  if (o.simOnly && o.realOnly) throw new Error('--sim-only and --real-only exclude each other')
  if (o.grid && (o.simOnly || o.realOnly || o.renderOnly))
    throw new Error('--grid runs only the grid; it excludes --sim-only, --real-only and --render-only')
  return o
}

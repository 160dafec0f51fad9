/**
 * npm run validate — the validation study (validation/README.md, docs/VALIDATION.md). Not part of
 * `npm test`. The one module that touches the terminal and the exit code; the commands get an Io.
 *
 *   npm run validate                      full: simulation (2,000 per cell) + real study (~90 min)
 *   npm run validate -- --quick           ≤ 15 min: same code paths, fewer replications
 *   npm run validate -- --sim-only | --real-only | --render-only
 *   npm run validate -- --grid [--grid-label before|after[-SUFFIX]] [--grid-suites N] [--grid-sd S] [--quick]
 *                                         suite-wide grid only (grid.ts; 300 A/A + 100 mixed suites per
 *                                         cell, 36 cells; --quick: 30 + 10; S: noise sd, default 0.05),
 *                                         to grid-LABEL.json, then re-render
 *   options: --reps N (simulation replications per cell), --seed S,
 *            --out FILE (default docs/VALIDATION.md; with --quick, VALIDATION.md beside the quick results),
 *            --results DIR (JSON results; default validation/results/full, or validation/results/quick),
 *            --work DIR (builds and scratch; default /tmp/benchgate-validate)
 *   npm run validate -- adaptive | adaptive-real | advice | pairs | pairs-real | suite-summary | history | history-calibration | layout [options]
 *                                         one study (cli/options.ts lists each one's options)
 */
import { runCommand, type Io } from './cli/commands.js'
import { parseCommand, UsageError } from './cli/options.js'

const io: Io = {
  log: (line) => process.stderr.write(line + '\n'),
  print: (text) => process.stdout.write(text + '\n')
}

try {
  await runCommand(parseCommand(process.argv.slice(2)), io)
} catch (e) {
  const message =
    e instanceof UsageError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e)
  process.stderr.write(`validate: ${message}\n`)
  process.exit(1)
}

/** The command line of the study scripts (advice, pairs, suite summary): numeric flags and where results go. */
import { writeFileSync } from 'node:fs'

/** `--name N` as a number, else `fallback`. */
export function numberArg(argv: readonly string[], name: string, fallback: number): number {
  const i = argv.indexOf(name)
  return i >= 0 ? Number(argv[i + 1]) : fallback
}

/**
 * Prints a study's rendered table and, with `--out FILE.json`, writes its cells there and the table
 * beside it (FILE.md), for docs/VALIDATION.md to render from.
 */
export function publishStudy(argv: readonly string[], meta: string, cells: unknown, text: string): void {
  const i = argv.indexOf('--out')
  if (i >= 0) {
    writeFileSync(argv[i + 1], JSON.stringify({ meta, cells }, null, 2) + '\n')
    writeFileSync(argv[i + 1].replace(/\.json$/, '.md'), text + '\n')
  }
  process.stdout.write(text + '\n')
}

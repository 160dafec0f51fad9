/**
 * eslint as `npm run lint` runs it, on planted text: the architecture tests check that a rule fails on
 * a planted violation and passes the real file. One ESLint instance per test file (in process): its
 * config, parsers and import resolution are loaded once, not once per planted text.
 */
import { ESLint } from 'eslint'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..', '..')
const instances = new Map<string, ESLint>()

/**
 * Lints `text` as if it were the file `path` (relative to the repository root), with every rule of the
 * config, or with only the rules named in `only` (as configured for `path`): a check of the terminal
 * rules in an entry point need not have import-x/no-cycle parse the whole import graph behind it (3–4 s).
 * @returns whether eslint found an error, and its messages as "ruleId: message" lines
 */
export async function lintAs(
  path: string,
  text: string,
  only?: readonly string[]
): Promise<{ failed: boolean; output: string }> {
  const key = only ? [...only].sort().join(' ') : ''
  let eslint = instances.get(key)
  if (!eslint) {
    eslint = new ESLint({ cwd: root, ...(only ? { ruleFilter: ({ ruleId }) => only.includes(ruleId) } : {}) })
    instances.set(key, eslint)
  }
  const results = await eslint.lintText(text, { filePath: join(root, path) })
  const fatal = results.flatMap((r) => r.messages.filter((m) => m.fatal))
  // A parse error or a crash of a rule must fail the test, not read as a planted violation found.
  if (fatal.length)
    throw new Error(`eslint could not lint ${path}: ${fatal.map((m) => m.message).join('; ')}`)
  const failed = results.some((r) => r.errorCount > 0)
  const output = results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`)).join('\n')
  return { failed, output }
}

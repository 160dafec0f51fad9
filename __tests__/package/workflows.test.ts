/**
 * Every workflow this repository runs (.github/workflows) or tells users to copy (examples/workflows)
 * passes the official actionlint (with shellcheck on its `run:` blocks when shellcheck is installed;
 * .ci/run installs both), and every `uses: actions/…@vN` here, in the README and in docs/ is at least
 * the first major that runs on node24: GitHub removed node20 from its runners on 2026-09-23 (issue 46).
 */
import { describe, expect, it } from '@jest/globals'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'

const ROOT = resolve(import.meta.dirname, '../..')
const WORKFLOW_DIRS = ['.github/workflows', 'examples/workflows']

const workflows = WORKFLOW_DIRS.flatMap((dir) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => /\.ya?ml$/.test(f))
    .map((f) => `${dir}/${f}`)
)

const found = (cmd: string) => spawnSync(cmd, ['--version'], { encoding: 'utf8' }).status === 0
const hasActionlint = found('actionlint')
const hasShellcheck = found('shellcheck')
const hasGo = found('go') || existsSync('/usr/local/go/bin/go')

/** The first node24 major of each action (checked against each action's action.yml at its tags). */
const FIRST_NODE24_MAJOR: Record<string, number> = {
  'actions/checkout': 5,
  'actions/setup-node': 5,
  'actions/setup-go': 6,
  'actions/upload-artifact': 6,
  'actions/download-artifact': 7,
  'actions/cache': 5,
  'actions/configure-pages': 6,
  'actions/upload-pages-artifact': 5, // composite: v5 calls upload-artifact v7
  'actions/deploy-pages': 5
}

describe('workflows', () => {
  it('there are workflows of both kinds to check', () => {
    expect(workflows.filter((f) => f.startsWith('.github/')).length).toBeGreaterThanOrEqual(3)
    expect(workflows.filter((f) => f.startsWith('examples/')).length).toBeGreaterThanOrEqual(10)
  })

  if (hasActionlint) {
    it(`pass actionlint${hasShellcheck ? ', with shellcheck on run: blocks' : ''}`, () => {
      // actionlint reads .github/actionlint.yaml (the self-hosted runner's label) from the repository root.
      const r = spawnSync('actionlint', ['-no-color', ...workflows], { cwd: ROOT, encoding: 'utf8' })
      expect({ status: r.status, findings: `${r.stdout}${r.stderr}` }).toEqual({ status: 0, findings: '' })
    })
  } else {
    const why = hasGo
      ? 'run .ci/run, or: GOBIN=/usr/local/bin go install github.com/rhysd/actionlint/cmd/actionlint@v1.7.12'
      : 'no Go toolchain to build it with (.ci/run installs it with go install when go exists)'
    const title = `actionlint on every workflow needs actionlint: not found (${why}), skipped`
    process.stderr.write(`${title}\n`) // also said when jest is not --verbose
    it.skip(title, () => undefined)
  }
  if (hasActionlint && !hasShellcheck)
    it.skip('shellcheck on run: blocks needs shellcheck (apt-get install shellcheck): not found, skipped', () =>
      undefined)

  it('use at least the node24 major of every actions/* action, in workflows, README and docs', () => {
    const docs = readdirSync(join(ROOT, 'docs'))
      .filter((f) => f.endsWith('.md'))
      .map((f) => `docs/${f}`)
    const old = [...workflows, 'README.md', ...docs].flatMap((file) =>
      [...readFileSync(join(ROOT, file), 'utf8').matchAll(/uses:\s*(actions\/[\w-]+)@v(\d+)\b/g)]
        .filter(([, action, major]) => !(Number(major) >= FIRST_NODE24_MAJOR[action])) // an action not in the table too
        .map(([use]) => `${file}: ${use}`)
    )
    expect(old).toEqual([])
  })
})

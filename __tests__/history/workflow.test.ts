// examples/workflows/history-record.yml is what users copy: it measures the push against its `before`,
// records into the orphan branch with write permission only for contents, one job at a time.
// examples/workflows/history-pages.yml publishes history.html after each record, with Pages rights only.
import { describe, expect, it } from '@jest/globals'
import { readFileSync } from 'node:fs'
import yaml from 'js-yaml'

interface Workflow {
  on: { push: { branches: string[] } }
  permissions: Record<string, string>
  concurrency: { group: string; 'cancel-in-progress': boolean }
  jobs: { record: { steps: { run?: string; env?: Record<string, string> }[] } }
}

describe('examples/workflows/history-record.yml', () => {
  const wf = yaml.load(
    readFileSync(new URL('../../examples/workflows/history-record.yml', import.meta.url), 'utf8')
  ) as Workflow
  const runs = wf.jobs.record.steps.map((s) => s.run ?? '').join('\n')

  it('runs on push to main, writes contents only, one record job at a time without cancelling', () => {
    expect(wf.on.push.branches).toEqual(['main'])
    expect(wf.permissions).toEqual({ contents: 'write' })
    expect(wf.concurrency).toEqual({ group: 'benchgate-history', 'cancel-in-progress': false })
  })

  it('measures against the push’s before (passed through the environment, not spliced into the script) and records', () => {
    expect(runs).toMatch(/benchgate run --base "\$BEFORE" --head "\$GITHUB_SHA"/)
    expect(runs).not.toContain('${{')
    expect(wf.jobs.record.steps.find((s) => s.env?.BEFORE)?.env?.BEFORE).toBe('${{ github.event.before }}')
    expect(runs).toContain(
      'benchgate history record benchgate-out/results.json --store git:benchgate-history ${PR:+--pr "$PR"}'
    )
    expect(runs).toContain("grep -oE '#[0-9]+'") // the PR number: digits only
    expect(runs).toContain('benchgate history report --store git:benchgate-history --out history')
  })

  it('installs the CLI, at the Action’s major version, before its first use (issue 46)', () => {
    expect(installedBeforeUse(wf.jobs.record.steps)).toBe(true)
  })
})

/** An `npm install --global … benchgate@1` step comes before the first step that runs `benchgate`. */
function installedBeforeUse(steps: { run?: string }[]): boolean {
  const install = steps.findIndex((s) => /^npm install --global .*\bbenchgate@1$/m.test(s.run ?? ''))
  const use = steps.findIndex((s) => /^\s*benchgate /m.test(s.run ?? ''))
  return install >= 0 && use > install
}

interface PagesWorkflow {
  on: { workflow_run: { workflows: string[]; types: string[] } }
  permissions: Record<string, string>
  jobs: {
    publish: {
      environment: { name: string }
      steps: { uses?: string; run?: string; id?: string; with?: Record<string, string> }[]
    }
  }
}

describe('examples/workflows/history-pages.yml', () => {
  const wf = yaml.load(
    readFileSync(new URL('../../examples/workflows/history-pages.yml', import.meta.url), 'utf8')
  ) as PagesWorkflow
  const record = yaml.load(
    readFileSync(new URL('../../examples/workflows/history-record.yml', import.meta.url), 'utf8')
  ) as { name: string }
  const steps = wf.jobs.publish.steps
  const runs = steps.map((s) => s.run ?? '').join('\n')

  it('runs after the record workflow, reads contents and deploys to Pages with an OIDC token only', () => {
    expect(wf.on.workflow_run).toEqual({ workflows: [record.name], types: ['completed'] })
    expect(wf.permissions).toEqual({ contents: 'read', pages: 'write', 'id-token': 'write' })
    expect(wf.jobs.publish.environment.name).toBe('github-pages')
  })

  it('reports the history branch with commit links into a folder that it uploads and deploys', () => {
    expect(runs).toContain(
      'benchgate history report --store git:benchgate-history --out site --repo-url "$GITHUB_SERVER_URL/$GITHUB_REPOSITORY"'
    )
    expect(runs).not.toContain('${{')
    const uses = steps.map((s) => s.uses?.replace(/@.*/, ''))
    expect(uses.indexOf('actions/upload-pages-artifact')).toBeLessThan(uses.indexOf('actions/deploy-pages'))
    expect(steps.find((s) => s.uses?.startsWith('actions/upload-pages-artifact'))?.with?.path).toBe('site')
  })

  it('installs the CLI, at the Action’s major version, before its first use (issue 46)', () => {
    expect(installedBeforeUse(steps)).toBe(true)
  })
})

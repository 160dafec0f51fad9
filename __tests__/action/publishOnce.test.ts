/**
 * publish renders each Markdown report once and passes it on: report.md and summary.md are written
 * from the renders the comment, the check run and the job summary use, and report.md is never read
 * back. The renderer is wrapped (jest.unstable_mockModule) to count what is rendered at which size.
 */
import { afterAll, describe, expect, it, jest } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ActionContext } from '../../src/action/types.js'
import type { ActionSettings } from '../../src/action/inputs.js'
import { analyzeSuite } from '../../src/analysis/suite.js'
import type { CheckRunRequest, GitHubClient, IssueComment } from '../../src/github/client.js'
import { silentLog } from '../../src/log.js'
import type { MarkdownOptions } from '../../src/report/markdown.js'
import type { Report } from '../../src/report/model.js'
import { measure } from '../helpers/samples.js'

const real = await import('../../src/report/markdown.js')
/** The maxChars of every render of a whole report (renderMarkdown or markdownParts, from outside markdown.ts). */
const renders: number[] = []
jest.unstable_mockModule('../../src/report/markdown.js', () => ({
  ...real,
  renderMarkdown: (report: Report, options: MarkdownOptions = {}) => {
    renders.push(options.maxChars ?? real.COMMENT_MAX_CHARS)
    return real.renderMarkdown(report, options)
  },
  markdownParts: (report: Report, options: MarkdownOptions = {}) => {
    renders.push(options.maxChars ?? real.COMMENT_MAX_CHARS)
    return real.markdownParts(report, options)
  }
}))
const fs = await import('node:fs')
/** Every file publish reads. */
const reads: string[] = []
jest.unstable_mockModule('node:fs', () => ({
  ...fs,
  default: fs,
  readFileSync: (...args: Parameters<typeof fs.readFileSync>) => {
    reads.push(String(args[0]))
    return fs.readFileSync(...args)
  }
}))
const { publish } = await import('../../src/action/publish.js')

/** A GitHub that keeps the comment and the check run it is given. */
function memoryGitHub() {
  const comments: IssueComment[] = []
  const checks: CheckRunRequest[] = []
  const client: GitHubClient = {
    authenticatedLogin: async () => null,
    listIssueComments: async () => comments.map((comment) => ({ ...comment })),
    createIssueComment: async (_issue, body) => {
      const comment = { id: 100 + comments.length, body, login: 'github-actions[bot]', url: 'u' }
      comments.push(comment)
      return comment
    },
    updateIssueComment: async (id, body) => ({ id, body, login: 'github-actions[bot]', url: 'u' }),
    getPullHead: async () => ({ sha: '', ref: '', repository: null }),
    mergeBase: async () => null,
    listCheckRuns: async () => [],
    listPullCommits: async () => [],
    createCheckRun: async (check) => (checks.push(check), 'check-url'),
    updateCheckRun: async (_id, check) => (checks.push(check), 'check-url')
  }
  return { client, comments, checks }
}

const out = mkdtempSync(join(tmpdir(), 'benchgate-publish-'))
afterAll(() => rmSync(out, { recursive: true, force: true }))

describe('publish', () => {
  it('renders report.md and summary.md once each and posts those renders, reading nothing back', async () => {
    const samples = [...measure('BM_Slower', 1.1, 0.01, 0, 12, 1), ...measure('BM_Same', 1, 0.01, 0, 12, 2)]
    const report: Report = {
      suite: analyzeSuite({ samples }),
      run: { base: { label: 'main', sha: 'b'.repeat(40) }, head: { label: 'pr', sha: 'c'.repeat(40) } }
    }
    const github = memoryGitHub()
    const summaries: string[] = []
    const ctx = {
      settings: { comment: 'always', commentAuthor: '', commentRequired: false } as ActionSettings,
      env: { eventName: 'pull_request', serverUrl: 'https://github.com', repository: 'o/r' },
      payload: {},
      io: {
        log: silentLog,
        setOutput: () => {},
        appendSummary: async (text: string) => void summaries.push(text)
      },
      services: { github: () => github.client, artifacts: () => null, cache: () => null }
    } as unknown as ActionContext
    const published = await publish(
      {
        report,
        config: { out, html: null, failOn: ['regression', 'failed'], failOnSuite: null },
        pullNumber: 7,
        checkSha: 'c'.repeat(40),
        gateFailsJob: false
      },
      ctx
    )
    expect([...renders].sort()).toEqual([real.COMMENT_MAX_CHARS, Infinity])
    expect(reads.filter((file) => file.endsWith('.md'))).toEqual([])
    // What was posted is what was written.
    const reportMd = readFileSync(published.written.comment, 'utf8')
    expect(github.comments.map((comment) => comment.body.trimEnd())).toEqual([reportMd.trimEnd()])
    expect(github.checks.map((check) => check.summary)).toEqual([reportMd])
    expect(summaries).toEqual([readFileSync(published.written.summary, 'utf8')])
    expect(reportMd).toMatch(/BM&#95;Slower.*regression/)
  }, 30_000)
})

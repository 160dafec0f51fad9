/** The sticky comment's decisions, with an in-memory GitHub (the HTTP path is in integration/action.test.ts). */
import { describe, expect, test } from '@jest/globals'
import { GitHubApiError, type GitHubClient, type IssueComment } from '../../src/github/client.js'
import { findOurs, upsertStickyComment, type StickyCommentOptions } from '../../src/github/comment.js'
import { parseSections } from '../../src/github/commentSections.js'
import { silentLog } from '../../src/log.js'
import { commentMarker } from '../../src/report/markdown.js'

/**
 * The comment ids our check runs recorded (recordedCommentIds): by default every comment the
 * in-memory GitHub holds or creates, as if each run's check run had recorded its comment.
 */
let recorded = new Set<number>()

function memoryGitHub(login: string | null, comments: IssueComment[] = []) {
  const calls: string[] = []
  let next = 100
  recorded = new Set(comments.map((c) => c.id))
  const client: GitHubClient = {
    authenticatedLogin: async () => login,
    listIssueComments: async () => (calls.push('list'), comments.map((c) => ({ ...c }))),
    createIssueComment: async (_issue, body) => {
      calls.push('create')
      const c = { id: next++, body, login: login ?? 'github-actions[bot]', url: `u${next}` }
      comments.push(c)
      recorded.add(c.id)
      return c
    },
    updateIssueComment: async (id, body) => {
      calls.push(`update ${id}`)
      const c = comments.find((x) => x.id === id)!
      c.body = body
      return c
    },
    getPullHead: async () => ({ sha: '', ref: '', repository: null }),
    mergeBase: async () => null,
    listCheckRuns: async () => [],
    listPullCommits: async () => [],
    createCheckRun: async () => '',
    updateCheckRun: async () => ''
  }
  return { client, calls, comments }
}

const marker = commentMarker('default')
/** A report as benchgate renders it: marker first, then the heading. */
const mine = (headline: string) => `${marker}\n### benchgate: ${headline}\n`
const opts = (over: Partial<StickyCommentOptions> = {}): StickyCommentOptions => ({
  pullNumber: 1,
  marker,
  body: mine('report'),
  mode: 'always',
  changed: false,
  recorded,
  ...over
})

describe('upsertStickyComment', () => {
  test('creates the first comment, then updates that one in place', async () => {
    const gh = memoryGitHub(null)
    expect((await upsertStickyComment(gh.client, opts(), silentLog)).action).toBe('created')
    const second = await upsertStickyComment(gh.client, opts({ body: mine('new') }), silentLog)
    expect(second.action).toBe('updated')
    expect(gh.comments).toHaveLength(1)
    expect(gh.comments[0].body).toBe(mine('new'))
  })

  test('an identical body is not re-sent', async () => {
    const gh = memoryGitHub(null, [{ id: 1, body: mine('report'), login: 'github-actions[bot]', url: 'u' }])
    expect((await upsertStickyComment(gh.client, opts(), silentLog)).action).toBe('unchanged')
    expect(gh.calls).toEqual(['list'])
  })

  test('a comment with the marker by someone else is never edited', async () => {
    const gh = memoryGitHub(null, [{ id: 1, body: `quoted ${marker}`, login: 'mallory', url: 'u1' }])
    expect((await upsertStickyComment(gh.client, opts(), silentLog)).action).toBe('created')
    expect(gh.comments.map((c) => c.body.slice(0, 6))).toEqual(['quoted', marker.slice(0, 6)])
  })

  test('a bot comment whose first line is our marker, but whose id no check run of ours recorded, is never edited', async () => {
    // Another workflow's github-actions[bot] comment echoing a fork's text: our author, our marker, a report's shape.
    const echoed = { id: 7, body: mine('echoed <img src=x>'), login: 'github-actions[bot]', url: 'u7' }
    const gh = memoryGitHub(null, [echoed])
    const r = await upsertStickyComment(gh.client, opts({ recorded: new Set([6]) }), silentLog)
    expect(r).toMatchObject({ action: 'created', id: 100 })
    expect(gh.calls).not.toContain('update 7')
    expect(gh.comments[0].body).toBe(mine('echoed <img src=x>'))
    expect(gh.comments[1].body).not.toContain('echoed')
  })

  test("another key's comment is shared: our report becomes a section next to its own", async () => {
    const other = `### benchgate: fine\n${commentMarker('other')}`
    const gh = memoryGitHub(null, [{ id: 2, body: other, login: 'github-actions[bot]', url: 'u2' }])
    expect((await upsertStickyComment(gh.client, opts(), silentLog)).action).toBe('updated')
    expect(gh.comments).toHaveLength(1)
    expect(parseSections(gh.comments[0].body)).toEqual([
      { key: 'default', body: `${marker}\n### benchgate · <code>default</code>: report` },
      { key: 'other', body: '### benchgate · <code>other</code>: fine\n' + commentMarker('other') }
    ])
  })

  test('two comments (two jobs created one at once) are merged into the newest; the older is emptied', async () => {
    const gh = memoryGitHub(null, [
      { id: 1, body: `### benchgate: a\n${commentMarker('a')}`, login: 'github-actions[bot]', url: 'u1' },
      { id: 2, body: `### benchgate: b\n${commentMarker('b')}`, login: 'github-actions[bot]', url: 'u2' }
    ])
    await upsertStickyComment(gh.client, opts(), silentLog)
    expect(gh.comments[0].body).toBe("_benchgate's report moved to u2._")
    expect(parseSections(gh.comments[1].body).map((s) => s.key)).toEqual(['default', 'a', 'b'])
  })

  test('a concurrent job that overwrote our section is noticed after settleMs and our section restored', async () => {
    const gh = memoryGitHub(null)
    let raced = false
    const update = gh.client.updateIssueComment
    const list = gh.client.listIssueComments
    gh.client.listIssueComments = async (issue) => {
      // Right after our first write, job "b" writes the comment from what it read before (without ours).
      if (gh.comments.length === 1 && !raced) {
        raced = true
        gh.comments[0].body = `### benchgate: b\n${commentMarker('b')}\n`
      }
      return list(issue)
    }
    gh.client.updateIssueComment = update
    const r = await upsertStickyComment(gh.client, opts({ settleMs: 1 }), silentLog)
    expect(r.action).toBe('created')
    expect(raced).toBe(true)
    expect(parseSections(gh.comments[0].body).map((s) => s.key)).toEqual(['default', 'b'])
  })

  test("a personal token's user is the author looked for", async () => {
    const gh = memoryGitHub('octocat', [{ id: 5, body: mine('x'), login: 'octocat', url: 'u5' }])
    expect((await upsertStickyComment(gh.client, opts(), silentLog)).action).toBe('updated')
    expect(gh.calls).toContain('update 5')
  })

  test('on-change: no new comment when nothing changed, but an existing one is kept current', async () => {
    const gh = memoryGitHub(null)
    expect((await upsertStickyComment(gh.client, opts({ mode: 'on-change' }), silentLog)).action).toBe(
      'skipped'
    )
    expect(
      (await upsertStickyComment(gh.client, opts({ mode: 'on-change', changed: true }), silentLog)).action
    ).toBe('created')
    expect(
      (await upsertStickyComment(gh.client, opts({ mode: 'on-change', body: mine('calm') }), silentLog))
        .action
    ).toBe('updated')
  })

  test('never: no API call at all', async () => {
    const gh = memoryGitHub(null)
    expect((await upsertStickyComment(gh.client, opts({ mode: 'never' }), silentLog)).action).toBe('skipped')
    expect(gh.calls).toEqual([])
  })

  test('403 becomes a failure result with the fix, not an exception', async () => {
    const gh = memoryGitHub(null)
    gh.client.createIssueComment = async () => {
      throw new GitHubApiError(403, 'create a comment', 'Resource not accessible by integration')
    }
    const r = await upsertStickyComment(gh.client, opts(), silentLog)
    expect(r.action).toBe('failed')
    expect(r.reason).toMatch(/403.*pull-requests: write.*fork-safe/)
  })

  test('refuses a body over the cap or without its marker (a bug, not an API error)', async () => {
    const gh = memoryGitHub(null)
    await expect(
      upsertStickyComment(gh.client, opts({ body: 'x'.repeat(70000) + marker }), silentLog)
    ).rejects.toThrow(/65536/)
    await expect(upsertStickyComment(gh.client, opts({ body: 'no marker' }), silentLog)).rejects.toThrow(
      /marker/
    )
  })
})

describe('the author of our comments with a GitHub App installation token (GET /user is 403)', () => {
  /** An in-memory GitHub where the token is app `slug`'s installation token. */
  function appGitHub(slug: string, comments: IssueComment[] = []) {
    const gh = memoryGitHub(null, comments)
    gh.client.createIssueComment = async (_issue, body) => {
      const c = { id: 900 + comments.length, body, login: `${slug}[bot]`, appSlug: slug, url: 'new' }
      comments.push(c)
      recorded.add(c.id)
      gh.calls.push('create')
      return c
    }
    return gh
  }

  test('every push updates the one comment the app made (no new comment per push)', async () => {
    const gh = appGitHub('bench-bot')
    for (let push = 0; push < 3; push++)
      await upsertStickyComment(gh.client, opts({ body: mine(`push ${push}`) }), silentLog)
    expect(gh.comments).toHaveLength(1)
    expect(gh.comments[0]).toMatchObject({ login: 'bench-bot[bot]', body: mine('push 2') })
    expect(gh.calls.filter((c) => c === 'create')).toHaveLength(1)
  })

  test("a person's comment quoting the marker is never ours, even one made through an app (OAuth)", () => {
    const comments: IssueComment[] = [
      { id: 1, body: mine('x'), login: 'mallory', appSlug: null, url: 'u1' },
      { id: 2, body: mine('x'), login: 'mallory', appSlug: 'some-oauth-app', url: 'u2' },
      { id: 3, body: mine('x'), login: 'bench-bot[bot]', appSlug: 'bench-bot', url: 'u3' }
    ]
    expect(findOurs(comments, null, silentLog).map((c) => c.id)).toEqual([3])
  })

  test('comments by several apps: the newest app wins, with a warning naming comment-author', () => {
    const warnings: string[] = []
    const log = { ...silentLog, warn: (m: string) => void warnings.push(m) }
    const comments: IssueComment[] = [
      { id: 1, body: mine('x'), login: 'github-actions[bot]', appSlug: null, url: 'u1' },
      { id: 2, body: mine('x'), login: 'bench-bot[bot]', appSlug: 'bench-bot', url: 'u2' }
    ]
    expect(findOurs(comments, null, log).map((c) => c.id)).toEqual([2])
    expect(warnings.join()).toMatch(/github-actions\[bot\], bench-bot\[bot\].*comment-author/)
  })

  test("the comment-author input decides: a bare app slug names the app's bot", async () => {
    const comments: IssueComment[] = [
      { id: 1, body: mine('x'), login: 'github-actions[bot]', appSlug: 'github-actions', url: 'u1' },
      { id: 2, body: mine('x'), login: 'bench-bot[bot]', appSlug: 'bench-bot', url: 'u2' }
    ]
    expect(findOurs(comments, 'github-actions[bot]', silentLog).map((c) => c.id)).toEqual([1])
    expect(findOurs(comments, 'bench-bot', silentLog).map((c) => c.id)).toEqual([2])
    const gh = appGitHub('bench-bot', comments)
    const r = await upsertStickyComment(gh.client, opts({ author: 'bench-bot' }), silentLog)
    expect(r.action).toBe('updated')
    expect(gh.calls).toContain('update 2')
  })
})

// REST: the authenticated user and issue comments (list with paging and `since`, create, update),
// with GitHub's body-length limit and errors.
import { DOCS, ghError, isoNow, type Ctx } from '../http.js'
import type { Kit } from '../kit.js'
import type { FakeComment, FakeUser, SeedCommentSpec } from '../types.js'

/** A stored comment on issue or pull request `issueNumber`, as GitHub would have made it. */
export function makeComment(
  kit: Kit,
  issueNumber: number,
  body: string,
  user: FakeUser,
  createdAt = isoNow(),
  app: string | null = null
): FakeComment {
  const { state, owner, repo, apiUrl, serverUrl } = kit
  const { newId, appFor } = kit
  const issueKind = (n: number) => (state.pulls.has(n) ? 'pull' : 'issues')
  const id = newId() + 2000000000
  const c: FakeComment = {
    id,
    node_id: `IC_kwDO${Buffer.from(String(id)).toString('base64url')}`,
    url: `${apiUrl}/repos/${owner}/${repo}/issues/comments/${id}`,
    html_url: `${serverUrl}/${owner}/${repo}/${issueKind(issueNumber)}/${issueNumber}#issuecomment-${id}`,
    issue_url: `${apiUrl}/repos/${owner}/${repo}/issues/${issueNumber}`,
    body,
    user,
    created_at: createdAt,
    updated_at: createdAt,
    author_association: user.type === 'Bot' ? 'NONE' : 'OWNER',
    performed_via_github_app: app ? appFor(app) : null,
    issue_number: issueNumber
  }
  state.comments.push(c)
  return c
}

function commentJson(c: FakeComment) {
  const { issue_number: _n, ...rest } = c
  return {
    ...rest,
    reactions: {
      url: `${c.url}/reactions`,
      total_count: 0,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      hooray: 0,
      confused: 0,
      heart: 0,
      rocket: 0,
      eyes: 0
    }
  }
}

function validateCommentBody(kit: Kit, ctx: Ctx, doc: string): string {
  const { limit } = kit
  const bodyLength = (s: string) =>
    limit.unit === 'bytes' ? Buffer.byteLength(s, 'utf8') : limit.unit === 'utf16' ? s.length : [...s].length
  const body = ctx.json?.body
  if (typeof body !== 'string')
    throw ghError(
      422,
      `Invalid request.\n\nFor 'properties/body', ${JSON.stringify(body ?? null)} is not a string.`,
      doc
    )
  if (body.length === 0 || body.trim() === '')
    throw ghError(422, 'Validation Failed', doc, {
      errors: [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }]
    })
  if (bodyLength(body) > limit.max)
    throw ghError(422, 'Validation Failed', doc, {
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: `body is too long (maximum is ${limit.max} characters)`
        }
      ]
    })
  return body
}

/** FakeGitHub.seedComments: `specs` comments (or that many generic ones) on `issueNumber`. */
export function seedComments(
  kit: Kit,
  issueNumber: number,
  specs: number | SeedCommentSpec[]
): FakeComment[] {
  const { userFor, bot } = kit
  const list: SeedCommentSpec[] =
    typeof specs === 'number'
      ? Array.from({ length: specs }, (_, i) => ({
          body: `seeded comment ${i + 1}`,
          login: i % 2 ? 'octocat' : 'hubot',
          type: 'User' as const
        }))
      : specs
  return list.map((s) =>
    makeComment(
      kit,
      issueNumber,
      s.body,
      s.login
        ? userFor(s.login, s.type ?? (s.login.endsWith('[bot]') ? 'Bot' : 'User'))
        : s.app
          ? userFor(`${s.app}[bot]`, 'Bot')
          : bot,
      s.created_at,
      s.app ?? null
    )
  )
}

export function addIssueRoutes(kit: Kit): void {
  const { state, route, requireToken, requireWrite, requireRepo, intParam, paginate, actorOf } = kit
  route('GET', '/user', (ctx) => {
    requireToken(ctx)
    if (ctx.tokenInfo?.kind !== 'pat')
      throw ghError(
        403,
        'Resource not accessible by integration',
        `${DOCS}/users/users#get-the-authenticated-user`
      )
    const u = actorOf(ctx.tokenInfo)
    return {
      status: 200,
      body: {
        ...u,
        name: u.login,
        company: null,
        blog: '',
        location: null,
        email: null,
        hireable: null,
        bio: null,
        twitter_username: null,
        public_repos: 1,
        public_gists: 0,
        followers: 0,
        following: 0,
        created_at: '2020-01-01T00:00:00Z',
        updated_at: '2024-01-01T00:00:00Z'
      }
    }
  })

  route('GET', '/repos/{owner}/{repo}/issues/{issue_number}/comments', (ctx) => {
    requireToken(ctx)
    requireRepo(ctx)
    const n = intParam(ctx, 'issue_number')
    const since = ctx.query.get('since')
    const all = state.comments.filter((c) => c.issue_number === n && (!since || c.updated_at >= since))
    const { page, headers } = paginate(ctx, all)
    return { status: 200, body: page.map(commentJson), headers }
  })

  route('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', (ctx) => {
    const doc = `${DOCS}/issues/comments#create-an-issue-comment`
    requireWrite(ctx, doc)
    requireRepo(ctx)
    const n = intParam(ctx, 'issue_number')
    const body = validateCommentBody(kit, ctx, doc)
    const info = ctx.tokenInfo
    const c = makeComment(
      kit,
      n,
      body,
      actorOf(info),
      undefined,
      info?.kind === 'installation' ? (info.app ?? 'github-actions') : null
    )
    return { status: 201, body: commentJson(c), headers: { location: c.url } }
  })

  route('PATCH', '/repos/{owner}/{repo}/issues/comments/{comment_id}', (ctx) => {
    const doc = `${DOCS}/issues/comments#update-an-issue-comment`
    requireWrite(ctx, doc)
    requireRepo(ctx)
    const id = intParam(ctx, 'comment_id')
    const c = state.comments.find((x) => x.id === id)
    if (!c) throw ghError(404, 'Not Found', doc)
    const body = validateCommentBody(kit, ctx, doc)
    const actor = actorOf(ctx.tokenInfo)
    // GitHub lets an installation token edit any comment in the repository (issues: write), and
    // a PAT of a user with write access too; it does not restrict editing to the author.
    void actor
    c.body = body
    c.updated_at = isoNow()
    return { status: 200, body: commentJson(c) }
  })
}

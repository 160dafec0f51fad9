// GitHub users and apps as the REST API shows them: the bot behind an installation token, a PAT's
// user, the app a comment was made through.
import type { FakeApp, FakeUser, TokenInfo } from './types.js'

export function githubUser(
  login: string,
  id: number,
  type: 'User' | 'Bot',
  serverUrl: string,
  apiUrl: string
): FakeUser {
  const enc = encodeURIComponent(login)
  const api = `${apiUrl}/users/${enc}`
  return {
    login,
    id,
    node_id:
      type === 'Bot'
        ? Buffer.from(`04:Bot${id}`).toString('base64')
        : Buffer.from(`04:User${id}`).toString('base64'),
    avatar_url:
      type === 'Bot'
        ? 'https://avatars.githubusercontent.com/in/15368?v=4'
        : `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: type === 'Bot' ? `${serverUrl}/apps/${login.replace(/\[bot\]$/, '')}` : `${serverUrl}/${enc}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false
  }
}

/** The users the fake knows, created on first mention with stable ids. */
export function createUsers(owner: string, serverUrl: string, apiUrl: string) {
  const users = new Map<string, FakeUser>()
  const bot = githubUser('github-actions[bot]', 41898282, 'Bot', serverUrl, apiUrl)
  const userFor = (login: string, type: 'User' | 'Bot' = 'User'): FakeUser => {
    if (login === bot.login) return bot
    let u = users.get(login)
    if (!u) {
      u = githubUser(login, 5000000 + users.size, type, serverUrl, apiUrl)
      users.set(login, u)
    }
    return u
  }
  const actorOf = (info: TokenInfo | undefined): FakeUser =>
    info?.kind === 'pat'
      ? userFor(info.login ?? 'octocat')
      : userFor(`${info?.app ?? 'github-actions'}[bot]`, 'Bot')
  const appFor = (slug: string): FakeApp => ({
    id: slug === 'github-actions' ? 15368 : 900000 + slug.length,
    slug,
    node_id: Buffer.from(`03:Integration${slug}`).toString('base64'),
    owner: userFor(owner, 'User'),
    name: slug,
    description: null,
    external_url: `${serverUrl}/apps/${slug}`,
    html_url: `${serverUrl}/apps/${slug}`,
    created_at: '2020-01-01T00:00:00Z',
    updated_at: '2020-01-01T00:00:00Z',
    permissions: { issues: 'write', pull_requests: 'write', metadata: 'read' },
    events: []
  })
  return { bot, userFor, actorOf, appFor }
}

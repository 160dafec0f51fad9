/**
 * The web address of a repository from its git remote URL, for history.html's commit and PR links
 * (`https://github.com/o/r/commit/SHA`). Pure.
 */

/**
 * `https://host/owner/repo` from `https://[user@]host/owner/repo[.git]`, `git@host:owner/repo[.git]` or
 * `ssh://git@host[:port]/owner/repo[.git]`; null for anything else (a local path, a file:// URL), so
 * the page shows SHAs as text. Credentials in the URL are dropped, never carried into the page.
 */
export function repositoryWebUrl(remote: string): string | null {
  const text = remote.trim()
  let host: string
  let path: string
  const scp = /^[\w.-]+@([\w.-]+):(?!\/)(.+)$/.exec(text)
  if (scp) {
    host = scp[1]
    path = scp[2]
  } else {
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return null
    }
    if (!['https:', 'http:', 'ssh:', 'git:'].includes(url.protocol) || !url.hostname) return null
    // http stays http (a local server); ssh and git become https (no port: the web server's differs).
    const scheme = url.protocol === 'http:' ? 'http' : 'https'
    host = scheme === 'http' ? url.host : url.hostname
    path = url.pathname
    if (scheme === 'http') return clean('http', host, path)
  }
  return clean('https', host, path)
}

function clean(scheme: string, host: string, path: string): string | null {
  const p = path
    .replace(/^\/+/, '')
    .replace(/\/+$/, '')
    .replace(/\.git$/, '')
  if (!/^[\w.-]+(\/[\w.-]+)+$/.test(p) || !/^[\w.-]+(:\d+)?$/.test(host)) return null
  return `${scheme}://${host}/${p}`
}

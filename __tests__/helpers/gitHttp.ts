// A git server on 127.0.0.1 for the tests: each request runs `git http-backend` (CGI) over the
// repositories under `root`. Anonymous: fetch and clone work, a push is refused (http-backend enables
// receive-pack only for an authenticated REMOTE_USER). With `authorization`, a request carrying exactly
// that Authorization header is authenticated, so it may push.
import { spawn } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface GitHttpServer {
  url: string
  close(): Promise<void>
}

export function serveGitReadOnly(root: string): Promise<GitHttpServer> {
  return serveGit(root)
}

export async function serveGit(
  root: string,
  { authorization }: { authorization?: string } = {}
): Promise<GitHttpServer> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    const authenticated = authorization !== undefined && req.headers.authorization === authorization
    const cgi = spawn('git', ['http-backend'], {
      env: {
        ...(authenticated && { REMOTE_USER: 'x-access-token', AUTH_TYPE: 'Basic' }),
        PATH: process.env.PATH,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REQUEST_METHOD: req.method ?? 'GET',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: req.headers['content-encoding'] ?? '',
        REMOTE_ADDR: '127.0.0.1'
      }
    })
    req.pipe(cgi.stdin)
    let head = Buffer.alloc(0)
    let sent = false
    cgi.stdout.on('data', (chunk: Buffer) => {
      if (sent) return void res.write(chunk)
      head = Buffer.concat([head, chunk])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      let status = 200
      for (const line of head.subarray(0, end).toString().split('\r\n')) {
        const [name, ...rest] = line.split(':')
        const value = rest.join(':').trim()
        if (name.toLowerCase() === 'status') status = Number(value.split(' ')[0])
        else res.setHeader(name, value)
      }
      res.writeHead(status)
      res.write(head.subarray(end + 4))
      sent = true
    })
    cgi.on('close', () => {
      if (!sent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve()))
  }
}

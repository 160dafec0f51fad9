/* eslint-disable @typescript-eslint/no-explicit-any -- request bodies are untyped JSON */
// HTTP plumbing shared by the fake's services: errors as GitHub and twirp word them, the request
// context a handler sees, and route templates.
import type { IncomingMessage } from 'node:http'
import type { RecordedRequest, TokenInfo } from './types.js'

export const DOCS = 'https://docs.github.com/rest'

export class HttpError extends Error {
  constructor(
    public status: number,
    public body: unknown,
    public headers: Record<string, string> = {}
  ) {
    super(`HTTP ${status}`)
  }
}

export function ghError(
  status: number,
  message: string,
  doc = DOCS,
  extra: Record<string, unknown> = {}
): HttpError {
  return new HttpError(status, { message, ...extra, documentation_url: doc, status: String(status) })
}

export function twirpError(status: number, code: string, msg: string): HttpError {
  return new HttpError(status, { code, msg })
}

export interface Ctx {
  req: IncomingMessage
  method: string
  path: string
  query: URLSearchParams
  raw: Buffer
  json: any
  params: Record<string, string>
  token?: string
  tokenInfo?: TokenInfo
  rec: RecordedRequest
}

export type Handler = (
  ctx: Ctx
) =>
  | { status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer }
  | Promise<{ status: number; body?: unknown; headers?: Record<string, string>; raw?: Buffer }>

export interface Route {
  method: string
  template: string
  re: RegExp
  names: string[]
  handler: Handler
  service: RecordedRequest['service']
}

export function compile(template: string): { re: RegExp; names: string[] } {
  const names: string[] = []
  const src = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const m = /^\{([^}]+)\}$/.exec(part)
      if (m) {
        names.push(m[1])
        return '([^/]+)'
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    })
    .join('')
  return { re: new RegExp(`^${src}$`), names }
}

export function isoNow(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')
}

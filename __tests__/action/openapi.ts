/* eslint-disable @typescript-eslint/no-explicit-any -- GitHub JSON payloads are deliberately untyped in this test infrastructure */
// Checks recorded REST requests (and the fake's own responses) against GitHub's OpenAPI
// description, as extracted into fixtures/github/openapi-subset.json.
//
// A small JSON-schema validator covering what the GitHub description uses for these operations:
// type (with OpenAPI 3.0 `nullable`), enum, required, properties, additionalProperties, items,
// minItems/maxItems, minLength/maxLength, minimum/maximum, oneOf/anyOf/allOf, format date-time/uri.

import { readFileSync } from 'node:fs'
import path from 'node:path'
import { FIXTURES_DIR, type RecordedRequest } from './fakeGitHub.js'

export interface OpenApiOperation {
  operationId: string
  parameters: Array<{ name: string; in: string; required?: boolean; schema?: Schema }>
  requestBody?: { required: boolean; content: Record<string, { schema: Schema }> }
  responses: Record<
    string,
    { headers?: Record<string, unknown>; content?: Record<string, { schema: Schema }> }
  >
}

export type Schema = Record<string, any>

interface Spec {
  info: Record<string, string>
  paths: Record<string, Record<string, OpenApiOperation>>
}

let cached: Spec | undefined
export function loadSpec(): Spec {
  cached ??= JSON.parse(readFileSync(path.join(FIXTURES_DIR, 'openapi-subset.json'), 'utf8')) as Spec
  return cached
}

const compiled = new Map<string, { re: RegExp; names: string[] }>()
function compileTemplate(t: string) {
  let c = compiled.get(t)
  if (!c) {
    const names: string[] = []
    const src = t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([^}]+)\}/g, (_, n: string) => {
      names.push(n)
      return '([^/]+)'
    })
    c = { re: new RegExp(`^${src}$`), names }
    compiled.set(t, c)
  }
  return c
}

export interface MatchedOperation {
  template: string
  method: string
  operation: OpenApiOperation
  pathParams: Record<string, string>
}

/** Finds the operation for a concrete method + path. Literal templates win over parameterised ones
 * (`/actions/artifacts/{artifact_id}` vs `/actions/runs/...`), then fewer parameters. */
export function findOperation(method: string, concretePath: string): MatchedOperation | undefined {
  const spec = loadSpec()
  const m = method.toLowerCase()
  let best: MatchedOperation | undefined
  let bestParams = Infinity
  for (const [template, ops] of Object.entries(spec.paths)) {
    const op = ops[m]
    if (!op) continue
    const { re, names } = compileTemplate(template)
    const hit = re.exec(concretePath)
    if (!hit) continue
    if (names.length < bestParams) {
      bestParams = names.length
      best = {
        template,
        method: m,
        operation: op,
        pathParams: Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(hit[i + 1])]))
      }
    }
  }
  return best
}

function typeOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number'
  return typeof v
}

/** Validates `value` against `schema`; returns problems as `<path>: <message>`. */
export function validateSchema(value: unknown, schema: Schema | undefined, at = '$'): string[] {
  if (!schema || typeof schema !== 'object') return []
  const problems: string[] = []
  if (value === null) {
    if (
      schema.nullable ||
      schema.type === 'null' ||
      (Array.isArray(schema.type) && schema.type.includes('null'))
    )
      return []
    if (schema.type === undefined && !schema.oneOf && !schema.anyOf && !schema.allOf && !schema.enum)
      return []
    if (schema.anyOf || schema.oneOf) {
      const alts = (schema.anyOf ?? schema.oneOf) as Schema[]
      if (alts.some((s) => validateSchema(null, s, at).length === 0)) return []
    }
    return [`${at}: null is not allowed`]
  }
  if (schema.allOf) for (const s of schema.allOf as Schema[]) problems.push(...validateSchema(value, s, at))
  if (schema.anyOf) {
    const results = (schema.anyOf as Schema[]).map((s) => validateSchema(value, s, at))
    if (!results.some((r) => r.length === 0))
      problems.push(`${at}: matches none of anyOf (${results.map((r) => r[0]).join(' | ')})`)
  }
  if (schema.oneOf) {
    const results = (schema.oneOf as Schema[]).map((s) => validateSchema(value, s, at))
    const ok = results.filter((r) => r.length === 0).length
    if (ok === 0) problems.push(`${at}: matches none of oneOf (${results.map((r) => r[0]).join(' | ')})`)
  }
  const t = typeOf(value)
  if (schema.type) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type]
    const ok = types.some((x) => x === t || (x === 'number' && t === 'integer'))
    if (!ok) return [...problems, `${at}: expected ${types.join('|')}, got ${t}`]
  }
  if (schema.enum && !(schema.enum as unknown[]).some((e) => e === value))
    problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`)
  if (typeof value === 'string') {
    const len = [...value].length
    if (schema.maxLength !== undefined && len > schema.maxLength)
      problems.push(`${at}: length ${len} > maxLength ${schema.maxLength}`)
    if (schema.minLength !== undefined && len < schema.minLength)
      problems.push(`${at}: length ${len} < minLength ${schema.minLength}`)
    if (schema.format === 'date-time' && Number.isNaN(Date.parse(value)))
      problems.push(`${at}: not a date-time: ${value}`)
    if (schema.format === 'uri' && !/^[a-z][a-z0-9+.-]*:/i.test(value))
      problems.push(`${at}: not a uri: ${value}`)
    if (schema.pattern && !new RegExp(schema.pattern).test(value))
      problems.push(`${at}: does not match ${schema.pattern}`)
  }
  if (typeof value === 'number') {
    if (schema.maximum !== undefined && value > schema.maximum)
      problems.push(`${at}: ${value} > maximum ${schema.maximum}`)
    if (schema.minimum !== undefined && value < schema.minimum)
      problems.push(`${at}: ${value} < minimum ${schema.minimum}`)
  }
  if (Array.isArray(value)) {
    if (schema.maxItems !== undefined && value.length > schema.maxItems)
      problems.push(`${at}: ${value.length} items > maxItems ${schema.maxItems}`)
    if (schema.minItems !== undefined && value.length < schema.minItems)
      problems.push(`${at}: ${value.length} items < minItems ${schema.minItems}`)
    if (schema.items)
      value.forEach((v, i) => problems.push(...validateSchema(v, schema.items, `${at}[${i}]`)))
  }
  if (t === 'object') {
    const obj = value as Record<string, unknown>
    for (const r of (schema.required as string[] | undefined) ?? [])
      if (!(r in obj)) problems.push(`${at}: missing required property '${r}'`)
    const props = (schema.properties ?? {}) as Record<string, Schema>
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) problems.push(...validateSchema(v, props[k], `${at}.${k}`))
      else if (schema.additionalProperties === false) problems.push(`${at}: unexpected property '${k}'`)
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        problems.push(...validateSchema(v, schema.additionalProperties, `${at}.${k}`))
    }
  }
  return problems
}

function checkParamValue(name: string, raw: string, schema: Schema | undefined, where: string): string[] {
  if (!schema) return []
  if (schema.type === 'integer' && !/^-?\d+$/.test(raw))
    return [`${where} parameter '${name}': '${raw}' is not an integer`]
  if (schema.enum && !(schema.enum as unknown[]).includes(raw))
    return [`${where} parameter '${name}': '${raw}' is not one of ${JSON.stringify(schema.enum)}`]
  return []
}

export interface CheckOptions {
  /** also validate the recorded response body against the response schema (default true for 2xx) */
  responses?: boolean
}

/** Problems with one recorded REST request (and its response). An empty list means it conforms. */
export function checkAgainstOpenApi(
  rec: Pick<
    RecordedRequest,
    'method' | 'path' | 'query' | 'body' | 'status' | 'responseBody' | 'responseHeaders' | 'headers'
  > &
    Partial<RecordedRequest>,
  opts: CheckOptions = {}
): string[] {
  const where = `${rec.method} ${rec.path}`
  const match = findOperation(rec.method, rec.path)
  if (!match) return [`${where}: no such operation in openapi-subset.json`]
  const { operation, pathParams } = match
  const problems: string[] = []
  for (const p of operation.parameters) {
    if (p.in === 'path')
      problems.push(
        ...checkParamValue(p.name, pathParams[p.name] ?? '', p.schema, 'path').map((s) => `${where}: ${s}`)
      )
    if (p.in === 'query') {
      const v = rec.query[p.name]
      if (v === undefined) {
        if (p.required) problems.push(`${where}: missing required query parameter '${p.name}'`)
      } else problems.push(...checkParamValue(p.name, v, p.schema, 'query').map((s) => `${where}: ${s}`))
    }
  }
  const known = new Set(operation.parameters.filter((p) => p.in === 'query').map((p) => p.name))
  for (const q of Object.keys(rec.query))
    if (!known.has(q)) problems.push(`${where}: unknown query parameter '${q}'`)
  const rb = operation.requestBody
  if (rb) {
    if (rec.body === undefined) {
      if (rb.required) problems.push(`${where}: missing JSON request body`)
    } else {
      const schema = rb.content['application/json']?.schema
      if (!schema) problems.push(`${where}: operation takes no JSON body`)
      else problems.push(...validateSchema(rec.body, schema, 'body').map((s) => `${where}: ${s}`))
    }
  } else if (rec.body !== undefined && rec.method !== 'GET' && rec.method !== 'DELETE') {
    problems.push(`${where}: operation takes no request body`)
  }
  if (opts.responses !== false && rec.status >= 200 && rec.status < 400) {
    const resp = operation.responses[String(rec.status)]
    if (!resp)
      problems.push(
        `${where}: status ${rec.status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`
      )
    else {
      const schema = resp.content?.['application/json']?.schema
      if (schema && rec.responseBody !== undefined)
        problems.push(...validateSchema(rec.responseBody, schema, 'response').map((s) => `${where}: ${s}`))
      for (const h of Object.keys(resp.headers ?? {}))
        if (h.toLowerCase() === 'location' && !rec.responseHeaders?.location)
          problems.push(`${where}: response lacks Location header`)
    }
  }
  return problems
}

/** Convenience: all problems across many recorded requests (REST only). */
export function checkAllAgainstOpenApi(recs: RecordedRequest[], opts: CheckOptions = {}): string[] {
  return recs.filter((r) => r.service === 'rest' && !r.injected).flatMap((r) => checkAgainstOpenApi(r, opts))
}

/**
 * Every record read from a history store is untrusted (docs/security.md, defence 15): whoever
 * can push the history branch, or write the folder, can plant any file. A record is checked against
 * this JSON Schema (draft 2020-12, ajv, as report/readResults.ts checks results.json) before anything
 * reads it: SHAs hex, dates ISO, `pr` a whole number or null, every string and list bounded, numbers
 * finite, no unknown field (a newer format raises the version).
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import { describeSchemaError } from '../report/readResults.js'
import { MAX_BENCHMARKS, MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../report/resultsSchema.js'
import { READABLE_RECORD_VERSIONS, RECORD_FORMAT, type CommitRecord } from './record.js'

const text = (max: number) => ({ type: 'string', maxLength: max })
const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] })
const num = { type: 'number' }
const probability = { type: 'number', minimum: 0, maximum: 1 }
const interval = { type: 'array', items: num, minItems: 2, maxItems: 2 }
const closed = (properties: Record<string, object>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  properties,
  required,
  additionalProperties: false
})
/** ISO 8601 in UTC as `Date.toISOString` writes it (records are written so). */
const isoDate = {
  type: 'string',
  maxLength: 40,
  pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z$'
}
const sha = { type: 'string', pattern: '^[0-9a-f]{40}([0-9a-f]{24})?$' }
const countPair = closed({ base: nullable(num), head: nullable(num) })

export const RECORD_SCHEMA = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  ...closed(
    {
      format: { const: RECORD_FORMAT },
      version: { enum: [...READABLE_RECORD_VERSIONS] },
      commit: sha,
      parent: sha,
      date: isoDate,
      measured_at: isoDate,
      pr: nullable({ type: 'integer', minimum: 1 }),
      tool_version: text(64),
      fingerprint: closed(
        {
          cpuModel: text(MAX_TEXT_CHARS),
          numCpus: { type: 'integer', minimum: 0 },
          governor: text(MAX_TEXT_CHARS),
          compiler: text(MAX_TEXT_CHARS),
          libraryVersion: text(MAX_TEXT_CHARS),
          kernel: text(MAX_TEXT_CHARS),
          mhzPerCpu: num,
          caches: text(MAX_TEXT_CHARS)
        },
        []
      ),
      benchmarks: {
        type: 'array',
        maxItems: MAX_BENCHMARKS,
        items: closed(
          {
            name: text(MAX_NAME_CHARS),
            metric: nullable(text(MAX_NAME_CHARS)),
            level: { enum: ['runs', 'repetitions'] },
            verdict: text(64),
            location: nullable(
              closed({
                median: num,
                ci: nullable(interval),
                ci_level: nullable(probability),
                n: { type: 'integer', minimum: 0 }
              })
            ),
            step: nullable(
              closed(
                { ratio: num, ci: interval, conf_level: probability, se_log: { type: 'number', minimum: 0 } },
                ['ratio', 'ci', 'conf_level']
              )
            ),
            counts: closed({ metric: text(64), instructions: countPair, cycles: countPair })
          },
          ['name', 'metric', 'level', 'verdict', 'location', 'step']
        )
      },
      nothing_measured: { const: true }
    },
    ['format', 'version', 'commit', 'parent', 'date', 'pr', 'tool_version', 'fingerprint', 'benchmarks']
  ),
  // version 2 on dates a record by its commit and keeps when it was measured beside it (docs/history.md)
  if: { properties: { version: { enum: [2, 3] } } },
  then: { properties: { measured_at: isoDate }, required: ['measured_at'] }
}

// Compiled once, on first use (as report/readResults.ts: compiling costs every command otherwise).
let compiled: ValidateFunction<CommitRecord> | undefined
const checkSchema = (): ValidateFunction<CommitRecord> =>
  (compiled ??= new Ajv2020({ strict: true, strictNumbers: true, allErrors: false }).compile<CommitRecord>(
    RECORD_SCHEMA
  ))

/** What is wrong with an untrusted record (`$.path: what`), or null when it is one benchgate writes. */
export function recordProblem(value: unknown): string | null {
  const root = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>
  if (root.format !== RECORD_FORMAT) return `$.format: expected "${RECORD_FORMAT}": not a history record`
  if (!READABLE_RECORD_VERSIONS.includes(root.version as number))
    return `$.version: version ${JSON.stringify(root.version)?.slice(0, 20)} is not read by this benchgate (it reads ${READABLE_RECORD_VERSIONS.join(' and ')}): upgrade benchgate`
  const check = checkSchema()
  if (!check(value)) {
    const { path, what } = describeSchemaError(check.errors ?? [])
    return `${path}: ${what}`
  }
  for (const key of ['date', 'measured_at'] as const)
    if (value[key] !== undefined && Number.isNaN(Date.parse(value[key])))
      return `$.${key}: not a calendar date`
  return null
}

/**
 * Validates a results file as untrusted input (it may come from a fork's artifact) against the
 * published JSON Schema (report/resultsSchema.ts = docs/results.schema.json) with ajv's validator
 * for it, generated ahead of time (resultsValidator.generated.ts, scripts/results-schema.ts). Text
 * fields are escaped at render time; here we make sure nothing has a shape, size or type the
 * renderers do not expect.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js'
import { ConfigError } from '../errors.js'
import { READABLE_RESULTS_VERSIONS, RESULTS_FORMAT, type ResultsJson } from './json.js'
import { validate as generatedValidator } from './resultsValidator.generated.js'
import { OPTIONS } from '../config/options.js'

/** Results files larger than this are refused (a suite of 10,000 benchmarks is far smaller). */
export const MAX_RESULTS_BYTES = 64 * 1024 * 1024

// Generated, not compiled here: compiling the schema took 0.4-0.6 s at each start that read a results file.
const check = generatedValidator as ValidateFunction<ResultsJson>

const WHAT_TO_DO =
  'docs/results.schema.json says what each field may hold. benchgate writes only files that pass: ' +
  'if this one came from an artifact, it was altered or written by something else; re-run the job that measured it'

/** Parses and validates a results file; throws ConfigError saying what is wrong, where, and what to do. */
export function validateResults(text: string, source: string): ResultsJson {
  if (text.length > MAX_RESULTS_BYTES)
    throw new ConfigError(`${source}: results file is larger than ${MAX_RESULTS_BYTES} bytes`)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new ConfigError(
      `${source}: not valid JSON (${(e as Error).message}); expected a benchgate results.json`
    )
  }
  const fail = (path: string, what: string): never => {
    throw new ConfigError(`${source}: ${path}: ${what}`)
  }
  // Checked before the schema for a message that says which file this is and what to do instead.
  const root = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>
  if (root.format !== RESULTS_FORMAT)
    fail('$.format', `expected "${RESULTS_FORMAT}": this is not a benchgate results.json`)
  if (!READABLE_RESULTS_VERSIONS.includes(root.version as number)) {
    const seen =
      typeof root.version === 'object' && root.version !== null ? 'an object' : String(root.version)
    fail(
      '$.version',
      `version ${seen} is not supported by this benchgate (reads versions ${READABLE_RESULTS_VERSIONS.slice(0, -1).join(', ')} and ${READABLE_RESULTS_VERSIONS.at(-1)}); upgrade benchgate`
    )
  }
  if (!check(json)) {
    const { path, what } = describeSchemaError(check.errors ?? [])
    fail(path, `${what}. ${WHAT_TO_DO}`)
  }
  const results = json as ResultsJson
  // A rule between two fields, which JSON Schema cannot state.
  const shard = results.run.shard
  if (shard && shard.index > shard.count) fail('$.run.shard.index', 'expected 1 to count')
  return results
}

/**
 * One error for the user: the deepest path ajv reached (where the value went wrong, rather than the
 * `anyOf` above it), with the types or values its alternatives allow merged ("must be a finite
 * number or null", "must be one of: \"more-rounds\", \"too-noisy\", \"too-close\"").
 */
export function describeSchemaError(errors: ErrorObject[]): { path: string; what: string } {
  if (errors.length === 0) return { path: '$', what: 'does not match the schema' }
  const depth = (e: ErrorObject) => e.instancePath.split('/').length
  const deepest = Math.max(...errors.map(depth))
  const here = errors.filter((e) => depth(e) === deepest && e.keyword !== 'anyOf')
  const first = here[0] ?? errors[0]
  const same = here.filter((e) => e.instancePath === first.instancePath)
  const types = same.filter((e) => e.keyword === 'type').map((e) => String(e.params.type))
  const values = same.flatMap(allowedValues)
  const what =
    first.keyword === 'type'
      ? `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}`
      : values.length > 0
        ? `must be one of: ${values.map((v) => JSON.stringify(v)).join(', ')}`
        : (first.message ?? 'does not match the schema')
  return { path: jsonPath(first.instancePath), what }
}

const TYPE_WORDS: Record<string, string> = {
  string: 'a string',
  number: 'a finite number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list'
}

/** The values an enum or const error allows (the alternatives of an anyOf are merged by the caller). */
function allowedValues(e: ErrorObject): unknown[] {
  if (e.keyword === 'enum') return e.params.allowedValues as unknown[]
  if (e.keyword === 'const') return [e.params.allowedValue]
  return []
}

/** ajv's instancePath (JSON Pointer, "/benchmarks/3/name") as "$.benchmarks[3].name"; odd keys quoted and cut. */
export function jsonPath(pointer: string): string {
  if (pointer === '') return '$'
  return (
    '$' +
    pointer
      .slice(1)
      .split('/')
      .map((raw) => raw.replaceAll('~1', '/').replaceAll('~0', '~'))
      .map((k) =>
        /^\d+$/.test(k)
          ? `[${k}]`
          : /^[A-Za-z_][A-Za-z0-9_]*$/.test(k)
            ? `.${k}`
            : `[${JSON.stringify(k.slice(0, 80))}]`
      )
      .join('')
  )
}

/** A measurement fact of a results file and the option whose range bounds it (0 rounds: nothing was measured). */
const FACTS: readonly {
  path: string
  option: string
  get: (j: ResultsJson) => number | null | undefined
  zero?: true
}[] = [
  { path: '$.run.rounds', option: 'rounds', get: (j) => j.run.rounds, zero: true },
  { path: '$.run.plannedRounds', option: 'rounds', get: (j) => j.run.plannedRounds, zero: true },
  { path: '$.run.repetitions', option: 'repetitions', get: (j) => j.run.repetitions },
  { path: '$.run.adaptive.maxRounds', option: 'max-rounds', get: (j) => j.run.adaptive?.maxRounds },
  { path: '$.options.maxRounds', option: 'max-rounds', get: (j) => j.options.maxRounds }
]

/**
 * The trusted half takes measurement facts (rounds, repetitions) from an artifact, so each must lie
 * in the range the option table allows the option that sets it: benchgate never writes another.
 * @throws ConfigError naming the field, its value and the range
 */
export function checkMeasurementFacts(json: ResultsJson, source: string): void {
  for (const fact of FACTS) {
    const value = fact.get(json)
    if (value === undefined || value === null) continue
    const spec = OPTIONS.find((o) => o.name === fact.option)!
    const min = fact.zero ? 0 : (spec.min ?? -Infinity)
    const max = spec.max ?? Infinity
    if (!(value >= min && value <= max))
      throw new ConfigError(
        `${source}: ${fact.path} is ${value}, outside the range ${min}–${max} of --${fact.option} (benchgate writes no such file): refusing it`
      )
  }
}

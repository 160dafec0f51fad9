// Writes docs/results.schema.json and src/report/resultsValidator.generated.ts from
// src/report/resultsSchema.ts (the schema validateResults checks against);
// __tests__/security/resultsSchema.test.ts fails when either is out of date.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RESULTS_SCHEMA } from '../src/report/resultsSchema.js'
import { resultsValidatorSource } from './resultsValidatorSource.js'

const root = join(import.meta.dirname, '..')
const schemaFile = join(root, 'docs', 'results.schema.json')
writeFileSync(schemaFile, JSON.stringify(RESULTS_SCHEMA, null, 2) + '\n')
console.log(`wrote ${schemaFile}`)
const validatorFile = join(root, 'src', 'report', 'resultsValidator.generated.ts')
writeFileSync(validatorFile, resultsValidatorSource(RESULTS_SCHEMA))
console.log(`wrote ${validatorFile}`)

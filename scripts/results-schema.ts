// Writes docs/results.schema.json from src/report/resultsSchema.ts (the schema validateResults uses);
// __tests__/security/resultsSchema.test.ts fails when the published file is out of date.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { RESULTS_SCHEMA } from '../src/report/resultsSchema.js'

const file = join(import.meta.dirname, '..', 'docs', 'results.schema.json')
writeFileSync(file, JSON.stringify(RESULTS_SCHEMA, null, 2) + '\n')
console.log(`wrote ${file}`)

/** Every job of the example workflows has a time limit (issue 13 item 3): a stuck job must not hold a runner for 6 hours. */
import { describe, expect, test } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import yaml from 'js-yaml'

const DIR = join(import.meta.dirname, '..', '..', 'examples', 'workflows')

describe('example workflows', () => {
  const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f))

  test('there are example workflows to check', () => {
    expect(files.length).toBeGreaterThanOrEqual(4)
  })

  test.each(files)('%s: every job has timeout-minutes', (file) => {
    const doc = yaml.load(readFileSync(join(DIR, file), 'utf8')) as {
      jobs: Record<string, Record<string, unknown>>
    }
    const missing = Object.entries(doc.jobs)
      .filter(([, job]) => typeof job['timeout-minutes'] !== 'number')
      .map(([name]) => name)
    expect(missing).toEqual([])
  })
})

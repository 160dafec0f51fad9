/**
 * Every actions/checkout step of the example workflows sets `persist-credentials: false`: otherwise
 * the job's token sits in `.git/config`, where the build and the benchmarks (and any step after) can
 * read it, and the Action refuses to build (docs/security.md, defence 2).
 */
import { describe, expect, test } from '@jest/globals'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import yaml from 'js-yaml'

const DIR = join(import.meta.dirname, '..', '..', 'examples', 'workflows')

type Step = { uses?: string; with?: Record<string, unknown> }

describe('example workflows', () => {
  const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f))
  const checkouts = (file: string) => {
    const doc = yaml.load(readFileSync(join(DIR, file), 'utf8')) as {
      jobs: Record<string, { steps?: Step[] }>
    }
    return Object.entries(doc.jobs).flatMap(([job, { steps = [] }]) =>
      steps
        .map((step, i) => ({ at: `${job}.steps[${i}]`, step }))
        .filter(({ step }) => step.uses?.startsWith('actions/checkout@'))
    )
  }

  test('some example workflows check the repository out', () => {
    expect(files.flatMap(checkouts).length).toBeGreaterThanOrEqual(5)
  })

  test.each(files)('%s: every actions/checkout step sets persist-credentials: false', (file) => {
    const persisting = checkouts(file)
      .filter(({ step }) => step.with?.['persist-credentials'] !== false)
      .map(({ at }) => at)
    expect(persisting).toEqual([])
  })
})

/**
 * GitHub Marketplace metadata of action.yml: the listing accepts a description of at most 125
 * characters and needs branding (icon and colour).
 */
import { describe, expect, it } from '@jest/globals'
import yaml from 'js-yaml'
import { readFileSync } from 'node:fs'

const action = yaml.load(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  name: string
  description: string
  branding?: { icon?: string; color?: string }
}

describe('action.yml Marketplace metadata', () => {
  it('has a description of 1 to 125 characters', () => {
    expect(action.description.trim().length).toBeGreaterThan(0)
    expect(action.description.trim().length).toBeLessThanOrEqual(125)
  })

  it('keeps its branding', () => {
    expect(action.branding).toEqual({ icon: 'activity', color: 'blue' })
  })
})

/**
 * GitHub Marketplace metadata of action.yml: the listing accepts a description of at most 125
 * characters and needs branding (icon and colour). And its inputs are grouped for a reader.
 */
import { describe, expect, it } from '@jest/globals'
import yaml from 'js-yaml'
import { readFileSync } from 'node:fs'

const action = yaml.load(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, unknown>
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

  // 56 inputs in one list were hard to read (issue 46): each belongs to a `# --- purpose ---` section.
  it('groups its inputs under section comments, none before the first and no section empty', () => {
    const text = readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')
    const block = text.slice(text.indexOf('\ninputs:\n'), text.indexOf('\noutputs:\n'))
    const sections: { title: string; inputs: string[] }[] = []
    const outside: string[] = []
    for (const line of block.split('\n')) {
      const header = /^ {2}# --- (.+) ---$/.exec(line)
      const input = /^ {2}([a-z-]+):$/.exec(line)
      if (header) sections.push({ title: header[1], inputs: [] })
      else if (input) (sections.at(-1)?.inputs ?? outside).push(input[1])
    }
    expect(outside).toEqual([])
    expect(sections.filter((s) => s.inputs.length === 0)).toEqual([])
    expect(sections.flatMap((s) => s.inputs).sort()).toEqual(Object.keys(action.inputs).sort())
  })
})

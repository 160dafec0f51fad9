// VALIDATION.md is regenerated from JSON; the adaptive-rounds block and the hand-written reasoning
// between their markers must survive a re-render.
import { describe, expect, it } from '@jest/globals'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { RealComparison } from '../../validation/src/studies/real.js'
import {
  ADAPTIVE_BEGIN,
  ADAPTIVE_END,
  machineCondition,
  rate,
  renderValidation
} from '../../validation/src/render/document.js'

describe('renderValidation', () => {
  it('keeps what other studies wrote between the markers', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchgate-render-'))
    try {
      const out = join(dir, 'VALIDATION.md')
      renderValidation({ out, quick: true, resultsDir: dir })
      const first = readFileSync(out, 'utf8')
      expect(first).toContain(`## Adaptive rounds\n\n${ADAPTIVE_BEGIN}\n${ADAPTIVE_END}`)
      const edited = first
        .replace(`${ADAPTIVE_BEGIN}\n${ADAPTIVE_END}`, `${ADAPTIVE_BEGIN}\nADAPTIVE TABLE\n${ADAPTIVE_END}`)
        .replace('_To be written from the results._', 'MY REASONING')
      writeFileSync(out, edited)
      renderValidation({ out, quick: true, resultsDir: dir })
      const second = readFileSync(out, 'utf8')
      expect(second).toContain(`${ADAPTIVE_BEGIN}\nADAPTIVE TABLE\n${ADAPTIVE_END}`)
      expect(second).toContain('MY REASONING')
      expect(second.match(/adaptive:begin/g)).toHaveLength(1)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('formats a rate with its Clopper-Pearson band', () => {
    expect(rate(0, 400)).toBe('0.0% (0/400) [0.0%–0.9%]')
    expect(rate(0, 0)).toBe('–')
  })

  it('calls a comparison quiet only when no benchmark waited for a core', () => {
    const c = (realOverCpu?: Record<string, number>) => ({ realOverCpu }) as RealComparison
    expect(machineCondition(c({ a: 1.0, b: 1.049 }))).toBe('quiet')
    expect(machineCondition(c({ a: 1.0, b: 1.3 }))).toBe('contended')
    expect(machineCondition(c())).toBe('not recorded')
  })
})

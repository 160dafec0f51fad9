import { describe, expect, it } from '@jest/globals'
import { closest, didYouMean } from '../../src/config/suggest.js'
import { OPTION_NAMES } from '../../src/config/index.js'

describe('did you mean', () => {
  it('finds the option a typo meant, and nothing for a word that is no typo', () => {
    expect(closest('roudns', OPTION_NAMES)).toBe('rounds')
    expect(closest('min-efect', OPTION_NAMES)).toBe('min-effect')
    expect(closest('Rounds', OPTION_NAMES)).toBe('rounds')
    expect(closest('hlom', ['bonferroni', 'holm', 'none'])).toBe('holm') // a swap is one edit
    expect(closest('hmol', ['bonferroni', 'holm', 'none'])).toBeNull() // two apart is not a swap
    expect(closest('x', OPTION_NAMES)).toBeNull()
    expect(closest('frobnicate', OPTION_NAMES)).toBeNull()
  })
  it('is at most two edits, and fewer for short words', () => {
    expect(closest('abcd', ['abxy'])).toBe(null) // 2 edits of 4 letters: more than a third
    expect(closest('abcdef', ['abxyef'])).toBe('abxyef')
    expect(closest('abcdefgh', ['xyzdefgh'])).toBeNull()
  })
  it('says it as a sentence, or nothing', () => {
    expect(didYouMean('metirc', ['metric'])).toBe(" Did you mean 'metric'?")
    expect(didYouMean('zzz', ['metric'])).toBe('')
  })
})

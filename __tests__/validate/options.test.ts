// The command line of `npm run validate` (validation/src/cli/options.ts): node:util parseArgs, strict;
// every documented flag keeps its meaning, unknown flags and non-numbers are errors that name the flag.
import { describe, expect, it } from '@jest/globals'
import { parseArgs, parseCommand, STUDY_COMMANDS, UsageError } from '../../validation/src/cli/options.js'

describe('the page command (no study named)', () => {
  it('keeps the documented flags and their defaults', () => {
    expect(parseArgs([])).toEqual({
      quick: false,
      simOnly: false,
      realOnly: false,
      renderOnly: false,
      grid: false,
      gridLabel: 'after',
      gridSuites: null,
      gridSd: null,
      reps: null,
      seed: 20261123,
      out: null,
      results: null,
      work: '/tmp/benchgate-validate'
    })
    expect(parseCommand(['--render-only'])).toMatchObject({ command: 'page', options: { renderOnly: true } })
    expect(
      parseArgs(['--grid', '--grid-label', 'before-1pct', '--grid-suites=30', '--grid-sd', '0.01', '--quick'])
    ).toMatchObject({ grid: true, gridLabel: 'before-1pct', gridSuites: 30, gridSd: 0.01, quick: true })
    expect(parseArgs(['--results', 'r', '--work', 'w', '--out', 'o.md', '--seed=-5'])).toMatchObject({
      results: 'r',
      work: 'w',
      out: 'o.md',
      seed: -5
    })
  })

  it('refuses unknown flags, missing values, non-numbers and exclusive modes, naming the flag', () => {
    expect(() => parseArgs(['--bogus'])).toThrow(/Unknown option '--bogus'.*--render-only/)
    expect(() => parseArgs(['--reps'])).toThrow(/--reps/)
    expect(() => parseArgs(['--reps', 'ten'])).toThrow("--reps needs an integer ≥ 1, got 'ten'")
    expect(() => parseArgs(['--reps', '0'])).toThrow(/--reps needs an integer ≥ 1/)
    expect(() => parseArgs(['--seed', '1.5'])).toThrow(/--seed needs an integer/)
    expect(() => parseArgs(['--grid-sd', '1'])).toThrow(/--grid-sd needs a number > 0 and < 1/)
    expect(() => parseArgs(['--grid-label', 'Before'])).toThrow(/--grid-label/)
    expect(() => parseArgs(['--quick=yes'])).toThrow(/--quick/)
    expect(() => parseArgs(['--sim-only', '--real-only'])).toThrow(UsageError)
    expect(() => parseArgs(['--grid', '--render-only'])).toThrow(/--grid runs only the grid/)
  })
})

describe('the study commands', () => {
  it('are the nine studies', () => {
    expect(STUDY_COMMANDS).toEqual([
      'adaptive',
      'adaptive-real',
      'advice',
      'pairs',
      'pairs-real',
      'suite-summary',
      'history',
      'history-calibration',
      'layout'
    ])
    expect(() => parseCommand(['frob'])).toThrow(/unknown command 'frob'/)
  })

  it('keep each study’s flags, defaults and --quick sizes', () => {
    expect(parseCommand(['advice'])).toEqual({
      command: 'advice',
      options: { suites: 4000, rounds: 10, seed: 20261125, out: null, design: 'suite' }
    })
    expect(parseCommand(['advice', '--quick', '--out', 'a.json']).options).toMatchObject({
      suites: 40,
      out: 'a.json'
    })
    // One cell, to reproduce it cheaply: the same seeds as in the whole study.
    expect(parseCommand(['advice', '--noise', 'high', '--effect', '1']).options).toMatchObject({
      noise: 'high',
      effectPercent: 1
    })
    expect(() => parseCommand(['advice', '--noise', 'loud'])).toThrow(/--noise needs 'low' or 'high'/)
    expect(parseCommand(['pairs', '--quick', '--budget', '2.5']).options).toEqual({
      suites: 30,
      budget: 2.5,
      seed: 20261125,
      out: null
    })
    expect(parseCommand(['pairs-real']).options).toEqual({ runs: 5, budget: 20, out: null })
    expect(parseCommand(['suite-summary', '--large-suites', '4']).options).toEqual({
      suites: 2000,
      largeSuites: 4,
      seed: 20261125,
      out: null
    })
    expect(parseCommand(['suite-summary', '--quick']).options).toMatchObject({ suites: 100, largeSuites: 20 })
    expect(parseCommand(['history']).options).toEqual({ histories: 100, seed: 20261126, out: null })
    expect(parseCommand(['history', '--quick', '--seed=-5']).options).toEqual({
      histories: 3,
      seed: -5,
      out: null
    })
    expect(parseCommand(['layout']).options).toEqual({
      runs: 1000,
      powerRuns: 200,
      extraRuns: 300,
      noise: 'shared',
      seed: 20261126,
      out: null
    })
    expect(parseCommand(['layout', '--quick', '--noise', 'phases']).options).toMatchObject({
      runs: 40,
      powerRuns: 20,
      extraRuns: 20,
      noise: 'phases'
    })
    expect(() => parseCommand(['layout', '--noise', 'loud'])).toThrow(/--noise: one of/)
    expect(parseCommand(['adaptive', '--quick']).options).toMatchObject({
      aa: 200,
      power: 50,
      alpha: 0.01,
      seed: 20240601,
      truncate: Infinity,
      noise: 'shared',
      processSigma: null,
      replay: null,
      initial: 20
    })
    expect(
      parseCommand(['adaptive', '--noise', 'memory-bound', '--process-sigma', '0.02', '--power', '0']).options
    ).toMatchObject({ noise: 'memory-bound', processSigma: 0.02, power: 0 })
    expect(parseCommand(['adaptive', '--replay', 'out/samples', '--initial', '10']).options).toMatchObject({
      replay: 'out/samples',
      initial: 10
    })
    expect(parseCommand(['adaptive-real']).options).toEqual({
      example: 'all',
      rounds: 20,
      maxRounds: 60,
      work: null,
      futilityPower: null
    })
  })

  it('refuses what a study does not take', () => {
    expect(() => parseCommand(['advice', '--budget', '3'])).toThrow(/advice: Unknown option '--budget'/)
    expect(() => parseCommand(['pairs', '--suites', '3x'])).toThrow("--suites needs an integer ≥ 1, got '3x'")
    expect(() => parseCommand(['adaptive', '--noise', 'loud'])).toThrow(/--noise: one of shared/)
    expect(() => parseCommand(['adaptive', '--alpha', '5'])).toThrow(/--alpha needs a number > 0 and < 1/)
    expect(() => parseCommand(['adaptive-real', '--example', 'x'])).toThrow(/--example/)
    expect(() => parseCommand(['suite-summary', 'extra'])).toThrow(/Unexpected argument 'extra'/)
  })
})

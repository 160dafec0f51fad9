/**
 * A verdict is presented from one table (src/report/verdicts.ts): no other module of src/ holds a
 * verdict's emoji, and no output module (the reports, the gate, the GitHub and command layers) spells
 * a verdict's word by hand. The rule reads string and template literals only, so verdict values as
 * data (union members, `c.verdict === 'regression'`, results.json's `inconclusive`) pass; a test
 * below plants each kind of violation and each kind of legitimate use.
 */
import { describe, expect, test } from '@jest/globals'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import type { Verdict } from '../../src/analysis/types.js'
import { VERDICT_ORDER, VERDICTS } from '../../src/report/verdicts.js'

const ROOT = join(import.meta.dirname, '..', '..')
const TABLE = 'src/report/verdicts.ts'
/** Modules whose text a person reads: any verdict word there must come from the table. */
const OUTPUT = /^src\/(report\/|github\/|commands\/|gate\.ts$)/

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')
/** A whole word: not inside an identifier, a kebab-case value or a snake_case key. */
const wordRe = (w: string) => new RegExp(`(^|[^\\w-])${escape(w)}(?![\\w-])`)

const VALUES = new Set<string>(VERDICT_ORDER)
/** Emoji as written in source, with or without the variation selector. */
const EMOJI = VERDICT_ORDER.map((v) => VERDICTS[v].emoji.replace(/\uFE0F/g, ''))
/** Words and headline phrases that are not also verdict values: display text only. */
const DISPLAY_ONLY = [
  ...new Set(VERDICT_ORDER.flatMap((v) => [VERDICTS[v].word, ...VERDICTS[v].count]))
].filter((w) => !VALUES.has(w))
/** Values shown under another word ('inconclusive' reads 'undecided'): never in display text. */
const RENAMED = VERDICT_ORDER.filter((v) => VERDICTS[v].word !== v)
/** Every word a verdict is shown as, for "a count before a verdict word". */
const WORDS = [...new Set(VERDICT_ORDER.flatMap((v: Verdict) => [v, VERDICTS[v].word, ...VERDICTS[v].count]))]

interface Finding {
  line: number
  rule: string
  text: string
}

/** Where `source` (the file at `path`, relative to the repository) spells a verdict by hand. */
function handSpelled(path: string, source: string): Finding[] {
  if (path === TABLE) return []
  const sf = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true)
  const found: Finding[] = []
  const add = (node: ts.Node, rule: string, text: string) =>
    found.push({ line: sf.getLineAndCharacterOfPosition(node.getStart()).line + 1, rule, text })
  const output = OUTPUT.test(path)
  const visit = (node: ts.Node): void => {
    const text = literalText(node)
    if (text !== null) {
      if (EMOJI.some((e) => text.includes(e))) add(node, 'verdict emoji', text)
      if (output) checkWords(node, text, add)
    }
    if (output && ts.isObjectLiteralExpression(node)) {
      // a second presentation table: string per verdict, keyed by verdict values
      const keyed = node.properties.filter(
        (p) =>
          ts.isPropertyAssignment(p) &&
          VALUES.has(propertyName(p.name)) &&
          (ts.isStringLiteral(p.initializer) || ts.isNoSubstitutionTemplateLiteral(p.initializer))
      )
      if (keyed.length >= 3)
        add(node, 'a table per verdict', keyed.map((p) => propertyName(p.name!)).join(', '))
    }
    if (output && ts.isCallExpression(node) && node.expression.getText(sf) === 'plural') {
      const noun = node.arguments[1]
      const text = noun && literalText(noun)
      if (text && WORDS.some((w) => wordRe(w).test(text))) add(noun, 'plural of a verdict word', text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return found
}

function checkWords(node: ts.Node, text: string, add: (node: ts.Node, rule: string, text: string) => void) {
  const isValue = VALUES.has(text)
  if (DISPLAY_ONLY.some((w) => text === w || (text.trim() && wordRe(w).test(text))))
    add(node, 'a verdict word', text)
  if (!isValue && RENAMED.some((v) => wordRe(v).test(text))) add(node, 'a renamed verdict in text', text)
  // `${c.inconclusive} undecided`: a count and a verdict word, the headline phrase spelled again
  // (`${operation} failed` is a verb after a name, not a count)
  const afterCount =
    (ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) &&
    ts.isTemplateSpan(node.parent) &&
    isCount(node.parent.expression)
  if (afterCount && WORDS.some((w) => new RegExp(`^ ${escape(w)}(?![\\w-])`).test(text)))
    add(node, 'a count of a verdict', text)
}

/** Whether a template's substitution reads as a number of benchmarks: `n`, `c.failed`, `counts[v]`, `plural(…)`. */
function isCount(e: ts.Expression): boolean {
  if (ts.isNumericLiteral(e)) return true
  if (ts.isIdentifier(e)) return /^(n|total|open)$|count/i.test(e.text)
  if (ts.isPropertyAccessExpression(e)) return VALUES.has(e.name.text) || /count|length/i.test(e.name.text)
  if (ts.isElementAccessExpression(e))
    return /count/i.test(e.expression.getText()) || VALUES.has(literalText(e.argumentExpression) ?? '')
  if (ts.isCallExpression(e)) return /(^|\.)plural$/.test(e.expression.getText())
  return false
}

/** The text of a string or template literal piece; null for anything else. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    // a literal type (`'regression' | …`) or an import path is not text
    if (ts.isLiteralTypeNode(node.parent) || ts.isImportDeclaration(node.parent)) return null
    return node.text
  }
  if (ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) return node.text
  return null
}

function propertyName(name: ts.PropertyName): string {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : ''
}

/** The TypeScript written by hand: not declarations, nor generated code (ajv's validator names schema paths). */
function sourceFiles(dir: string): string[] {
  return ts.sys
    .readDirectory(dir, ['.ts'])
    .filter((f) => !f.endsWith('.d.ts') && !f.endsWith('.generated.ts'))
}

describe('the verdict table is the only place a verdict is spelled', () => {
  test('no src/ module but the table holds a verdict emoji, and no output module spells a verdict word', () => {
    const found = sourceFiles(join(ROOT, 'src')).flatMap((file) => {
      const path = relative(ROOT, file).split('\\').join('/')
      return handSpelled(path, readFileSync(file, 'utf8')).map(
        (f) => `${path}:${f.line} ${f.rule}: ${f.text}`
      )
    })
    expect(found).toEqual([])
  })

  test('the check finds each planted violation', () => {
    const planted = [
      "const lead = '❔ undecided'", // emoji and the display word
      'const open = `${n} inconclusive`', // the renamed value in text, and a count of a verdict
      "const gate = plural(n, 'regression')",
      "const icon = { regression: 'R', improvement: 'I', failed: 'F' }",
      "function word(v: Verdict) { return v === 'inconclusive' ? 'undecided' : v }",
      'const line = `benchgate: ${plural(c.failed, "benchmark")} failed, ${c.inconclusive} undecided`'
    ].join('\n')
    expect(handSpelled('src/gate.ts', planted).map((f) => `${f.line} ${f.rule}`)).toEqual([
      '1 verdict emoji',
      '1 a verdict word',
      '2 a renamed verdict in text',
      '2 a count of a verdict',
      '3 plural of a verdict word',
      '4 a table per verdict',
      '5 a verdict word',
      '6 a count of a verdict',
      '6 a verdict word',
      '6 a count of a verdict'
    ])
    // an emoji is found anywhere in src/, a word only where a person reads it
    expect(handSpelled('src/analysis/x.ts', planted).map((f) => f.rule)).toEqual(['verdict emoji'])
    expect(handSpelled(TABLE, planted)).toEqual([])
  })

  test('verdict values as data pass', () => {
    const legit = [
      "type V = 'regression' | 'inconclusive' | 'timing-only'",
      "if (c.verdict === 'inconclusive' || failOn.includes('inconclusive')) n++",
      "const row = { verdict: 'inconclusive', inconclusive_reason: null }",
      "switch (v) { case 'failed': break }",
      "const enumValues = ['regression', 'improvement', 'inconclusive']",
      'const text = `${n} rounds, ${verdictCount(v, n)}`',
      'const why = `GitHub API: ${operation} failed (${status})`',
      "import { x } from './inconclusive.js'"
    ].join('\n')
    expect(handSpelled('src/report/x.ts', legit)).toEqual([])
  })
})

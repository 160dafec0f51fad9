/**
 * The HTML report's browser script (src/report/html/client.ts) is compiled at build time and inlined:
 * the compiled text is one strict script that cannot end its <script> element early, the page carries
 * exactly it, and dist/ was built from the current client.ts. (The browser test runs it in chromium.)
 */
import { describe, expect, it } from '@jest/globals'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import CLIENT_SCRIPT from '../../src/report/html/client.inline.js'
import { renderHtml } from '../../src/report/html/render.js'
import { synthReport, synthSamples } from '../report/htmlFixture.js'
import { tempDirs } from '../helpers/tempDirs.js'

const { temp } = tempDirs('benchgate-')

const root = join(import.meta.dirname, '..', '..')
type Build = { buildClientScript(entry?: string): string }
const load = async () => (await import(join(root, 'scripts', 'clientScript.mjs') as string)) as Build

describe('the inlined browser script', () => {
  it('is one strict IIFE with no module syntax and no way out of its <script> element', async () => {
    const code = (await load()).buildClientScript()
    expect(code).toBe(CLIENT_SCRIPT)
    expect(code.startsWith('"use strict";\n(() => {')).toBe(true)
    expect(code.trimEnd().endsWith('})();')).toBe(true)
    expect(code).not.toMatch(/^\s*(import|export)\b/m)
    expect(code).not.toMatch(/<\/script|<!--/i)
    expect(code).toContain('#selftest')
  })

  it('is what the HTML page carries', () => {
    const samples = synthSamples()
    const html = renderHtml(synthReport(samples), samples, { now: new Date('2025-01-02T03:04:05Z') })
    expect(html).toContain(`<script>${CLIENT_SCRIPT}</script>`)
  })

  it('is what dist/ bundles (dist was rebuilt after the last change to client.ts)', () => {
    for (const bundle of ['cli.js', 'index.js']) {
      expect(readFileSync(join(root, 'dist', bundle), 'utf8')).toContain(JSON.stringify(CLIENT_SCRIPT))
    }
  })

  it('refuses a script that could end its element early', async () => {
    const dir = temp('benchgate-client-')
    const planted = join(dir, 'planted.ts')
    writeFileSync(planted, "document.title = 'a <!-- b'\nexport {}\n")
    await expect(load().then((m) => m.buildClientScript(planted))).rejects.toThrow(
      /contains '<\/script' or '<!--'/
    )
  })
})

// Compiles a page's browser script (src/report/html/client.ts for the PR report, src/history/html/
// historyClient.ts for history.html) into one self-contained ES2020 script, for the page's render.ts to
// inline (rollup.config.js and jest both use this).
// esbuild: a well-kept compiler that strips types and bundles into an IIFE synchronously (jest needs sync).
import { buildSync } from 'esbuild'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const CLIENT_ENTRY = fileURLToPath(new URL('../src/report/html/client.ts', import.meta.url))
export const HISTORY_CLIENT_ENTRY = fileURLToPath(
  new URL('../src/history/html/historyClient.ts', import.meta.url)
)

/** The compiled script text; throws if it could end the surrounding <script> element early. */
export function buildClientScript(entry = CLIENT_ENTRY) {
  const out = buildSync({
    entryPoints: [entry],
    absWorkingDir: ROOT, // the path comment in the output must not depend on the caller's cwd
    tsconfig: 'tsconfig.client.json', // strict: esbuild then emits "use strict"
    bundle: true,
    format: 'iife',
    target: 'es2020',
    platform: 'browser',
    charset: 'utf8',
    legalComments: 'none',
    write: false,
    logLevel: 'silent'
  })
  const code = out.outputFiles[0].text
  if (/<\/script|<!--/i.test(code))
    throw new Error(`${entry}: the compiled script contains '</script' or '<!--'`)
  return code
}

// Bundles each entry into one self-contained ESM file in dist/ (committed, as Actions need):
// dist/cli.js (npx benchgate), dist/stats.js (the library `benchgate` / `benchgate/stats`, from src/lib.ts), dist/index.js (the Action).
import commonjs from '@rollup/plugin-commonjs'
import json from '@rollup/plugin-json'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import typescript from '@rollup/plugin-typescript'
import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { buildClientScript } from './scripts/clientScript.mjs'

const entries = [
  ['src/lib.ts', 'dist/stats.js'],
  ['src/cli.ts', 'dist/cli.js'],
  ['src/index.ts', 'dist/index.js']
].filter(([input]) => existsSync(input))

/** `import code from './client.inline.js'` -> the browser script compiled from ./client.ts, as a string. */
function clientScript() {
  const prefix = '\0client-script:'
  return {
    name: 'benchgate-client-script',
    resolveId(source, importer) {
      if (!source.endsWith('.inline.js') || !importer) return null
      return prefix + resolve(dirname(importer), source.replace(/\.inline\.js$/, '.ts'))
    },
    load(id) {
      if (!id.startsWith(prefix)) return null
      const file = id.slice(prefix.length)
      this.addWatchFile(file)
      return `export default ${JSON.stringify(buildClientScript(file))}`
    }
  }
}

/** @type {import('rollup').RollupOptions[]} */
export default entries.map(([input, file]) => ({
  input,
  output: { file, format: 'es', sourcemap: false, inlineDynamicImports: true },
  // Third-party CommonJS code trips these harmlessly; our own code must stay warning-free.
  onwarn(warning, warn) {
    const inDeps = (id) => typeof id === 'string' && id.includes('node_modules')
    if (warning.code === 'THIS_IS_UNDEFINED' && inDeps(warning.id)) return
    if (warning.code === 'CIRCULAR_DEPENDENCY' && (warning.ids ?? []).every(inDeps)) return
    if (warning.code === 'EVAL' && inDeps(warning.id)) return
    warn(warning)
  },
  plugins: [
    clientScript(),
    typescript({ tsconfig: 'tsconfig.build.json', noEmitOnError: true }),
    nodeResolve({ preferBuiltins: true }),
    commonjs(),
    json()
  ]
}))

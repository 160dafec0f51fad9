// Bundles the two entry points and the public stats library into dist/ (committed, as Actions need).
import commonjs from '@rollup/plugin-commonjs'
import json from '@rollup/plugin-json'
import { nodeResolve } from '@rollup/plugin-node-resolve'
import typescript from '@rollup/plugin-typescript'
import { existsSync } from 'node:fs'
import type { RollupOptions } from 'rollup'

const entries = ['src/stats/index.ts', 'src/cli.ts', 'src/index.ts'].filter((f) => existsSync(f))
const names: Record<string, string> = { 'src/stats/index.ts': 'stats', 'src/cli.ts': 'cli', 'src/index.ts': 'index' }

const config: RollupOptions = {
  input: Object.fromEntries(entries.map((f) => [names[f], f])),
  output: { dir: 'dist', format: 'es', sourcemap: false, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name].js' },
  plugins: [
    typescript({ tsconfig: 'tsconfig.json', include: ['src/**/*.ts'], outDir: 'dist', noEmitOnError: true }),
    nodeResolve({ preferBuiltins: true }),
    commonjs(),
    json()
  ]
}

export default config

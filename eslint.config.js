import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'
import { readdirSync } from 'node:fs'
import {
  assertEveryEntryLayered,
  LAYERS,
  layerZones,
  SRC_NOT_VALIDATION,
  VALIDATION_LAYERS
} from './layers.config.js'

// Architecture rules beside the layers (docs/architecture.md): only src/index.ts knows @actions/core,
// only the entry points touch the terminal, and the pure layers do no I/O.
const ACTIONS_CORE = {
  name: '@actions/core',
  message: 'only src/index.ts knows the Action: take a Log (src/log.ts) or return data instead'
}
const TERMINAL = ['stdout', 'stderr', 'exit'].map((property) => ({
  object: 'process',
  property,
  message: 'only src/cli.ts and src/index.ts touch the terminal and the exit code: take a Log or an Io'
}))
const IO_MODULES = ['fs', 'fs/promises', 'child_process', 'net', 'http', 'https', 'os', 'worker_threads']
const noIo = (message) => IO_MODULES.flatMap((m) => [m, `node:${m}`].map((name) => ({ name, message })))
const NO_IO = noIo('stats/, analysis/ and report/ compute on data and do no I/O (docs/architecture.md)')
// The same rules for the validation study (validation/README.md): its one entry prints.
const VALIDATION_TERMINAL = ['stdout', 'stderr', 'exit'].map((property) => ({
  object: 'process',
  property,
  message:
    'only validation/src/index.ts touches the terminal and the exit code: take the Io (cli/page.ts) or a log callback'
}))
const VALIDATION_NO_IO = noIo(
  'validation/src/model/ and render/ compute on data and do no I/O: studies/results.ts reads and writes the results'
)
// Imports resolve as TypeScript does: no-cycle must parse the imported .ts files too, and resolve './x.js' to './x.ts'.
const IMPORT_SETTINGS = {
  'import-x/extensions': ['.ts', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
  'import-x/resolver-next': [createTypeScriptImportResolver()]
}

assertEveryEntryLayered(LAYERS, readdirSync(new URL('./src', import.meta.url)))
assertEveryEntryLayered(
  VALIDATION_LAYERS,
  readdirSync(new URL('./validation/src', import.meta.url)),
  'validation/src'
)

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'src/report/resultsValidator.generated.ts',
      'node_modules/',
      'build-ts/',
      'bench-runner/',
      'coverage/',
      'build/',
      'bench-runner/build/',
      '.cache/'
    ]
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }]
    }
  },
  {
    // Imports only point down (docs/architecture.md): src/ is a stack of layers (layers.config.js);
    // a module imports its own folder and lower layers only, and nothing imports in a cycle.
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_SETTINGS,
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones(LAYERS), SRC_NOT_VALIDATION] }],
      'no-restricted-imports': ['error', { paths: [ACTIONS_CORE] }],
      'no-console': 'error',
      'no-restricted-properties': ['error', ...TERMINAL]
    }
  },
  {
    // Only the entry points know the Action and the terminal; the page script is browser code.
    files: ['src/index.ts', 'src/cli.ts', 'src/report/html/client.ts'],
    rules: { 'no-restricted-imports': 'off', 'no-console': 'off', 'no-restricted-properties': 'off' }
  },
  {
    // Pure layers: statistics, analysis and formatting compute on data and do no I/O.
    files: ['src/stats/**/*.ts', 'src/analysis/**/*.ts', 'src/report/**/*.ts'],
    ignores: ['src/report/html/client.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ACTIONS_CORE, ...NO_IO] }] }
  },
  {
    // validation/src/: the same rules as src/, with its own layers (layers.config.js VALIDATION_LAYERS).
    files: ['validation/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_SETTINGS,
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones(VALIDATION_LAYERS, './validation/src') }],
      'no-restricted-imports': ['error', { paths: [ACTIONS_CORE] }],
      'no-console': 'error',
      'no-restricted-properties': ['error', ...VALIDATION_TERMINAL]
    }
  },
  {
    // Its entry point prints; the rest gets an Io or a log callback.
    files: ['validation/src/index.ts'],
    rules: { 'no-console': 'off', 'no-restricted-properties': 'off' }
  },
  {
    // Pure layers of validation/src/: the statistics helpers and the renderer do no I/O.
    files: ['validation/src/model/**/*.ts', 'validation/src/render/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ACTIONS_CORE, ...VALIDATION_NO_IO] }] }
  },
  {
    // Node scripts (demo, C++ test driver, benchmarks) run outside TypeScript.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } }
  }
)

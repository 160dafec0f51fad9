import js from '@eslint/js'
import prettier from 'eslint-config-prettier'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import tseslint from 'typescript-eslint'
import { LAYERS, layerZones } from './layers.config.js'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'build-ts/',
      'bench-runner/',
      'coverage/',
      'build/',
      'bench-runner/build/'
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
    settings: {
      // no-cycle must parse the imported .ts files too, and resolve './x.js' to './x.ts'.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()]
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones(LAYERS) }]
    }
  },
  {
    // Node scripts (demo, C++ test driver, benchmarks) run outside TypeScript.
    files: ['**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } }
  }
)

// Jest in ESM mode with ts-jest (as actions/typescript-action does).
export default {
  clearMocks: true,
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js'],
  moduleNameMapper: {
    // The HTML report's browser script, compiled as rollup does it (scripts/clientScript.mjs).
    '(^|/)client\\.inline\\.js$': '<rootDir>/scripts/clientScriptForJest.mjs',
    '(^|/)historyClient\\.inline\\.js$': '<rootDir>/scripts/historyClientForJest.mjs',
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  testEnvironment: 'node',
  testMatch: ['**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { useESM: true, tsconfig: 'tsconfig.json', diagnostics: { ignoreCodes: [151002] } }
    ]
  },
  verbose: false
}

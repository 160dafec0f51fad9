// Jest in ESM mode; TypeScript stripped by @swc/jest (types are checked by `npm run typecheck`, run by `npm run build`).
// ts-jest compiled each file with TypeScript: on the stats and report suites a cold run spent 11 of its 72 s of CPU
// there; with swc a cold run costs what ts-jest's warm one did.
export default {
  clearMocks: true,
  extensionsToTreatAsEsm: ['.ts'],
  // Each run gets its own temporary folder and fails when tests leave anything in it (runTmpdir.mjs).
  globalSetup: '<rootDir>/__tests__/helpers/globalSetup.mjs',
  globalTeardown: '<rootDir>/__tests__/helpers/globalTeardown.mjs',
  moduleFileExtensions: ['ts', 'js'],
  moduleNameMapper: {
    // The HTML report's browser script, compiled as rollup does it (scripts/clientScript.mjs).
    '(^|/)client\\.inline\\.js$': '<rootDir>/scripts/clientScriptForJest.mjs',
    '(^|/)historyClient\\.inline\\.js$': '<rootDir>/scripts/historyClientForJest.mjs',
    '^(\\.{1,2}/.*)\\.js$': '$1'
  },
  // Every skipped test says why at the end of the output (jest hides the console of an all-skipped file).
  reporters: ['default', '<rootDir>/__tests__/helpers/skipReasons.mjs'],
  // jest's node environment without its Proxy global, which made numeric code 6–7× slower (nodeEnvironment.mjs).
  testEnvironment: '<rootDir>/__tests__/helpers/nodeEnvironment.mjs',
  testSequencer: '<rootDir>/__tests__/helpers/sequencer.mjs',
  // Tests that spawn git or node many times took 5–30 s at load 14 on this 2-core VM (jest's 5 s default
  // failed them there); a hang still fails, 30 s later.
  testTimeout: 30_000,
  testMatch: ['**/__tests__/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
        sourceMaps: 'inline'
      }
    ]
  },
  verbose: false
}

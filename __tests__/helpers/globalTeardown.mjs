// jest globalTeardown: see runTmpdir.mjs.
export { teardown as default } from './runTmpdir.mjs'

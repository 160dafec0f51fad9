// jest globalSetup: see runTmpdir.mjs.
export { setup as default } from './runTmpdir.mjs'

/**
 * `import code from './x.inline.js'` gives the browser script compiled from ./x.ts, as a string
 * (scripts/clientScript.mjs, wired in rollup.config.js and jest.config.js). No such file exists.
 */
declare module '*.inline.js' {
  const code: string
  export default code
}

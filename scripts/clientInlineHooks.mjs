// Node module hooks for tsx scripts that render the HTML report from src/ (bench-counts.ts,
// screenshots.ts): `import CLIENT_SCRIPT from './client.inline.js'` (src/report/html/render.ts) gets
// the compiled browser script, as rollup.config.js and jest.config.js give it. Registered by
// scripts/clientInline.mjs (`tsx --import ./scripts/clientInline.mjs ...`).
const INLINE = 'benchgate:client-inline'

export async function resolve(specifier, context, next) {
  if (/(^|\/)client\.inline\.js$/.test(specifier)) return { url: INLINE, shortCircuit: true }
  return next(specifier, context)
}

export async function load(url, context, next) {
  if (url !== INLINE) return next(url, context)
  const { buildClientScript } = await import('./clientScript.mjs')
  return {
    format: 'module',
    source: `export default ${JSON.stringify(buildClientScript())}`,
    shortCircuit: true
  }
}

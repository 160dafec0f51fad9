// jest.config.js maps `./client.js?script` (src/report/html/render.ts) here: the same compiled script
// rollup inlines into dist/.
import { buildClientScript } from './clientScript.mjs'

export default buildClientScript()

// jest.config.js maps `./historyClient.inline.js` (src/history/html/render.ts) here: the same compiled
// script rollup inlines into dist/.
import { buildClientScript, HISTORY_CLIENT_ENTRY } from './clientScript.mjs'

export default buildClientScript(HISTORY_CLIENT_ENTRY)

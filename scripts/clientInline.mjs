// `tsx --import ./scripts/clientInline.mjs script.ts`: lets a script import the HTML report's renderer
// from src/ (see clientInlineHooks.mjs).
import { register } from 'node:module'

register('./clientInlineHooks.mjs', import.meta.url)

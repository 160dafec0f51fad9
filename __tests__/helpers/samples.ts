// Simulated samples for the adaptive-rounds tests (analysis and reports).
import type { Sample } from '../../src/samples/model.js'
import { seededRandom } from './r.js'

/** rounds [from, to) of one benchmark: one run per side per round, 3 repetitions, lognormal noise. */
export function measure(
  name: string,
  ratio: number,
  sigma: number,
  from: number,
  to: number,
  seed: number
): Sample[] {
  const rnd = seededRandom(seed)
  const out: Sample[] = []
  for (let round = from; round < to; round++)
    for (const side of ['base', 'head'] as const)
      for (let repetition = 0; repetition < 3; repetition++) {
        const z = Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd())
        const v = 1000 * (side === 'head' ? ratio : 1) * Math.exp(sigma * z)
        out.push({
          benchmark: name,
          side,
          round,
          run: round,
          repetition,
          iterations: 1,
          realTimeNs: v,
          cpuTimeNs: v,
          threads: 1
        })
      }
  return out
}

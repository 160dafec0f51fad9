import { measureCounts } from '../../src/counts/measureCounts.js'
import { compareCounts } from '../../src/analysis/counts.js'
const log = { info: (m: string) => console.error(m), warn: (m: string) => console.error('W', m), group: async (_: string, f: any) => f() } as any
const bin = process.argv[2], bin2 = process.argv[3] ?? bin
const m = await measureCounts({ sides: { base: { binary: bin, cwd: '/tmp/cg', benchmarks: [] }, head: { binary: bin2, cwd: '/tmp/cg', benchmarks: [] } }, env: process.env, dir: '/tmp/cg/run', timeoutMs: 600000, log })
console.log(JSON.stringify(m.method), m.issues)
for (const s of m.samples) console.log(s.side, s.pass, s.benchmark, s.iterations, s.instructions, s.cycles)
console.log([...compareCounts(m)].map(([b, c]) => `${b} ${c.verdict} ${c.instructions.change} ${c.cycles.change} noise ${c.cycles.noise}`).join('\n'))

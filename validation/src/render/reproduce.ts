/** docs/VALIDATION.md, "Reproduce": the commands that regenerate every number of the page. */

/** The commands that regenerate every number of the page. */
export function reproduceSection(resultsRel: string): string {
  return `## Reproduce

\`\`\`sh
npm ci                                         # Node 20; cmake, g++, libbenchmark-dev for the real study; R for the tests
npm run validate -- --quick                    # ≤ 15 min: simulation (400/cell) + 8 real comparisons -> validation/results/quick/VALIDATION.md
npm run validate                               # full: simulation (2,000/cell), then the real study (~80 min on a quiet 2-core VM)
npm run validate -- --sim-only --seed 20261123 # only the simulation (exactly reproducible for a seed)
npm run validate -- --real-only                # only the real study; resumes from ${resultsRel}/real.json
npm run validate -- --render-only              # re-render this page from the JSON results
npm run validate -- adaptive                   # adaptive rounds in simulation (flags: validation/README.md)
npm run validate -- adaptive-real              # adaptive vs fixed 60 rounds, real runs of the examples
npm run validate -- advice --out ${resultsRel}/advice-after.json   # does "≈ r more rounds" deliver? (~3–8 min)
npm run validate -- advice --seed 50000000 --suites 8000 --out ${resultsRel}/advice-confirm.json   # the same on fresh seeds (~10 min)
npm run validate -- suite-summary --out ${resultsRel}/suite-summary.json   # suite summary coverage (~40 s)
npm run validate -- pairs --out ${resultsRel}/pairs.json   # designs in equal time, simulated (~3 min)
npm run validate -- pairs-real --out ${resultsRel}/pairs-real.json   # the same on this VM (~10 min, quiet machine)
npm run validate -- history --out ${resultsRel}/history.json   # change points and creep on 100 simulated histories (~5 s)
npm run validate -- layout --out ${resultsRel}/layout.json   # randomised code layout, simulated (~4 min of CPU)
npm run study:duet -- --rounds 6 --duet-rounds 9 --blocks 4 --out ${resultsRel}/duet-real-2.json   # duet vs sequential pairs on this VM (~7 min)
npm run study:duet -- --rounds 6 --duet-rounds 9 --blocks 3 --pinned --out ${resultsRel}/duet-real-3.json   # and pinned sequential pairs (~6 min)
npm run sim:duet -- --study ${resultsRel}/duet-real-1.json,${resultsRel}/duet-real-2.json   # the same in simulation (~8 min loaded)
npm run sim:duet -- --study ${resultsRel}/duet-real-3.json   # with run 3's noise alone
npm run sim:duet -- --pilot --study ${resultsRel}/duet-real-1.json,${resultsRel}/duet-real-2.json   # with the first pilot's spreads
NODE_OPTIONS=--experimental-vm-modules npx jest __tests__/validate   # the study's own tests (binomial bands vs R, noise model)
Rscript -e 'binom.test(3, 400)$conf.int'       # check any band
\`\`\`

Builds and scratch files go to \`/tmp/benchgate-validate\` (\`--work DIR\`). The simulation is deterministic for a seed;
the real study is not (that is its point), so its rates will differ from run to run within their bands.
`
}

// The order jest starts test files in when `npm test` runs every suite in one jest (scripts/test-all.mjs):
// the end-to-end suites first — they are the longest (real builds, benchmark processes, valgrind), and a
// long one started last would run alone on one core at the end — then jest's own order (the longest
// first by the last run's times, or by file size on a cold run).
import Sequencer from '@jest/test-sequencer'

const BaseSequencer = Sequencer.default ?? Sequencer

export default class EndToEndFirst extends BaseSequencer {
  sort(tests) {
    const sorted = super.sort(tests)
    const endToEnd = (t) => t.path.includes('/__tests__/integration/')
    return [...sorted.filter(endToEnd), ...sorted.filter((t) => !endToEnd(t))]
  }
}

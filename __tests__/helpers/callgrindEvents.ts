// One function's callgrind event counts for attribution tests: zero but for what the test sets.
export function callgrindEvents(set: { Ir: number } & Partial<Record<string, number>>) {
  return { I1mr: 0, D1mr: 0, D1mw: 0, ILmr: 0, DLmr: 0, DLmw: 0, Bc: 0, Bcm: 0, Bi: 0, Bim: 0, ...set }
}

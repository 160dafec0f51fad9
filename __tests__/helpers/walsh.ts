// For comparing signed-rank estimates with R's: W(d) = 0 can hold over a whole stretch between two
// Walsh averages, where R's uniroot stops anywhere, so two estimates agree when none lies between them.

/** Walsh averages of the non-zero differences (R drops the zeros first) strictly between a and b, beyond tol. */
export function walshBetween(all: readonly number[], a: number, b: number, tol: number): number {
  const d = all.filter((v) => v !== 0)
  const [lo, hi] = [Math.min(a, b), Math.max(a, b)]
  let count = 0
  for (let i = 0; i < d.length; i++)
    for (let j = i; j < d.length; j++) {
      const w = (d[i] + d[j]) / 2
      if (w > lo + tol && w < hi - tol) count++
    }
  return count
}

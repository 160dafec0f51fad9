/**
 * Google Benchmark source for the "output cut short" tests: one small loop per benchmark, registered
 * in the order given; BM_B calls std::abort() when `abortInB`, so every run's output ends after the
 * benchmarks before it.
 */
export function abortingSuiteSource(names: readonly string[], abortInB: boolean): string {
  const work =
    'static void Work(benchmark::State& s) { for (auto _ : s) { unsigned x = 0; ' +
    'for (int i = 0; i < 2000; ++i) { x += i; benchmark::DoNotOptimize(x); } } }'
  const benchmarks = names.map(
    (n) =>
      `static void ${n}(benchmark::State& s) { ${n === 'BM_B' && abortInB ? 'std::abort(); ' : ''}Work(s); }\n` +
      `BENCHMARK(${n});`
  )
  return ['#include <benchmark/benchmark.h>', '#include <cstdlib>', work, ...benchmarks, ''].join('\n')
}

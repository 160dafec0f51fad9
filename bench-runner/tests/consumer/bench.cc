#include <benchmark/benchmark.h>

static void BM_Consumer(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(state.iterations());
}
BENCHMARK(BM_Consumer)->Iterations(10)->Repetitions(2);

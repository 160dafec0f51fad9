// 200 identical copies of one benchmark in one process. If the harness gets
// slower as it goes (growing bookkeeping, fragmentation), time rises with
// the copy index; scripts/bench-runner-drift.mjs fits that slope.
#include <cstdio>
#include <cstdlib>
#include <string>

#include <benchmark/benchmark.h>

#include "spin_work.h"

namespace {

constexpr int kCopies = 200;
constexpr uint64_t kLoops = 20000;  // fixed work: no calibration to drift

void BM_Drift(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(spin::Spin(kLoops));
}

[[maybe_unused]] const int kRegistered = [] {
  const char* env = std::getenv("DRIFT_MIN_TIME");
  const double min_time = env && *env ? std::atof(env) : 0.02;
  for (int i = 0; i < kCopies; ++i) {
    char name[32];
    std::snprintf(name, sizeof name, "BM_Drift/copy:%03d", i);
    benchmark::RegisterBenchmark(name, BM_Drift)->MinTime(min_time)->Unit(benchmark::kMicrosecond);
  }
  return 0;
}();

}  // namespace

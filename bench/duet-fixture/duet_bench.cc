// benchgate's duet fixture (scripts/study-duet.ts, docs/VALIDATION.md "Duet"): one CPU-bound and one
// memory-bound Google Benchmark benchmark. WORK_PERCENT (default 100) scales both loops, so a build
// with 103 is a planted +3% change of the same code.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#ifndef WORK_PERCENT
#define WORK_PERCENT 100
#endif

namespace {

int64_t Work(int64_t n) { return n * WORK_PERCENT / 100; }

// CPU-bound: a dependent chain of integer mixing, in registers.
void BM_Cpu(benchmark::State& s) {
  const int64_t n = Work(s.range(0));
  for (auto _ : s) {
    uint32_t x = 1;
    for (int64_t i = 0; i < n; ++i) {
      x ^= x >> 16;
      x *= 0x7feb352dU;
      x ^= x >> 15;
    }
    benchmark::DoNotOptimize(x);
  }
}
BENCHMARK(BM_Cpu)->Arg(200000);

// One random cycle through 32 MiB, built once per process: two processes at once overflow a 32 MiB
// last-level cache together.
const std::vector<uint64_t>& Cycle() {
  static const std::vector<uint64_t> next = [] {
    const size_t size = size_t{1} << 22;  // 4 Mi entries of 8 bytes
    std::vector<uint64_t> order(size), out(size);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), std::mt19937_64(42));
    for (size_t i = 0; i < size; ++i) out[order[i]] = order[(i + 1) % size];
    return out;
  }();
  return next;
}

// Memory-bound: one dependent load per step along the cycle.
void BM_Memory(benchmark::State& s) {
  const std::vector<uint64_t>& next = Cycle();
  const int64_t steps = Work(s.range(0));
  for (auto _ : s) {
    uint64_t p = 0;
    for (int64_t i = 0; i < steps; ++i) p = next[p];
    benchmark::DoNotOptimize(p);
  }
}
BENCHMARK(BM_Memory)->Arg(20000);

}  // namespace

BENCHMARK_MAIN();

// Benchmarks of known latency, to validate benchgate's statistics end to end.
//
//   BM_Spin/10us, /100us, /2ms  busy work calibrated to the target duration
//   BM_SpinExtra                only with -DSPIN_EXTRA_BENCH=ON ("new in head")
//
// Build-time knobs (CMake cache variables):
//   SPIN_SLOWDOWN=1.02   multiplies the *work* (loop count), not the
//                        calibration, so two builds differ by a known ratio
//   SPIN_EXTRA_BENCH=ON  adds BM_SpinExtra
//   SPIN_CRASH_ENABLED   honour SPIN_CRASH_ON_RUN_FILE (default ON)
// Environment:
//   SPIN_NOISE_SIGMA=s       lognormal noise on each iteration's work (default 0)
//   SPIN_NOISE_SEED=n        seed of that noise (default 42)
//   SPIN_LOOPS_PER_US=x      skip calibration and use x loops per microsecond
//   SPIN_CALIBRATION_FILE=p  read loops/us from p, or calibrate and write it
//                            there: later processes (both builds) share it
//   SPIN_MIN_TIME=s          per-benchmark minimum time (default 0.05 s)
//   SPIN_CRASH_ON_RUN_FILE=p counter file incremented by every process start;
//   SPIN_CRASH_ON_RUN=N      the process that brings it to N (default 3)
//                            abort()s as its second benchmark starts (the
//                            first one's samples are on disk), or as its
//                            only selected benchmark starts
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <random>
#include <regex>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "spin_work.h"

namespace {

double EnvDouble(const char* name, double fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const double d = std::strtod(v, &end);
  if (*end != '\0' || !std::isfinite(d)) {
    std::fprintf(stderr, "spin_bench: ignoring %s='%s' (not a number)\n", name, v);
    return fallback;
  }
  return d;
}

double LoopsPerMicrosecond() {
  static const double value = [] {
    const double forced = EnvDouble("SPIN_LOOPS_PER_US", 0);
    if (forced > 0) return forced;
    const char* path = std::getenv("SPIN_CALIBRATION_FILE");
    if (path && *path) {
      std::ifstream in(path);
      double cached = 0;
      if (in >> cached && cached > 0) return cached;
    }
    const double measured = spin::CalibrateLoopsPerMicrosecond();
    if (path && *path) {
      std::ofstream out(path);
      out.precision(17);
      out << measured << "\n";
    }
    return measured;
  }();
  return value;
}

// Counter-file crash injection, decided once at start-up.
bool CrashThisProcess() {
#if SPIN_CRASH_ENABLED
  static const bool crash = [] {
    const char* path = std::getenv("SPIN_CRASH_ON_RUN_FILE");
    if (!path || !*path) return false;
    long count = 0;
    {
      std::ifstream in(path);
      in >> count;
    }
    ++count;
    {
      std::ofstream out(path, std::ios::trunc);
      out << count << "\n";
    }
    return count == static_cast<long>(EnvDouble("SPIN_CRASH_ON_RUN", 3));
  }();
  return crash;
#else
  return false;
#endif
}
[[maybe_unused]] const bool kCrashDecidedAtStartup = CrashThisProcess();

std::vector<std::string>& RegisteredNames() {
  static std::vector<std::string> names;
  return names;
}

// How many registered benchmarks --benchmark_filter selects (same regex
// dialect as Google Benchmark's POSIX one; a leading '-' negates).
size_t SelectedCount() {
  std::string filter = benchmark::GetBenchmarkFilter();
  bool negate = false;
  if (!filter.empty() && filter[0] == '-') {
    negate = true;
    filter.erase(0, 1);
  }
  if (filter.empty() || filter == "all") filter = ".";
  try {
    const std::regex re(filter, std::regex::extended);
    size_t n = 0;
    for (const auto& name : RegisteredNames()) n += std::regex_search(name, re) != negate;
    return n;
  } catch (const std::regex_error&) {
    return 1;
  }
}

// The crashing process aborts as its second benchmark starts (so the first
// one's samples are already on disk), or as its only benchmark starts.
void MaybeCrash(const std::string& name) {
  if (!CrashThisProcess()) return;
  static const std::string first = name;
  if (name != first || SelectedCount() <= 1) {
    std::fprintf(stderr, "spin_bench: SPIN_CRASH_ON_RUN reached, aborting in %s\n", name.c_str());
    std::abort();
  }
}

void SpinFor(benchmark::State& state, double target_us, const std::string& name) {
  MaybeCrash(name);
  const double sigma = EnvDouble("SPIN_NOISE_SIGMA", 0);
  std::mt19937_64 rng(static_cast<uint64_t>(EnvDouble("SPIN_NOISE_SEED", 42)));
  std::normal_distribution<double> normal(0.0, 1.0);
  // Calibration is the same in every build; SPIN_SLOWDOWN scales the work.
  const double loops = target_us * LoopsPerMicrosecond() * spin::Slowdown();
  for (auto _ : state) {
    const double factor = sigma > 0 ? std::exp(sigma * normal(rng)) : 1.0;
    benchmark::DoNotOptimize(spin::Spin(static_cast<uint64_t>(loops * factor)));
  }
}

void Register(const std::string& name, double target_us) {
  const double min_time = EnvDouble("SPIN_MIN_TIME", 0.05);
  RegisteredNames().push_back(name);
  benchmark::RegisterBenchmark(name.c_str(), [name, target_us](benchmark::State& state) {
    SpinFor(state, target_us, name);
  })->MinTime(min_time)->Unit(benchmark::kMicrosecond);
}

// Registration at static-init time, like BENCHMARK().
[[maybe_unused]] const int kRegistered = [] {
  Register("BM_Spin/10us", 10);
  Register("BM_Spin/100us", 100);
  Register("BM_Spin/2ms", 2000);
#if SPIN_EXTRA_BENCH
  Register("BM_SpinExtra", 50);
#endif
  return 0;
}();

}  // namespace

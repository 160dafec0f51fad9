#include "spin_work.h"

#include <algorithm>
#include <chrono>

namespace spin {

uint64_t Spin(uint64_t loops) {
  uint64_t x = 0x9E3779B97F4A7C15ull;
  for (uint64_t i = 0; i < loops; ++i) {
    // xorshift: each step depends on the last, so it cannot be parallelised.
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    // An empty asm that "uses" x stops the compiler from collapsing the loop.
    asm volatile("" : "+r"(x));
  }
  return x;
}

double CalibrateLoopsPerMicrosecond() {
  using Clock = std::chrono::steady_clock;
  constexpr int kTrials = 7;
  constexpr double kTrialMicros = 5000;  // 5 ms per trial: well above clock resolution
  uint64_t loops = 1000;
  // Grow until one trial takes about kTrialMicros.
  for (;;) {
    const auto t0 = Clock::now();
    volatile uint64_t sink = Spin(loops);
    (void)sink;
    const double us = std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
    if (us >= kTrialMicros / 4) {
      loops = static_cast<uint64_t>(static_cast<double>(loops) * kTrialMicros / us);
      break;
    }
    loops *= 4;
  }
  double best_us = 1e300;
  for (int i = 0; i < kTrials; ++i) {
    const auto t0 = Clock::now();
    volatile uint64_t sink = Spin(loops);
    (void)sink;
    best_us = std::min(best_us, std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
  }
  return static_cast<double>(loops) / best_us;
}

}  // namespace spin

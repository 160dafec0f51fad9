// Busy work of a known duration: a dependent integer loop that the compiler
// cannot remove or vectorize, calibrated in loops per microsecond.
#ifndef SPIN_SPIN_WORK_H_
#define SPIN_SPIN_WORK_H_

#include <cstdint>

namespace spin {

// Runs `loops` rounds of dependent arithmetic. Returns a value the caller
// must consume (benchmark::DoNotOptimize) so the loop is kept.
uint64_t Spin(uint64_t loops);

// Loops per microsecond on this machine: the best of several timed trials
// against steady_clock (the minimum time is the least disturbed one).
double CalibrateLoopsPerMicrosecond();

// The factor the spin work is scaled by in this build (SPIN_SLOWDOWN, slowdown.cc; 1.0 by default).
double Slowdown();

}  // namespace spin

#endif  // SPIN_SPIN_WORK_H_

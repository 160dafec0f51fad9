// SPIN_SLOWDOWN in a file of its own: a build at another slowdown recompiles this file only, not
// spin_bench.cc (Google Benchmark's and <regex>'s headers), so the two sides of a planted change build fast.
#include "spin_work.h"

#ifndef SPIN_SLOWDOWN
#define SPIN_SLOWDOWN 1.0
#endif

namespace spin {

double Slowdown() { return SPIN_SLOWDOWN; }

}  // namespace spin

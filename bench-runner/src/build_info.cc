#include "benchgate/build_info.h"

namespace benchgate {

BuildInfo RunnerBuildInfo() {
#ifndef BENCHGATE_RUNNER_BUILD_TYPE
#define BENCHGATE_RUNNER_BUILD_TYPE "unknown"
#endif
#ifndef BENCHGATE_RUNNER_BUILD_FLAGS
#define BENCHGATE_RUNNER_BUILD_FLAGS "unknown"
#endif
  return BuildInfo{BENCHGATE_DETAIL_COMPILER, BENCHGATE_RUNNER_BUILD_TYPE,
                   BENCHGATE_RUNNER_BUILD_FLAGS, BENCHGATE_DETAIL_OPTIMIZED,
                   BENCHGATE_DETAIL_NDEBUG};
}

}  // namespace benchgate

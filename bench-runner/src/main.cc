// The main() given by linking benchgate::runner_main. Compiled as part of the
// consuming target, so BENCHGATE_MAIN() records the consumer's build.
#include "benchgate/runner.h"

BENCHGATE_MAIN();

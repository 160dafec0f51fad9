#include <benchgate/runner.h>

BENCHGATE_MAIN();

// bench-runner's entry point: a replacement for benchmark_main.
//
// Link benchgate::runner_main for a ready-made main(), or write
//   BENCHGATE_MAIN();
// in one source file of a target linked with benchgate::runner.
#ifndef BENCHGATE_RUNNER_H_
#define BENCHGATE_RUNNER_H_

#include "benchgate/build_info.h"

namespace benchgate {

// Exit codes besides Google Benchmark's own (0 ok, 1 unrecognized argument).
constexpr int kExitUsage = 2;  // bad --benchgate_* flag, unusable sample file or CPU

// Parses the --benchgate_* flags, sets up the sample file, pinning and
// priority, then runs the benchmarks selected by the usual --benchmark_* flags.
// Everything that can fail is checked before the first benchmark runs.
// REQUIRES: argv[0..argc) are valid C strings; called once per process.
int RunnerMain(int argc, char** argv, const BuildInfo& build);

}  // namespace benchgate

#define BENCHGATE_MAIN()                                                   \
  int main(int argc, char** argv) {                                        \
    return ::benchgate::RunnerMain(argc, argv, BENCHGATE_CONSUMER_BUILD_INFO()); \
  }                                                                        \
  int main(int, char**)

#endif  // BENCHGATE_RUNNER_H_

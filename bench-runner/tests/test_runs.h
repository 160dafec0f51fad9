// Builders of synthetic benchmark::BenchmarkReporter::Run objects, hiding the
// 1.7 / 1.8+ difference in how failures are stored.
#ifndef BENCHGATE_TESTS_TEST_RUNS_H_
#define BENCHGATE_TESTS_TEST_RUNS_H_

#include <string>

#include <benchmark/benchmark.h>

#include "benchgate/config.h"

namespace testruns {

using Run = benchmark::BenchmarkReporter::Run;

// `seconds` is the accumulated time over all `iterations`.
inline Run Iteration(const std::string& name, int64_t rep, int64_t reps, int64_t iterations,
                     double real_seconds, double cpu_seconds,
                     benchmark::TimeUnit unit = benchmark::kNanosecond) {
  Run run;
  run.run_name.function_name = name;
  run.family_index = 0;
  run.per_family_instance_index = 0;
  run.run_type = Run::RT_Iteration;
  run.repetition_index = rep;
  run.repetitions = reps;
  run.iterations = iterations;
  run.real_accumulated_time = real_seconds;
  run.cpu_accumulated_time = cpu_seconds;
  run.time_unit = unit;
  run.threads = 1;
  return run;
}

inline Run Aggregate(const std::string& name, const std::string& aggregate) {
  Run run = Iteration(name, 0, 3, 3, 1, 1);
  run.run_type = Run::RT_Aggregate;
  run.aggregate_name = aggregate;
  run.repetition_index = Run::no_repetition_index;
  return run;
}

inline void SetError(Run* run, const std::string& message) {
#if BENCHGATE_GB_HAS_SKIPPED
  run->skipped = benchmark::internal::SkippedWithError;
  run->skip_message = message;
#else
  run->error_occurred = true;
  run->error_message = message;
#endif
}

}  // namespace testruns

#endif  // BENCHGATE_TESTS_TEST_RUNS_H_

// The three line types of the sample file (docs/sample-format.md):
// one "context" line, one "sample" line per repetition, one "totals" line.
#ifndef BENCHGATE_RECORDS_H_
#define BENCHGATE_RECORDS_H_

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "benchgate/build_info.h"
#include "benchgate/environment.h"

namespace benchgate {

constexpr const char* kFormatName = "benchgate-samples";
constexpr int kFormatVersion = 1;

struct ContextRecord {
  std::vector<std::pair<std::string, std::string>> context;
  Environment env;
  BuildInfo build{};
  std::optional<int> pinned_cpu;
  std::string priority;
  std::string start_time;  // ISO-8601, UTC
  int64_t pid = 0;
  std::string executable;
};

struct Totals {
  int64_t benchmarks = 0;  // benchmark instances with at least one sample line
  int64_t samples = 0;     // sample lines, errored and skipped ones included
  int64_t errors = 0;
  int64_t skipped = 0;
  // Instances that reported only aggregates (ReportAggregatesOnly() /
  // DisplayAggregatesOnly() in code): no samples could be recorded.
  int64_t aggregates_only = 0;
};

// Each appends one complete line, '\n' included, to `out`.
void AppendContextLine(const ContextRecord& record, std::string* out);
// REQUIRES: run.run_type == RT_Iteration.
void AppendSampleLine(const benchmark::BenchmarkReporter::Run& run, std::string* out);
void AppendTotalsLine(const Totals& totals, const std::string& end_time,
                      double elapsed_s, std::string* out);

// Version-independent views of a Run's outcome (1.7 vs 1.8+ fields).
// Each returns the message, or nullopt when the run was not errored/skipped.
std::optional<std::string> RunError(const benchmark::BenchmarkReporter::Run& run);
std::optional<std::string> RunSkipped(const benchmark::BenchmarkReporter::Run& run);

// Nanoseconds per unit of `unit` (1 for ns ... 1e9 for s).
double NanosecondsPer(benchmark::TimeUnit unit);

// "2024-05-01T12:34:56.789Z"
std::string FormatIso8601Utc(std::chrono::system_clock::time_point t);

}  // namespace benchgate

#endif  // BENCHGATE_RECORDS_H_

// The sample reporter: writes one line per repetition to the sample file as
// each benchmark is reported, then forwards everything to the normal display
// reporter, so console output (and --benchmark_out) are unchanged.
#ifndef BENCHGATE_SAMPLE_REPORTER_H_
#define BENCHGATE_SAMPLE_REPORTER_H_

#include <cstdint>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "benchgate/config.h"
#include "benchgate/records.h"
#include "benchgate/sample_file.h"

namespace benchgate {

class SampleReporter : public benchmark::BenchmarkReporter {
 public:
  // `file` may be null (no --benchgate_samples): the reporter only forwards.
  // `display_aggregates_only`: hide per-repetition rows from the display
  // when aggregates follow (what --benchmark_display_aggregates_only does).
  // REQUIRES: `file` (if non-null) and `display` outlive the reporter.
  SampleReporter(SampleFile* file, benchmark::BenchmarkReporter* display,
                 bool display_aggregates_only);

  // Called once before the first benchmark runs; forwarded.
  bool ReportContext(const Context& context) override;
#if BENCHGATE_GB_HAS_RUNS_CONFIG
  void ReportRunsConfig(double min_time, bool has_explicit_iters,
                        benchmark::IterationCount iters) override;
#endif
  // Called once per benchmark instance with all its repetitions (Google
  // Benchmark reports repetitions in bulk), then again with its aggregates.
  void ReportRuns(const std::vector<Run>& report) override;
  // Called once after the last benchmark; forwarded.
  void Finalize() override;

  const Totals& totals() const { return totals_; }

 private:
  SampleFile* file_;
  benchmark::BenchmarkReporter* display_;
  bool display_aggregates_only_;
  Totals totals_;
  // Reused for every line: bounded by the longest line, not the run count.
  std::string line_;
  std::vector<Run> filtered_;
  // The instance whose samples were written last, to spot aggregate-only
  // reports. Two integers: no per-benchmark bookkeeping.
  int64_t last_family_ = -1;
  int64_t last_instance_ = -1;
};

}  // namespace benchgate

#endif  // BENCHGATE_SAMPLE_REPORTER_H_

#include "benchgate/sample_reporter.h"

#include <cstdio>

namespace benchgate {

SampleReporter::SampleReporter(SampleFile* file, benchmark::BenchmarkReporter* display,
                               bool display_aggregates_only)
    : file_(file), display_(display), display_aggregates_only_(display_aggregates_only) {
  // The library prints --benchmark_list_tests and its errors through the
  // display reporter's streams: make ours the same.
  if (display_) {
    SetOutputStream(&display_->GetOutputStream());
    SetErrorStream(&display_->GetErrorStream());
  }
}

bool SampleReporter::ReportContext(const Context& context) {
  return display_ ? display_->ReportContext(context) : true;
}

#if BENCHGATE_GB_HAS_RUNS_CONFIG
void SampleReporter::ReportRunsConfig(double min_time, bool has_explicit_iters,
                                      benchmark::IterationCount iters) {
  if (display_) display_->ReportRunsConfig(min_time, has_explicit_iters, iters);
}
#endif

void SampleReporter::ReportRuns(const std::vector<Run>& report) {
  bool has_iterations = false;
  int good_iterations = 0;
  for (const Run& run : report) {
    if (run.run_type != Run::RT_Iteration) continue;
    has_iterations = true;
    if (file_) {
      line_.clear();
      AppendSampleLine(run, &line_);
      file_->AppendLine(line_);
    }
    ++totals_.samples;
    const bool failed = RunError(run).has_value();
    const bool skipped = RunSkipped(run).has_value();
    totals_.errors += failed;
    totals_.skipped += skipped;
    good_iterations += !failed && !skipped;
    last_family_ = run.family_index;
    last_instance_ = run.per_family_instance_index;
  }
  if (has_iterations) ++totals_.benchmarks;

  // Aggregates for an instance whose repetitions we never saw: the benchmark
  // asked for ReportAggregatesOnly()/DisplayAggregatesOnly() in code.
  if (!has_iterations && !report.empty() && !report.front().report_big_o &&
      !report.front().report_rms &&
      (report.front().family_index != last_family_ ||
       report.front().per_family_instance_index != last_instance_)) {
    ++totals_.aggregates_only;
    last_family_ = report.front().family_index;
    last_instance_ = report.front().per_family_instance_index;
    if (file_) {
      std::fprintf(stderr,
                   "benchgate: %s reported only aggregates (ReportAggregatesOnly or "
                   "DisplayAggregatesOnly in its registration), so no samples were recorded for it. "
                   "Remove that call to let benchgate compare it.\n",
                   report.front().run_name.str().c_str());
    }
  }

  if (!display_) return;
  // Google Benchmark hides repetitions from the display only when aggregates
  // follow, i.e. when at least two repetitions succeeded.
  if (has_iterations && display_aggregates_only_ && good_iterations >= 2) return;
  display_->ReportRuns(report);
}

void SampleReporter::Finalize() {
  if (display_) display_->Finalize();
}

}  // namespace benchgate

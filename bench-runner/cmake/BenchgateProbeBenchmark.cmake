# Probes the Google Benchmark API at configure time; the results go to the
# generated benchgate/config.h. 1.7 reports failures as Run::error_occurred +
# error_message; 1.8 replaced them with Run::skipped (an enum) + skip_message.
include(CheckCXXSourceCompiles)

if(BENCHGATE_GB_FETCHED)
  # Not built yet, so it cannot be probed; the downloaded version is >= 1.8.
  set(BENCHGATE_GB_HAS_SKIPPED ON)
  set(BENCHGATE_GB_HAS_VERSION_FN ON)
  set(BENCHGATE_GB_HAS_RUNS_CONFIG ON)
else()
  set(CMAKE_REQUIRED_LIBRARIES benchmark::benchmark)
  set(CMAKE_REQUIRED_QUIET ON)
  set(CMAKE_CXX_STANDARD 17)
  check_cxx_source_compiles([[
#include <benchmark/benchmark.h>
int f(const benchmark::BenchmarkReporter::Run& r) {
  return static_cast<int>(r.skipped) + static_cast<int>(r.skip_message.size());
}
int main() { return 0; }]] BENCHGATE_GB_HAS_SKIPPED)
  check_cxx_source_compiles([[
#include <benchmark/benchmark.h>
int main() { return static_cast<int>(benchmark::GetBenchmarkVersion().size()) > 0 ? 0 : 1; }]]
    BENCHGATE_GB_HAS_VERSION_FN)
  check_cxx_source_compiles([[
#include <benchmark/benchmark.h>
struct R : benchmark::BenchmarkReporter {
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
  void ReportRunsConfig(double, bool, benchmark::IterationCount) override {}
};
int main() { return 0; }]] BENCHGATE_GB_HAS_RUNS_CONFIG)
  unset(CMAKE_REQUIRED_LIBRARIES)
  unset(CMAKE_REQUIRED_QUIET)
endif()

foreach(_bg_probe SKIPPED VERSION_FN RUNS_CONFIG)
  if(BENCHGATE_GB_HAS_${_bg_probe})
    set(BENCHGATE_GB_HAS_${_bg_probe}_01 1)
  else()
    set(BENCHGATE_GB_HAS_${_bg_probe}_01 0)
  endif()
endforeach()
message(STATUS "benchgate: Google Benchmark API: skipped=${BENCHGATE_GB_HAS_SKIPPED_01} "
               "version_fn=${BENCHGATE_GB_HAS_VERSION_FN_01} runs_config=${BENCHGATE_GB_HAS_RUNS_CONFIG_01}")

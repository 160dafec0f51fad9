#include "benchgate/runner.h"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <memory>
#include <string>

#include <benchmark/benchmark.h>

#include "benchgate/config.h"
#include "benchgate/environment.h"
#include "benchgate/flags.h"
#include "benchgate/process_control.h"
#include "benchgate/records.h"
#include "benchgate/sample_file.h"
#include "benchgate/sample_reporter.h"

namespace benchgate {
namespace {

void PrintHelp() {
  benchmark::PrintDefaultHelp();
  std::fputs(FlagsHelp(), stdout);
}

bool HasBenchmarkOut(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strncmp(argv[i], "--benchmark_out=", 16) == 0 && argv[i][16] != '\0') return true;
  }
  return false;
}

int Fail(const std::string& message) {
  std::fprintf(stderr, "benchgate: %s\n", message.c_str());
  return kExitUsage;
}

}  // namespace

int RunnerMain(int argc, char** argv, const BuildInfo& build) {
  const auto start_wall = std::chrono::system_clock::now();
  const auto start = std::chrono::steady_clock::now();
  char arg0_default[] = "benchmark";
  char* args_default = arg0_default;
  if (!argv) {  // same workaround as BENCHMARK_MAIN()
    argc = 1;
    argv = &args_default;
  }

  // Our flags first: a bad one must stop us before anything runs.
  Options options;
  std::string error;
  if (!ParseFlags(&argc, argv, &options, &error)) return Fail(error);
  if (options.print_version) {
    std::printf("benchgate-runner %s\n", BENCHGATE_RUNNER_VERSION);
    return 0;
  }
  if (options.report_aggregates_only && HasBenchmarkOut(argc, argv)) {
    std::fprintf(stderr,
                 "benchgate: note: --benchmark_report_aggregates_only applies to the console only; "
                 "the --benchmark_out file also gets every repetition (bench-runner needs them).\n");
  }

  benchmark::Initialize(&argc, argv, PrintHelp);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;

  std::unique_ptr<SampleFile> file;
  if (!options.samples_path.empty()) {
    file = SampleFile::Open(options.samples_path, &error);
    if (!file) return Fail(error);
  }
  if (options.cpu && !PinToCpu(*options.cpu, &error)) return Fail(error + " No benchmark was run.");
  const std::string priority = options.high_priority ? RaisePriority() : DescribePriority();

  std::string line;
  if (file) {
    ContextRecord record;
    record.context = options.context;
    record.env = CaptureEnvironment();
    record.build = build;
    record.pinned_cpu = options.cpu;
    record.priority = priority;
    record.start_time = FormatIso8601Utc(start_wall);
    record.pid = static_cast<int64_t>(getpid());
    record.executable = argv[0];
    AppendContextLine(record, &line);
    if (!file->AppendLine(line)) return Fail("cannot write to the sample file; no benchmark was run.");
  }

  // Owned by the library (a function-local static); do not delete.
  benchmark::BenchmarkReporter* display = benchmark::CreateDefaultDisplayReporter();
  SampleReporter reporter(file.get(), display,
                          options.display_aggregates_only || options.report_aggregates_only);
  benchmark::RunSpecifiedBenchmarks(&reporter);

  if (file) {
    const double elapsed =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    line.clear();
    AppendTotalsLine(reporter.totals(), FormatIso8601Utc(std::chrono::system_clock::now()),
                     elapsed, &line);
    file->AppendLine(line);
  }
  benchmark::Shutdown();
  return 0;
}

}  // namespace benchgate

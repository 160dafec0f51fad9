#include "benchgate/records.h"

#include <cmath>
#include <ctime>

#include "benchgate/config.h"
#include "benchgate/json_writer.h"

namespace benchgate {
namespace {

std::string Trim(const char* s) {
  if (!s) return "unknown";
  std::string t(s);
  const size_t b = t.find_first_not_of(' ');
  if (b == std::string::npos) return "";
  return t.substr(b, t.find_last_not_of(' ') - b + 1);
}

}  // namespace

using Run = benchmark::BenchmarkReporter::Run;

std::optional<std::string> RunError(const Run& run) {
#if BENCHGATE_GB_HAS_SKIPPED
  if (run.skipped == benchmark::internal::SkippedWithError) return run.skip_message;
#else
  if (run.error_occurred) return run.error_message;
#endif
  return std::nullopt;
}

std::optional<std::string> RunSkipped(const Run& run) {
#if BENCHGATE_GB_HAS_SKIPPED
  if (run.skipped == benchmark::internal::SkippedWithMessage) return run.skip_message;
#else
  (void)run;  // 1.7 has no plain skip: SkipWithError is the only way out.
#endif
  return std::nullopt;
}

double NanosecondsPer(benchmark::TimeUnit unit) {
  return 1e9 / benchmark::GetTimeUnitMultiplier(unit);
}

std::string FormatIso8601Utc(std::chrono::system_clock::time_point t) {
  using namespace std::chrono;
  const auto ms = duration_cast<milliseconds>(t.time_since_epoch()).count();
  const std::time_t secs = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&secs, &tm);
  char buf[40];
  const size_t n = std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%S", &tm);
  char out[64];
  std::snprintf(out, sizeof out, "%.*s.%03dZ", static_cast<int>(n), buf, static_cast<int>(ms % 1000));
  return out;
}

void AppendContextLine(const ContextRecord& r, std::string* out) {
  const Environment& env = r.env;
  JsonObjectWriter w(out);
  w.String("type", "context").String("format", kFormatName).Int("version", kFormatVersion);

  std::string* raw = w.Raw("context");
  {
    JsonObjectWriter ctx(raw);
    for (const auto& kv : r.context) ctx.String(kv.first, kv.second);
    ctx.Close();
  }
  w.String("host", env.host)
      .String("cpu_model", env.cpu_model)
      .Int("num_cpus", env.num_cpus)
      .Number("mhz_per_cpu", env.mhz_per_cpu)
      .Bool("cpu_scaling_enabled", env.cpu_scaling_enabled);
  raw = w.Raw("governors");
  raw->push_back('[');
  for (size_t i = 0; i < env.governors.size(); ++i) {
    if (i) raw->push_back(',');
    AppendJsonString(raw, env.governors[i]);
  }
  raw->push_back(']');
  w.String("turbo", env.turbo).String("aslr", env.aslr);
  raw = w.Raw("load_avg");
  raw->push_back('[');
  for (size_t i = 0; i < env.load_avg.size(); ++i) {
    if (i) raw->push_back(',');
    AppendJsonNumber(raw, env.load_avg[i]);
  }
  raw->push_back(']');
  w.String("kernel", env.kernel)
      .String("compiler", r.build.compiler ? r.build.compiler : "unknown")
      .String("build_type", r.build.build_type ? r.build.build_type : "unknown")
      .String("build_flags", Trim(r.build.flags))
      .Bool("optimized", r.build.optimized)
      .Bool("ndebug", r.build.ndebug)
      .String("library_version", env.library_version)
      .String("library_build_type", env.library_build_type);
  if (r.pinned_cpu) {
    w.Int("pinned_cpu", *r.pinned_cpu);
  } else {
    w.Null("pinned_cpu");
  }
  w.String("priority", r.priority)
      .String("start_time", r.start_time)
      .Int("pid", r.pid)
      .String("executable", r.executable)
      .String("runner_version", BENCHGATE_RUNNER_VERSION);
  w.Close();
  out->push_back('\n');
}

void AppendSampleLine(const Run& run, std::string* out) {
  const std::optional<std::string> error = RunError(run);
  const std::optional<std::string> skipped = RunSkipped(run);
  JsonObjectWriter w(out);
  w.String("type", "sample")
      .String("name", run.run_name.str())
      .Int("family_index", run.family_index)
      .Int("instance_index", run.per_family_instance_index)
      .Int("repetition_index", run.repetition_index)
      .Int("repetitions", run.repetitions)
      .Int("iterations", static_cast<int64_t>(run.iterations));
  if (error || skipped) {
    // Times of a failed run are partial or zero: not a measurement.
    w.Null("real_time_ns").Null("cpu_time_ns");
  } else {
    // GetAdjusted*Time() is per iteration in run.time_unit (threads already
    // accounted for), exactly what Google Benchmark's JSON reports.
    const double to_ns = NanosecondsPer(run.time_unit);
    w.Number("real_time_ns", run.GetAdjustedRealTime() * to_ns)
        .Number("cpu_time_ns", run.GetAdjustedCPUTime() * to_ns);
  }
  w.Int("threads", run.threads);
  std::string* raw = w.Raw("counters");
  {
    JsonObjectWriter counters(raw);
    for (const auto& kv : run.counters) counters.Number(kv.first, kv.second.value);
    counters.Close();
  }
  if (!run.report_label.empty()) w.String("label", run.report_label);
  if (error) {
    w.String("error", *error);
  } else {
    w.Null("error");
  }
  if (skipped) {
    w.String("skipped", *skipped);
  } else {
    w.Null("skipped");
  }
  w.Close();
  out->push_back('\n');
}

void AppendTotalsLine(const Totals& t, const std::string& end_time, double elapsed_s,
                      std::string* out) {
  JsonObjectWriter w(out);
  w.String("type", "totals")
      .Int("benchmarks", t.benchmarks)
      .Int("samples", t.samples)
      .Int("errors", t.errors)
      .Int("skipped", t.skipped)
      .Int("aggregates_only", t.aggregates_only)
      .String("end_time", end_time)
      .Number("elapsed_s", elapsed_s);
  w.Close();
  out->push_back('\n');
}

}  // namespace benchgate

#include "benchgate/records.h"

#include <chrono>
#include <limits>

#include <gtest/gtest.h>

#include "json_check.h"
#include "test_runs.h"

namespace benchgate {
namespace {

jsoncheck::Value ParseLine(const std::string& line) {
  EXPECT_FALSE(line.empty());
  EXPECT_EQ(line.back(), '\n');
  EXPECT_EQ(line.find('\n'), line.size() - 1) << "a record must be exactly one line";
  jsoncheck::Value v;
  std::string error;
  EXPECT_TRUE(jsoncheck::Parse(line, &v, &error)) << error << "\n" << line;
  return v;
}

TEST(SampleLine, HasEveryDocumentedField) {
  std::string line;
  AppendSampleLine(testruns::Iteration("BM_x", 1, 5, 1000, 2e-3, 1e-3), &line);
  const auto v = ParseLine(line);
  EXPECT_EQ(v["type"].string, "sample");
  EXPECT_EQ(v["name"].string, "BM_x");
  EXPECT_EQ(v["family_index"].number, 0);
  EXPECT_EQ(v["instance_index"].number, 0);
  EXPECT_EQ(v["repetition_index"].number, 1);
  EXPECT_EQ(v["repetitions"].number, 5);
  EXPECT_EQ(v["iterations"].number, 1000);
  EXPECT_DOUBLE_EQ(v["real_time_ns"].number, 2000);  // 2 ms / 1000 iterations
  EXPECT_DOUBLE_EQ(v["cpu_time_ns"].number, 1000);
  EXPECT_EQ(v["threads"].number, 1);
  EXPECT_EQ(v["counters"].kind, jsoncheck::Value::kObject);
  EXPECT_TRUE(v["error"].IsNull());
  EXPECT_TRUE(v["skipped"].IsNull());
  EXPECT_TRUE(v.Has("error"));
  EXPECT_TRUE(v.Has("skipped"));
}

// 2.5 s over 1000 iterations is 2.5 ms per iteration whatever the unit.
class SampleLineUnits : public ::testing::TestWithParam<benchmark::TimeUnit> {};

TEST_P(SampleLineUnits, ConvertsToNanoseconds) {
  std::string line;
  AppendSampleLine(testruns::Iteration("BM_u", 0, 1, 1000, 2.5, 1.25, GetParam()), &line);
  const auto v = ParseLine(line);
  EXPECT_NEAR(v["real_time_ns"].number, 2.5e6, 1e-6);
  EXPECT_NEAR(v["cpu_time_ns"].number, 1.25e6, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(AllUnits, SampleLineUnits,
                         ::testing::Values(benchmark::kNanosecond, benchmark::kMicrosecond,
                                           benchmark::kMillisecond, benchmark::kSecond));

TEST(SampleLine, NanosecondsPerUnit) {
  EXPECT_DOUBLE_EQ(NanosecondsPer(benchmark::kNanosecond), 1);
  EXPECT_DOUBLE_EQ(NanosecondsPer(benchmark::kMicrosecond), 1e3);
  EXPECT_DOUBLE_EQ(NanosecondsPer(benchmark::kMillisecond), 1e6);
  EXPECT_DOUBLE_EQ(NanosecondsPer(benchmark::kSecond), 1e9);
}

TEST(SampleLine, NonFiniteValuesAreNull) {
  auto run = testruns::Iteration("BM_q", 0, 1, 0, std::numeric_limits<double>::quiet_NaN(), 1);
  run.counters["bad"] = benchmark::Counter(std::numeric_limits<double>::infinity());
  run.counters["good"] = benchmark::Counter(3);
  std::string line;
  AppendSampleLine(run, &line);
  EXPECT_EQ(line.find("nan"), std::string::npos);
  EXPECT_EQ(line.find("inf"), std::string::npos);
  const auto v = ParseLine(line);
  EXPECT_TRUE(v["real_time_ns"].IsNull());
  EXPECT_TRUE(v["counters"]["bad"].IsNull());
  EXPECT_EQ(v["counters"]["good"].number, 3);
}

TEST(SampleLine, ErrorHasMessageAndNullTimes) {
  auto run = testruns::Iteration("BM_err", 0, 1, 0, 0, 0);
  testruns::SetError(&run, "file \"x\" missing\n");
  std::string line;
  AppendSampleLine(run, &line);
  const auto v = ParseLine(line);
  EXPECT_EQ(v["error"].string, "file \"x\" missing\n");
  EXPECT_TRUE(v["skipped"].IsNull());
  EXPECT_TRUE(v["real_time_ns"].IsNull());
  EXPECT_TRUE(v["cpu_time_ns"].IsNull());
}

TEST(SampleLine, EscapesNames) {
  const std::string name = "BM_q\"\\\t\x01<T>/\xC3\xA9";
  std::string line;
  AppendSampleLine(testruns::Iteration(name, 0, 1, 1, 1, 1), &line);
  EXPECT_EQ(ParseLine(line)["name"].string, name);
}

TEST(ContextLine, HasEveryDocumentedField) {
  ContextRecord r;
  r.context = {{"side", "base"}, {"commit", "abc\"def"}};
  r.env.host = "h";
  r.env.cpu_model = "cpu";
  r.env.num_cpus = 2;
  r.env.mhz_per_cpu = 2600;
  r.env.governors = {"performance", "powersave"};
  r.env.turbo = "unknown";
  r.env.aslr = "2";
  r.env.load_avg = {0.5, 0.25, 0.125};
  r.env.kernel = "Linux 6 x86_64";
  r.env.library_version = "1.7.1";
  r.env.library_build_type = "release";
  r.build = BuildInfo{"GCC 12.2.0", "Release", " -O3 -DNDEBUG ", true, true};
  r.pinned_cpu = 1;
  r.priority = "normal";
  r.start_time = "2024-01-01T00:00:00.000Z";
  r.pid = 42;
  std::string line;
  AppendContextLine(r, &line);
  const auto v = ParseLine(line);
  EXPECT_EQ(v["type"].string, "context");
  EXPECT_EQ(v["format"].string, "benchgate-samples");
  EXPECT_EQ(v["version"].number, 1);
  EXPECT_EQ(v["context"]["side"].string, "base");
  EXPECT_EQ(v["context"]["commit"].string, "abc\"def");
  for (const char* key : {"host", "cpu_model", "num_cpus", "mhz_per_cpu", "cpu_scaling_enabled",
                          "governors", "turbo", "aslr", "load_avg", "kernel", "compiler",
                          "build_type", "build_flags", "library_version", "library_build_type",
                          "pinned_cpu", "priority", "start_time", "pid"}) {
    EXPECT_TRUE(v.Has(key)) << key;
  }
  EXPECT_EQ(v["governors"].array.size(), 2u);
  EXPECT_EQ(v["load_avg"].array.size(), 3u);
  EXPECT_EQ(v["build_flags"].string, "-O3 -DNDEBUG");
  EXPECT_EQ(v["pinned_cpu"].number, 1);
  EXPECT_EQ(v["compiler"].string, "GCC 12.2.0");

  r.pinned_cpu.reset();
  line.clear();
  AppendContextLine(r, &line);
  EXPECT_TRUE(ParseLine(line)["pinned_cpu"].IsNull());
}

TEST(TotalsLine, HasEveryDocumentedField) {
  Totals t;
  t.benchmarks = 2;
  t.samples = 7;
  t.errors = 1;
  t.skipped = 0;
  std::string line;
  AppendTotalsLine(t, "2024-01-01T00:00:01.000Z", 1.5, &line);
  const auto v = ParseLine(line);
  EXPECT_EQ(v["type"].string, "totals");
  EXPECT_EQ(v["benchmarks"].number, 2);
  EXPECT_EQ(v["samples"].number, 7);
  EXPECT_EQ(v["errors"].number, 1);
  EXPECT_EQ(v["skipped"].number, 0);
  EXPECT_EQ(v["end_time"].string, "2024-01-01T00:00:01.000Z");
  EXPECT_EQ(v["elapsed_s"].number, 1.5);
}

TEST(Iso8601, FormatsUtcWithMilliseconds) {
  const auto t = std::chrono::system_clock::time_point(std::chrono::milliseconds(1700000000123));
  EXPECT_EQ(FormatIso8601Utc(t), "2023-11-14T22:13:20.123Z");
}

TEST(Environment, TurboAndCpuModel) {
  EXPECT_EQ(TurboFromSysfs("1", ""), "disabled");
  EXPECT_EQ(TurboFromSysfs("0", ""), "enabled");
  EXPECT_EQ(TurboFromSysfs("", "1"), "enabled");
  EXPECT_EQ(TurboFromSysfs("", "0"), "disabled");
  EXPECT_EQ(TurboFromSysfs("", ""), "unknown");
  EXPECT_EQ(CpuModelFromCpuinfo("processor\t: 0\nmodel name\t: Intel(R) Xeon(R)\n"), "Intel(R) Xeon(R)");
  EXPECT_EQ(CpuModelFromCpuinfo("processor : 0\n"), "unknown");
}

TEST(Environment, CaptureFillsTheBasics) {
  const Environment env = CaptureEnvironment();
  EXPECT_GT(env.num_cpus, 0);
  EXPECT_FALSE(env.host.empty());
  EXPECT_FALSE(env.library_version.empty());
  EXPECT_TRUE(env.library_build_type == "release" || env.library_build_type == "debug" ||
              env.library_build_type == "unknown");
  EXPECT_TRUE(env.aslr == "0" || env.aslr == "1" || env.aslr == "2" || env.aslr == "unknown");
  EXPECT_TRUE(env.governors.empty() || static_cast<int>(env.governors.size()) == env.num_cpus);
}

}  // namespace
}  // namespace benchgate

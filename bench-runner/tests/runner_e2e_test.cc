// End-to-end: runs fixture_bench (linked with BENCHGATE_MAIN()) as a child
// process and checks exit codes, messages and the sample file.
#include <sched.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "benchgate/config.h"
#include "json_check.h"
#include "subprocess.h"

namespace {

using testutil::Result;

class RunnerE2E : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::MakeTempDir("e2e");
    marker_ = dir_ + "/marker";
    samples_ = dir_ + "/samples.jsonl";
  }
  void TearDown() override {
    if (!HasFailure()) testutil::RemoveTree(dir_);
  }

  Result Run(std::vector<std::string> args) {
    args.insert(args.begin(), FIXTURE_BENCH);
    return testutil::Run(args, {"FIXTURE_MARKER=" + marker_}, dir_);
  }

  // Parses every line; fails the test on any invalid one.
  std::vector<jsoncheck::Value> Samples() {
    std::vector<jsoncheck::Value> out;
    const std::string text = testutil::ReadFile(samples_);
    EXPECT_TRUE(text.empty() || text.back() == '\n') << "partial last line";
    for (const auto& line : testutil::Lines(text)) {
      jsoncheck::Value v;
      std::string error;
      EXPECT_TRUE(jsoncheck::Parse(line, &v, &error)) << error << ": " << line;
      out.push_back(v);
    }
    return out;
  }

  bool AnythingRan() { return testutil::FileExists(marker_); }

  std::string dir_, marker_, samples_;
};

TEST_F(RunnerE2E, VersionFlagPrintsVersionAndExits) {
  const Result r = Run({"--benchgate_version"});
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, std::string("benchgate-runner ") + BENCHGATE_RUNNER_VERSION + "\n");
  EXPECT_FALSE(AnythingRan());
}

TEST_F(RunnerE2E, UnknownBenchgateFlagExits2BeforeRunning) {
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchgate_bogus=1"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--benchgate_bogus"), std::string::npos) << r.err;
  EXPECT_FALSE(AnythingRan());
  EXPECT_FALSE(testutil::FileExists(samples_));
}

TEST_F(RunnerE2E, MalformedBenchgateFlagExits2) {
  const Result r = Run({"--benchgate_cpu=first"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--benchgate_cpu"), std::string::npos) << r.err;
  EXPECT_FALSE(AnythingRan());
}

TEST_F(RunnerE2E, UnrecognizedArgumentBehavesLikeGoogleBenchmark) {
  const Result r = Run({"--no_such_flag"});
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_FALSE(AnythingRan());
}

TEST_F(RunnerE2E, UnwritableSamplePathFailsBeforeRunning) {
  const std::string bad = dir_ + "/missing-dir/samples.jsonl";
  const Result r = Run({"--benchgate_samples=" + bad, "--benchmark_filter=BM_Good"});
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find(bad), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("No benchmark was run"), std::string::npos) << r.err;
  EXPECT_FALSE(AnythingRan());

  const Result dir = Run({"--benchgate_samples=" + dir_, "--benchmark_filter=BM_Good"});
  EXPECT_NE(dir.exit_code, 0);
  EXPECT_FALSE(AnythingRan());
}

TEST_F(RunnerE2E, MissingCpuFailsBeforeRunning) {
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchgate_cpu=4000",
                        "--benchmark_filter=BM_Good"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("--benchgate_cpu=4000"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("allowed:"), std::string::npos) << r.err;
  EXPECT_FALSE(AnythingRan());
}

TEST_F(RunnerE2E, WritesContextSamplesAndTotals) {
  cpu_set_t set;
  ASSERT_EQ(sched_getaffinity(0, sizeof set, &set), 0);
  int cpu = 0;
  while (!CPU_ISSET(cpu, &set)) ++cpu;
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchgate_context=side=base",
                        "--benchgate_context=commit=0123abc", "--benchgate_cpu=" + std::to_string(cpu),
                        "--benchgate_priority=high", "--benchmark_filter=^BM_Good/"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BM_Good"), std::string::npos) << "console output must be kept";
  const auto lines = Samples();
  ASSERT_EQ(lines.size(), 5u);
  const auto& ctx = lines[0];
  EXPECT_EQ(ctx["type"].string, "context");
  EXPECT_EQ(ctx["format"].string, "benchgate-samples");
  EXPECT_EQ(ctx["version"].number, 1);
  EXPECT_EQ(ctx["context"]["side"].string, "base");
  EXPECT_EQ(ctx["context"]["commit"].string, "0123abc");
  EXPECT_EQ(ctx["pinned_cpu"].number, cpu);
  EXPECT_FALSE(ctx["priority"].string.empty());
  EXPECT_EQ(ctx["compiler"].string.rfind("GCC", 0) == 0 || ctx["compiler"].string.rfind("Clang", 0) == 0, true);
  for (int i = 1; i <= 3; ++i) {
    EXPECT_EQ(lines[i]["type"].string, "sample");
    EXPECT_EQ(lines[i]["name"].string, "BM_Good/iterations:100/repeats:3");
    EXPECT_EQ(lines[i]["repetition_index"].number, i - 1);
    EXPECT_EQ(lines[i]["iterations"].number, 100);
    EXPECT_GT(lines[i]["real_time_ns"].number, 0);
  }
  EXPECT_EQ(lines[4]["type"].string, "totals");
  EXPECT_EQ(lines[4]["benchmarks"].number, 1);
  EXPECT_EQ(lines[4]["samples"].number, 3);
  EXPECT_EQ(lines[4]["errors"].number, 0);
}

TEST_F(RunnerE2E, SkipWithErrorKeepsEveryGoodSample) {
  const Result r = Run({"--benchgate_samples=" + samples_,
                        "--benchmark_filter=BM_Good|BM_SometimesFails|BM_AlwaysFails"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = Samples();
  ASSERT_EQ(lines.size(), 9u);  // context + 3 + 3 + 1 + totals
  int good = 0, errors = 0;
  for (size_t i = 1; i + 1 < lines.size(); ++i) {
    const auto& s = lines[i];
    if (s["error"].IsNull()) {
      ++good;
      EXPECT_GT(s["real_time_ns"].number, 0);
    } else {
      ++errors;
      EXPECT_TRUE(s["real_time_ns"].IsNull());
      EXPECT_TRUE(s["error"].string == "disk on fire" || s["error"].string == "no input file: set INPUT=...")
          << s["error"].string;
    }
  }
  EXPECT_EQ(good, 5);
  EXPECT_EQ(errors, 2);
  EXPECT_EQ(lines.back()["errors"].number, 2);
  EXPECT_EQ(lines.back()["samples"].number, 7);
  EXPECT_EQ(lines.back()["benchmarks"].number, 3);
}

TEST_F(RunnerE2E, WeirdNamesNonFiniteCountersAndThreads) {
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchmark_filter=BM_Weird|BM_Counters|BM_Threads"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto lines = Samples();
  ASSERT_EQ(lines.size(), 5u);
  bool weird = false, counters = false, threads = false;
  for (const auto& s : lines) {
    if (s["name"].string == "BM_Weird/\"q\"\\b\t\x01<T>/\xC3\xA9/iterations:5") weird = true;
    if (s["name"].string.rfind("BM_Counters", 0) == 0) {
      counters = true;
      EXPECT_TRUE(s["counters"]["nan"].IsNull());
      EXPECT_TRUE(s["counters"]["inf"].IsNull());
      EXPECT_EQ(s["counters"]["answer"].number, 42);
      EXPECT_EQ(s["label"].string, "label \"quoted\"");
    }
    if (s["name"].string.rfind("BM_Threads", 0) == 0) {
      threads = true;
      EXPECT_EQ(s["threads"].number, 2);
    }
  }
  EXPECT_TRUE(weird && counters && threads) << testutil::ReadFile(samples_);
}

TEST_F(RunnerE2E, BenchmarkOutJsonStillWritten) {
  const std::string out = dir_ + "/gb.json";
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchmark_filter=^BM_Good/",
                        "--benchmark_out=" + out, "--benchmark_out_format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  jsoncheck::Value v;
  std::string error;
  ASSERT_TRUE(jsoncheck::Parse(testutil::ReadFile(out), &v, &error)) << error;
  EXPECT_EQ(v["benchmarks"].array.size(), 7u);  // 3 repetitions + 4 aggregates
  EXPECT_EQ(Samples().size(), 5u);
}

TEST_F(RunnerE2E, DisplayAggregatesOnlyKeepsSamples) {
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchmark_filter=^BM_Good/",
                        "--benchmark_display_aggregates_only=true"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("_mean"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("repeats:3 "), std::string::npos) << "repetitions must be hidden:\n" << r.out;
  EXPECT_EQ(Samples().size(), 5u);
}

TEST_F(RunnerE2E, AggregatesOnlyInCodeIsCountedAndExplained) {
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchmark_filter=BM_AggOnly"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("only aggregates"), std::string::npos) << r.err;
  const auto lines = Samples();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines.back()["aggregates_only"].number, 1);
}

TEST_F(RunnerE2E, WithoutSampleFileBehavesLikeBenchmarkMain) {
  const Result r = Run({"--benchmark_filter=^BM_Good/"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("BM_Good"), std::string::npos);
  EXPECT_FALSE(testutil::FileExists(samples_));
}

TEST_F(RunnerE2E, NoMatchingBenchmarkStillWritesContextAndTotals) {
  const Result r = Run({"--benchgate_samples=" + samples_, "--benchmark_filter=NoSuchBenchmark"});
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const auto lines = Samples();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["type"].string, "context");
  EXPECT_EQ(lines[1]["type"].string, "totals");
  EXPECT_EQ(lines[1]["samples"].number, 0);
}

}  // namespace

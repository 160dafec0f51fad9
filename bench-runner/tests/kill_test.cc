// A process killed mid-run (SIGKILL, abort) leaves a sample file whose
// complete lines all parse.
#include <signal.h>

#include <chrono>
#include <string>
#include <thread>

#include <gtest/gtest.h>

#include "json_check.h"
#include "subprocess.h"

namespace {

size_t CountLines(const std::string& path) {
  const std::string text = testutil::ReadFile(path);
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

// Returns the parsed complete lines; fails on any that does not parse.
std::vector<jsoncheck::Value> ParseAll(const std::string& path) {
  std::vector<jsoncheck::Value> out;
  for (const auto& line : testutil::Lines(testutil::ReadFile(path))) {
    jsoncheck::Value v;
    std::string error;
    EXPECT_TRUE(jsoncheck::Parse(line, &v, &error)) << error << ": " << line;
    out.push_back(v);
  }
  return out;
}

TEST(Robustness, SigkillMidRunLeavesOnlyCompleteLines) {
  const std::string dir = testutil::MakeTempDir("kill");
  const std::string samples = dir + "/samples.jsonl";
  const auto child = testutil::Spawn(
      {FIXTURE_BENCH, "--benchgate_samples=" + samples, "--benchmark_filter=BM_Slow"}, {}, dir);
  // Wait for the context line and a few samples (40 x 50 ms in total).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (CountLines(samples) < 4 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_EQ(kill(child.pid, SIGKILL), 0);
  const auto result = testutil::Wait(child);
  EXPECT_EQ(result.signal, SIGKILL) << "the run finished before it could be killed";

  const std::string text = testutil::ReadFile(samples);
  ASSERT_FALSE(text.empty());
  EXPECT_EQ(text.back(), '\n') << "whole lines are written with one write(2)";
  const auto lines = ParseAll(samples);
  ASSERT_GE(lines.size(), 4u);
  EXPECT_LT(lines.size(), 41u);
  EXPECT_EQ(lines.front()["type"].string, "context");
  for (size_t i = 1; i < lines.size(); ++i) EXPECT_EQ(lines[i]["type"].string, "sample");
  if (!::testing::Test::HasFailure()) testutil::RemoveTree(dir);
}

#ifdef SPIN_BENCH
TEST(Robustness, SpinBenchCrashOnNthRunKeepsEarlierSamples) {
  const std::string dir = testutil::MakeTempDir("crash");
  const std::string counter = dir + "/runs";
  const std::vector<std::string> env = {"SPIN_CRASH_ON_RUN_FILE=" + counter, "SPIN_CRASH_ON_RUN=2",
                                        "SPIN_LOOPS_PER_US=100", "SPIN_MIN_TIME=0.005"};
  const std::string filter = "--benchmark_filter=BM_Spin/(10us|100us)";
  // Run 1 is fine, run 2 aborts in its second benchmark.
  const auto ok = testutil::Run({SPIN_BENCH, "--benchgate_samples=" + dir + "/1.jsonl", filter}, env, dir);
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ParseAll(dir + "/1.jsonl").back()["type"].string, "totals");

  const auto crash = testutil::Run({SPIN_BENCH, "--benchgate_samples=" + dir + "/2.jsonl", filter}, env, dir);
  EXPECT_EQ(crash.signal, SIGABRT) << crash.err;
  const auto lines = ParseAll(dir + "/2.jsonl");
  ASSERT_EQ(lines.size(), 2u);  // context + BM_Spin/10us, no totals
  EXPECT_EQ(lines[1]["name"].string, "BM_Spin/10us/min_time:0.005");
  if (!::testing::Test::HasFailure()) testutil::RemoveTree(dir);
}
#endif

}  // namespace

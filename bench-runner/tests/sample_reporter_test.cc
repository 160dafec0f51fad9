#include "benchgate/sample_reporter.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "json_check.h"
#include "subprocess.h"
#include "test_runs.h"

namespace benchgate {
namespace {

using testruns::Run;

// Records what the display reporter was asked to show.
class RecordingDisplay : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override {
    ++contexts;
    return true;
  }
  void ReportRuns(const std::vector<Run>& report) override {
    for (const Run& r : report) shown.push_back(r.benchmark_name());
  }
  void Finalize() override { ++finalized; }
  int contexts = 0;
  int finalized = 0;
  std::vector<std::string> shown;
};

class SampleReporterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = testutil::MakeTempDir("reporter");
    std::string error;
    file_ = SampleFile::Open(dir_ + "/samples.jsonl", &error);
    ASSERT_TRUE(file_) << error;
  }
  void TearDown() override {
    file_.reset();
    if (!HasFailure()) testutil::RemoveTree(dir_);
  }
  std::vector<jsoncheck::Value> Lines() {
    std::vector<jsoncheck::Value> out;
    for (const auto& line : testutil::Lines(testutil::ReadFile(dir_ + "/samples.jsonl"), false)) {
      jsoncheck::Value v;
      std::string error;
      EXPECT_TRUE(jsoncheck::Parse(line, &v, &error)) << error << ": " << line;
      out.push_back(v);
    }
    return out;
  }
  std::string dir_;
  std::unique_ptr<SampleFile> file_;
  RecordingDisplay display_;
};

TEST_F(SampleReporterTest, WritesIterationsSkipsAggregatesForwardsEverything) {
  SampleReporter reporter(file_.get(), &display_, false);
  benchmark::BenchmarkReporter::Context context;
  EXPECT_TRUE(reporter.ReportContext(context));
  reporter.ReportRuns({testruns::Iteration("BM_a", 0, 2, 10, 1e-6, 1e-6),
                       testruns::Iteration("BM_a", 1, 2, 10, 2e-6, 2e-6)});
  reporter.ReportRuns({testruns::Aggregate("BM_a", "mean"), testruns::Aggregate("BM_a", "stddev")});
  reporter.Finalize();

  const auto lines = Lines();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0]["repetition_index"].number, 0);
  EXPECT_EQ(lines[1]["repetition_index"].number, 1);
  EXPECT_DOUBLE_EQ(lines[1]["real_time_ns"].number, 200);
  EXPECT_EQ(display_.contexts, 1);
  EXPECT_EQ(display_.finalized, 1);
  EXPECT_EQ(display_.shown.size(), 4u);  // console output unchanged
  EXPECT_EQ(reporter.totals().benchmarks, 1);
  EXPECT_EQ(reporter.totals().samples, 2);
  EXPECT_EQ(reporter.totals().aggregates_only, 0);
}

TEST_F(SampleReporterTest, KeepsGoodSamplesAroundAnError) {
  SampleReporter reporter(file_.get(), &display_, false);
  auto bad = testruns::Iteration("BM_b", 1, 3, 0, 0, 0);
  testruns::SetError(&bad, "boom");
  reporter.ReportRuns({testruns::Iteration("BM_b", 0, 3, 10, 1e-6, 1e-6), bad,
                       testruns::Iteration("BM_b", 2, 3, 10, 1e-6, 1e-6)});
  const auto lines = Lines();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_TRUE(lines[0]["error"].IsNull());
  EXPECT_EQ(lines[1]["error"].string, "boom");
  EXPECT_TRUE(lines[1]["real_time_ns"].IsNull());
  EXPECT_TRUE(lines[2]["error"].IsNull());
  EXPECT_EQ(reporter.totals().errors, 1);
  EXPECT_EQ(reporter.totals().samples, 3);
}

TEST_F(SampleReporterTest, DisplayAggregatesOnlyHidesRepetitionsButRecordsThem) {
  SampleReporter reporter(file_.get(), &display_, true);
  reporter.ReportRuns({testruns::Iteration("BM_c", 0, 2, 10, 1e-6, 1e-6),
                       testruns::Iteration("BM_c", 1, 2, 10, 1e-6, 1e-6)});
  reporter.ReportRuns({testruns::Aggregate("BM_c", "mean")});
  EXPECT_EQ(Lines().size(), 2u);
  ASSERT_EQ(display_.shown.size(), 1u);
  EXPECT_EQ(display_.shown[0], "BM_c_mean");
}

TEST_F(SampleReporterTest, DisplayAggregatesOnlyStillShowsASingleRun) {
  SampleReporter reporter(file_.get(), &display_, true);
  reporter.ReportRuns({testruns::Iteration("BM_d", 0, 1, 10, 1e-6, 1e-6)});
  EXPECT_EQ(display_.shown.size(), 1u);  // no aggregates follow: nothing to hide behind
}

TEST_F(SampleReporterTest, CountsAggregateOnlyReports) {
  SampleReporter reporter(file_.get(), &display_, false);
  auto agg = testruns::Aggregate("BM_e", "mean");
  agg.family_index = 7;
  reporter.ReportRuns({agg});
  EXPECT_EQ(reporter.totals().aggregates_only, 1);
  EXPECT_EQ(Lines().size(), 0u);
}

TEST_F(SampleReporterTest, WorksWithoutAFile) {
  SampleReporter reporter(nullptr, &display_, false);
  reporter.ReportRuns({testruns::Iteration("BM_f", 0, 1, 10, 1e-6, 1e-6)});
  EXPECT_EQ(display_.shown.size(), 1u);
  EXPECT_EQ(reporter.totals().samples, 1);
}

TEST(SampleFile, UnwritablePathFailsWithAClearMessage) {
  std::string error;
  EXPECT_FALSE(SampleFile::Open("/nonexistent-benchgate-dir/s.jsonl", &error));
  EXPECT_NE(error.find("/nonexistent-benchgate-dir/s.jsonl"), std::string::npos) << error;
  EXPECT_NE(error.find("--benchgate_samples"), std::string::npos) << error;
  const std::string dir = testutil::MakeTempDir("dir-as-file");
  EXPECT_FALSE(SampleFile::Open(dir, &error));  // a directory
  EXPECT_FALSE(SampleFile::Open("", &error));
  testutil::RemoveTree(dir);
}

}  // namespace
}  // namespace benchgate

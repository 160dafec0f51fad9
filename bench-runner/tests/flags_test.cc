#include "benchgate/flags.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace benchgate {
namespace {

struct Parsed {
  bool ok;
  Options options;
  std::string error;
  std::vector<std::string> rest;
};

Parsed ParseArgs(std::vector<std::string> args) {
  args.insert(args.begin(), "bench");
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  Parsed p;
  p.ok = ParseFlags(&argc, argv.data(), &p.options, &p.error);
  for (int i = 1; i < argc; ++i) p.rest.push_back(argv[i]);
  return p;
}

TEST(Flags, ParsesEveryKnownFlagAndLeavesTheRest) {
  const auto p = ParseArgs({"--benchmark_filter=BM_x", "--benchgate_samples=/tmp/s.jsonl",
                            "--benchgate_cpu=1", "--benchgate_priority=high",
                            "--benchgate_context=side=base", "--benchgate_context=commit=a=b",
                            "--benchmark_repetitions=3"});
  ASSERT_TRUE(p.ok) << p.error;
  EXPECT_EQ(p.options.samples_path, "/tmp/s.jsonl");
  ASSERT_TRUE(p.options.cpu.has_value());
  EXPECT_EQ(*p.options.cpu, 1);
  EXPECT_TRUE(p.options.high_priority);
  ASSERT_EQ(p.options.context.size(), 2u);
  EXPECT_EQ(p.options.context[0], std::make_pair(std::string("side"), std::string("base")));
  EXPECT_EQ(p.options.context[1], std::make_pair(std::string("commit"), std::string("a=b")));
  EXPECT_EQ(p.rest, (std::vector<std::string>{"--benchmark_filter=BM_x", "--benchmark_repetitions=3"}));
}

TEST(Flags, Version) {
  EXPECT_TRUE(ParseArgs({"--benchgate_version"}).options.print_version);
  EXPECT_TRUE(ParseArgs({"-benchgate_version"}).options.print_version);
  EXPECT_FALSE(ParseArgs({"--benchgate_version=false"}).options.print_version);
}

TEST(Flags, UnknownFlagIsNamed) {
  const auto p = ParseArgs({"--benchgate_sample=x"});
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.error.find("--benchgate_sample"), std::string::npos) << p.error;
  EXPECT_NE(p.error.find("unknown flag"), std::string::npos) << p.error;
}

TEST(Flags, MalformedValuesAreRejected) {
  for (const char* bad : {"--benchgate_samples", "--benchgate_samples=", "--benchgate_cpu=abc",
                          "--benchgate_cpu=-1", "--benchgate_cpu=1x", "--benchgate_cpu",
                          "--benchgate_priority=low", "--benchgate_context=novalue",
                          "--benchgate_context==x", "--benchgate_context=a b=c"}) {
    const auto p = ParseArgs({bad});
    EXPECT_FALSE(p.ok) << bad;
    EXPECT_FALSE(p.error.empty()) << bad;
  }
}

TEST(Flags, DuplicateContextKeyIsRejected) {
  const auto p = ParseArgs({"--benchgate_context=side=base", "--benchgate_context=side=head"});
  EXPECT_FALSE(p.ok);
  EXPECT_NE(p.error.find("side"), std::string::npos);
}

TEST(Flags, InterceptsAggregatesOnlyFlags) {
  auto p = ParseArgs({"--benchmark_display_aggregates_only=true", "--benchmark_filter=x"});
  ASSERT_TRUE(p.ok);
  EXPECT_TRUE(p.options.display_aggregates_only);
  EXPECT_EQ(p.rest, std::vector<std::string>{"--benchmark_filter=x"});
  p = ParseArgs({"--benchmark_report_aggregates_only"});
  EXPECT_TRUE(p.options.report_aggregates_only);
  p = ParseArgs({"--benchmark_report_aggregates_only=false"});
  EXPECT_FALSE(p.options.report_aggregates_only);
}

TEST(Flags, OtherArgumentsArePassedThroughUntouched) {
  const auto p = ParseArgs({"--benchmark_format=json", "positional", "--benchgatex=1"});
  ASSERT_TRUE(p.ok);
  EXPECT_EQ(p.rest, (std::vector<std::string>{"--benchmark_format=json", "positional", "--benchgatex=1"}));
}

}  // namespace
}  // namespace benchgate

#include "benchgate/json_writer.h"

#include <cmath>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "json_check.h"

namespace benchgate {
namespace {

std::string Str(std::string_view s) {
  std::string out;
  AppendJsonString(&out, s);
  return out;
}

std::string Num(double v) {
  std::string out;
  AppendJsonNumber(&out, v);
  return out;
}

TEST(JsonString, EscapesQuotesBackslashesAndControls) {
  EXPECT_EQ(Str("a\"b"), R"("a\"b")");
  EXPECT_EQ(Str("a\\b"), R"("a\\b")");
  EXPECT_EQ(Str("\n\r\t\b\f"), R"("\n\r\t\b\f")");
  EXPECT_EQ(Str(std::string("\x01\x1f\x7f", 3)), R"("\u0001\u001f\u007f")");
  EXPECT_EQ(Str(std::string("a\0b", 3)), R"("a\u0000b")");
}

TEST(JsonString, KeepsAngleBracketsAndValidUtf8) {
  EXPECT_EQ(Str("BM_Foo<int>/8"), "\"BM_Foo<int>/8\"");
  EXPECT_EQ(Str("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"), "\"caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80\"");
}

TEST(JsonString, ReplacesInvalidUtf8) {
  EXPECT_EQ(Str("a\xFF" "b"), R"("a\ufffdb")");
  EXPECT_EQ(Str("\xC3"), R"("\ufffd")");          // truncated sequence
  EXPECT_EQ(Str("\xC0\xAF"), R"("\ufffd\ufffd")");  // overlong
  EXPECT_EQ(Str("\xED\xA0\x80"), R"("\ufffd\ufffd\ufffd")");  // surrogate
}

TEST(JsonString, RoundTripsThroughAParser) {
  const std::string nasty = "q\"b\\s\t<>&/\x02\xC3\xA9";
  jsoncheck::Value v;
  std::string error;
  ASSERT_TRUE(jsoncheck::Parse(Str(nasty), &v, &error)) << error;
  EXPECT_EQ(v.string, nasty);
}

TEST(JsonNumber, NonFiniteIsNull) {
  EXPECT_EQ(Num(std::numeric_limits<double>::quiet_NaN()), "null");
  EXPECT_EQ(Num(std::numeric_limits<double>::infinity()), "null");
  EXPECT_EQ(Num(-std::numeric_limits<double>::infinity()), "null");
}

TEST(JsonNumber, ShortestRoundTrip) {
  EXPECT_EQ(Num(0), "0");
  EXPECT_EQ(Num(1.5), "1.5");
  EXPECT_EQ(Num(-2), "-2");
  for (double v : {0.1, 1234.5678, 1e-300, 6.02e23, 123456789012345.0}) {
    EXPECT_EQ(std::stod(Num(v)), v);
    jsoncheck::Value parsed;
    std::string error;
    EXPECT_TRUE(jsoncheck::Parse(Num(v), &parsed, &error)) << Num(v) << ": " << error;
  }
}

TEST(JsonObject, WritesKeysInOrder) {
  std::string out;
  JsonObjectWriter w(&out);
  w.String("a", "x").Int("b", -3).Bool("c", true).Null("d").Number("e", std::nan(""));
  w.Close();
  EXPECT_EQ(out, R"({"a":"x","b":-3,"c":true,"d":null,"e":null})");
}

}  // namespace
}  // namespace benchgate

// Appends JSON values to a string: correct escaping, and null for numbers
// that JSON cannot represent (NaN, infinities).
#ifndef BENCHGATE_JSON_WRITER_H_
#define BENCHGATE_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace benchgate {

// Appends `s` as a JSON string literal. Control characters are escaped,
// valid UTF-8 passes through, and invalid UTF-8 bytes become U+FFFD so the
// output is always valid UTF-8.
void AppendJsonString(std::string* out, std::string_view s);

// Appends the shortest text that round-trips `v`, or null if not finite.
void AppendJsonNumber(std::string* out, double v);

void AppendJsonInt(std::string* out, int64_t v);

// Builds one JSON object; keys are written in call order.
// REQUIRES: `out` outlives the writer; Close() is called exactly once.
class JsonObjectWriter {
 public:
  explicit JsonObjectWriter(std::string* out);
  JsonObjectWriter& String(std::string_view key, std::string_view value);
  JsonObjectWriter& Number(std::string_view key, double value);
  JsonObjectWriter& Int(std::string_view key, int64_t value);
  JsonObjectWriter& Bool(std::string_view key, bool value);
  JsonObjectWriter& Null(std::string_view key);
  // Writes the key; the caller appends exactly one raw JSON value next.
  std::string* Raw(std::string_view key);
  void Close();

 private:
  void Key(std::string_view key);
  std::string* out_;
  bool first_ = true;
};

}  // namespace benchgate

#endif  // BENCHGATE_JSON_WRITER_H_

#include "benchgate/json_writer.h"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace benchgate {
namespace {

const char kHex[] = "0123456789abcdef";

void AppendUnicodeEscape(std::string* out, unsigned code) {
  out->append("\\u");
  for (int shift = 12; shift >= 0; shift -= 4) out->push_back(kHex[(code >> shift) & 0xF]);
}

// Length of the valid UTF-8 sequence starting at s[i], or 0 if invalid
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
size_t Utf8SequenceLength(std::string_view s, size_t i) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const auto cont = [&](size_t k) { return i + k < s.size() && (b(k) & 0xC0) == 0x80; };
  const unsigned c = b(0);
  if (c < 0x80) return 1;
  if (c >= 0xC2 && c <= 0xDF) return cont(1) ? 2 : 0;
  if (c >= 0xE0 && c <= 0xEF) {
    if (!cont(1) || !cont(2)) return 0;
    if (c == 0xE0 && b(1) < 0xA0) return 0;  // overlong
    if (c == 0xED && b(1) > 0x9F) return 0;  // surrogate
    return 3;
  }
  if (c >= 0xF0 && c <= 0xF4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    if (c == 0xF0 && b(1) < 0x90) return 0;  // overlong
    if (c == 0xF4 && b(1) > 0x8F) return 0;  // > U+10FFFF
    return 4;
  }
  return 0;
}

}  // namespace

void AppendJsonString(std::string* out, std::string_view s) {
  out->push_back('"');
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (c >= 0x80) {
      const size_t n = Utf8SequenceLength(s, i);
      if (n == 0) {
        AppendUnicodeEscape(out, 0xFFFD);
        ++i;
      } else {
        out->append(s.substr(i, n));
        i += n;
      }
      continue;
    }
    switch (c) {
      case '"': out->append("\\\""); break;
      case '\\': out->append("\\\\"); break;
      case '\n': out->append("\\n"); break;
      case '\r': out->append("\\r"); break;
      case '\t': out->append("\\t"); break;
      case '\b': out->append("\\b"); break;
      case '\f': out->append("\\f"); break;
      default:
        if (c < 0x20 || c == 0x7F) {
          AppendUnicodeEscape(out, c);
        } else {
          out->push_back(static_cast<char>(c));
        }
    }
    ++i;
  }
  out->push_back('"');
}

void AppendJsonNumber(std::string* out, double v) {
  if (!std::isfinite(v)) {
    out->append("null");
    return;
  }
  char buf[64];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  const auto result = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, result.ptr);
#else
  const int n = std::snprintf(buf, sizeof buf, "%.17g", v);
  out->append(buf, static_cast<size_t>(n));
#endif
}

void AppendJsonInt(std::string* out, int64_t v) {
  char buf[32];
  const auto result = std::to_chars(buf, buf + sizeof buf, v);
  out->append(buf, result.ptr);
}

JsonObjectWriter::JsonObjectWriter(std::string* out) : out_(out) { out_->push_back('{'); }

void JsonObjectWriter::Key(std::string_view key) {
  if (!first_) out_->push_back(',');
  first_ = false;
  AppendJsonString(out_, key);
  out_->push_back(':');
}

JsonObjectWriter& JsonObjectWriter::String(std::string_view key, std::string_view value) {
  Key(key);
  AppendJsonString(out_, value);
  return *this;
}

JsonObjectWriter& JsonObjectWriter::Number(std::string_view key, double value) {
  Key(key);
  AppendJsonNumber(out_, value);
  return *this;
}

JsonObjectWriter& JsonObjectWriter::Int(std::string_view key, int64_t value) {
  Key(key);
  AppendJsonInt(out_, value);
  return *this;
}

JsonObjectWriter& JsonObjectWriter::Bool(std::string_view key, bool value) {
  Key(key);
  out_->append(value ? "true" : "false");
  return *this;
}

JsonObjectWriter& JsonObjectWriter::Null(std::string_view key) {
  Key(key);
  out_->append("null");
  return *this;
}

std::string* JsonObjectWriter::Raw(std::string_view key) {
  Key(key);
  return out_;
}

void JsonObjectWriter::Close() { out_->push_back('}'); }

}  // namespace benchgate

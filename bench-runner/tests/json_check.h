// A small strict JSON parser for the tests: enough to prove that every line
// bench-runner writes is valid JSON and to read fields back.
#ifndef BENCHGATE_TESTS_JSON_CHECK_H_
#define BENCHGATE_TESTS_JSON_CHECK_H_

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace jsoncheck {

struct Value {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind = kNull;
  bool boolean = false;
  double number = 0;
  std::string string;
  std::vector<Value> array;
  std::map<std::string, Value> object;

  bool Has(const std::string& key) const { return kind == kObject && object.count(key) > 0; }
  const Value& operator[](const std::string& key) const {
    static const Value kMissing;
    auto it = object.find(key);
    return it == object.end() ? kMissing : it->second;
  }
  bool IsNull() const { return kind == kNull; }
};

class Parser {
 public:
  explicit Parser(const std::string& text) : s_(text) {}

  // Returns false (with the offset in `error`) unless `text` is exactly one
  // JSON value, optionally surrounded by whitespace.
  bool Parse(Value* out, std::string* error) {
    pos_ = 0;
    ok_ = true;
    *out = ParseValue();
    SkipWs();
    if (ok_ && pos_ != s_.size()) Fail("trailing characters");
    if (!ok_) *error = error_;
    return ok_;
  }

 private:
  void Fail(const char* what) {
    if (ok_) error_ = std::string(what) + " at offset " + std::to_string(pos_);
    ok_ = false;
  }
  void SkipWs() {
    while (pos_ < s_.size() && (s_[pos_] == ' ' || s_[pos_] == '\t' || s_[pos_] == '\n' || s_[pos_] == '\r')) ++pos_;
  }
  bool Eat(char c) {
    SkipWs();
    if (pos_ < s_.size() && s_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  bool Literal(const char* lit) {
    const std::string l(lit);
    if (s_.compare(pos_, l.size(), l) == 0) {
      pos_ += l.size();
      return true;
    }
    return false;
  }
  static void AppendUtf8(std::string* out, unsigned cp) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xC0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xE0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    } else {
      out->push_back(static_cast<char>(0xF0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3F)));
    }
  }
  std::string ParseString() {
    std::string out;
    if (!Eat('"')) {
      Fail("expected string");
      return out;
    }
    while (ok_) {
      if (pos_ >= s_.size()) {
        Fail("unterminated string");
        break;
      }
      const unsigned char c = static_cast<unsigned char>(s_[pos_++]);
      if (c == '"') break;
      if (c < 0x20) {
        Fail("raw control character in string");
        break;
      }
      if (c != '\\') {
        out.push_back(static_cast<char>(c));
        continue;
      }
      if (pos_ >= s_.size()) {
        Fail("bad escape");
        break;
      }
      const char e = s_[pos_++];
      switch (e) {
        case '"': out.push_back('"'); break;
        case '\\': out.push_back('\\'); break;
        case '/': out.push_back('/'); break;
        case 'b': out.push_back('\b'); break;
        case 'f': out.push_back('\f'); break;
        case 'n': out.push_back('\n'); break;
        case 'r': out.push_back('\r'); break;
        case 't': out.push_back('\t'); break;
        case 'u': {
          if (pos_ + 4 > s_.size()) {
            Fail("bad \\u escape");
            break;
          }
          const unsigned cp = static_cast<unsigned>(std::strtoul(s_.substr(pos_, 4).c_str(), nullptr, 16));
          pos_ += 4;
          AppendUtf8(&out, cp);
          break;
        }
        default: Fail("bad escape");
      }
    }
    return out;
  }
  Value ParseValue() {
    Value v;
    SkipWs();
    if (pos_ >= s_.size()) {
      Fail("unexpected end");
      return v;
    }
    const char c = s_[pos_];
    if (c == '{') {
      ++pos_;
      v.kind = Value::kObject;
      if (Eat('}')) return v;
      do {
        SkipWs();
        std::string key = ParseString();
        if (!Eat(':')) Fail("expected ':'");
        if (!ok_) return v;
        v.object[key] = ParseValue();
      } while (ok_ && Eat(','));
      if (!Eat('}')) Fail("expected '}'");
    } else if (c == '[') {
      ++pos_;
      v.kind = Value::kArray;
      if (Eat(']')) return v;
      do {
        v.array.push_back(ParseValue());
      } while (ok_ && Eat(','));
      if (!Eat(']')) Fail("expected ']'");
    } else if (c == '"') {
      v.kind = Value::kString;
      v.string = ParseString();
    } else if (Literal("null")) {
      v.kind = Value::kNull;
    } else if (Literal("true")) {
      v.kind = Value::kBool;
      v.boolean = true;
    } else if (Literal("false")) {
      v.kind = Value::kBool;
    } else {
      // JSON number grammar: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
      const size_t start = pos_;
      if (s_[pos_] == '-') ++pos_;
      auto digits = [&] {
        const size_t d = pos_;
        while (pos_ < s_.size() && s_[pos_] >= '0' && s_[pos_] <= '9') ++pos_;
        return pos_ - d;
      };
      if (pos_ < s_.size() && s_[pos_] == '0') {
        ++pos_;
      } else if (digits() == 0) {
        Fail("bad value");
        return v;
      }
      if (pos_ < s_.size() && s_[pos_] == '.') {
        ++pos_;
        if (digits() == 0) Fail("bad fraction");
      }
      if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
        ++pos_;
        if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
        if (digits() == 0) Fail("bad exponent");
      }
      v.kind = Value::kNumber;
      v.number = std::strtod(s_.substr(start, pos_ - start).c_str(), nullptr);
    }
    return v;
  }

  const std::string& s_;
  size_t pos_ = 0;
  bool ok_ = true;
  std::string error_;
};

inline bool Parse(const std::string& text, Value* out, std::string* error) {
  return Parser(text).Parse(out, error);
}

}  // namespace jsoncheck

#endif  // BENCHGATE_TESTS_JSON_CHECK_H_

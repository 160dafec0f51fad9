#include "benchgate/flags.h"

#include <cctype>
#include <charconv>
#include <cstring>
#include <string_view>

namespace benchgate {
namespace {

// Google Benchmark accepts both "--flag" and "-flag"; so do we.
std::string_view StripDashes(std::string_view arg) {
  if (arg.size() > 1 && arg[0] == '-' && arg[1] == '-') return arg.substr(2);
  if (!arg.empty() && arg[0] == '-') return arg.substr(1);
  return {};
}

// Same rule as Google Benchmark's IsTruthyFlagValue().
bool IsTruthy(std::string_view v) {
  if (v.size() == 1) {
    const char c = v[0];
    return std::isalnum(static_cast<unsigned char>(c)) &&
           !(c == '0' || c == 'f' || c == 'F' || c == 'n' || c == 'N');
  }
  if (v.empty()) return true;
  std::string lower(v);
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return !(lower == "false" || lower == "no" || lower == "off");
}

bool ValidContextKey(std::string_view key) {
  if (key.empty()) return false;
  for (char c : key) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.')) return false;
  }
  return true;
}

// Parses one flag body ("name" or "name=value") into `out`.
bool ParseOne(std::string_view body, Options* out, std::string* error) {
  const size_t eq = body.find('=');
  const std::string_view name = body.substr(0, eq);
  const bool has_value = eq != std::string_view::npos;
  const std::string_view value = has_value ? body.substr(eq + 1) : std::string_view{};
  const std::string flag = "--" + std::string(name);

  if (name == "benchgate_version") {
    if (has_value && !IsTruthy(value)) return true;
    out->print_version = true;
    return true;
  }
  if (!has_value) {
    if (name == "benchgate_samples" || name == "benchgate_cpu" || name == "benchgate_priority" ||
        name == "benchgate_context") {
      *error = flag + " needs a value, given as " + flag + "=VALUE (no space)";
      return false;
    }
  }
  if (name == "benchgate_samples") {
    if (value.empty()) {
      *error = "--benchgate_samples needs a file name: --benchgate_samples=FILE";
      return false;
    }
    out->samples_path = std::string(value);
    return true;
  }
  if (name == "benchgate_cpu") {
    int cpu = -1;
    const auto r = std::from_chars(value.data(), value.data() + value.size(), cpu);
    if (r.ec != std::errc() || r.ptr != value.data() + value.size() || cpu < 0) {
      *error = "--benchgate_cpu needs a CPU number >= 0, got '" + std::string(value) + "'";
      return false;
    }
    out->cpu = cpu;
    return true;
  }
  if (name == "benchgate_priority") {
    if (value == "high") {
      out->high_priority = true;
    } else if (value == "normal") {
      out->high_priority = false;
    } else {
      *error = "--benchgate_priority must be 'high' or 'normal', got '" + std::string(value) + "'";
      return false;
    }
    return true;
  }
  if (name == "benchgate_context") {
    const size_t kv = value.find('=');
    const std::string key(value.substr(0, kv));
    if (kv == std::string_view::npos || !ValidContextKey(key)) {
      *error = "--benchgate_context needs key=value with a key of letters, digits, '_', '-' or '.', got '" +
               std::string(value) + "' (e.g. --benchgate_context=side=base)";
      return false;
    }
    for (const auto& entry : out->context) {
      if (entry.first == key) {
        *error = "--benchgate_context key '" + key + "' was given twice";
        return false;
      }
    }
    out->context.emplace_back(key, std::string(value.substr(kv + 1)));
    return true;
  }
  *error = "unknown flag " + flag +
           "; bench-runner knows --benchgate_samples=FILE, --benchgate_cpu=N, "
           "--benchgate_priority=high|normal, --benchgate_context=KEY=VALUE and --benchgate_version";
  return false;
}

}  // namespace

bool ParseFlags(int* argc, char** argv, Options* out, std::string* error) {
  int kept = 1;
  for (int i = 1; i < *argc; ++i) {
    const std::string_view body = StripDashes(argv[i]);
    const std::string_view name = body.substr(0, body.find('='));
    if (name.rfind("benchgate_", 0) == 0) {
      if (!ParseOne(body, out, error)) return false;
      continue;
    }
    if (name == "benchmark_display_aggregates_only" || name == "benchmark_report_aggregates_only") {
      const size_t eq = body.find('=');
      const bool on = eq == std::string_view::npos || IsTruthy(body.substr(eq + 1));
      (name == "benchmark_display_aggregates_only" ? out->display_aggregates_only
                                                   : out->report_aggregates_only) = on;
      continue;
    }
    argv[kept++] = argv[i];
  }
  for (int i = kept; i < *argc; ++i) argv[i] = nullptr;
  *argc = kept;
  return true;
}

const char* FlagsHelp() {
  return "bench-runner flags:\n"
         "  --benchgate_samples=FILE        stream one JSON line per repetition to FILE\n"
         "  --benchgate_cpu=N               pin the benchmarks to CPU N\n"
         "  --benchgate_priority=high       try SCHED_FIFO, then nice -5 (never fails)\n"
         "  --benchgate_context=KEY=VALUE   record KEY=VALUE in FILE (repeatable)\n"
         "  --benchgate_version             print the bench-runner version and exit\n";
}

}  // namespace benchgate

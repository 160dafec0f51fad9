// Parsing of bench-runner's own --benchgate_* flags.
#ifndef BENCHGATE_FLAGS_H_
#define BENCHGATE_FLAGS_H_

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace benchgate {

struct Options {
  std::string samples_path;  // --benchgate_samples=FILE; empty: no sample file
  std::optional<int> cpu;    // --benchgate_cpu=N
  bool high_priority = false;  // --benchgate_priority=high
  // --benchgate_context=key=value, in the order given.
  std::vector<std::pair<std::string, std::string>> context;
  bool print_version = false;  // --benchgate_version
  // Google Benchmark's own flags that would hide per-repetition runs from the
  // sample reporter; bench-runner applies them to the console itself.
  bool display_aggregates_only = false;
  bool report_aggregates_only = false;
};

// Moves every --benchgate_* flag (and the two aggregates-only flags above)
// out of argv, leaving the rest for benchmark::Initialize().
// Returns false with a message naming the flag on any unknown or malformed
// --benchgate_* flag.
// REQUIRES: argc, argv and out are non-null; argv[0..*argc) are valid.
bool ParseFlags(int* argc, char** argv, Options* out, std::string* error);

// The text printed by --help after Google Benchmark's own.
const char* FlagsHelp();

}  // namespace benchgate

#endif  // BENCHGATE_FLAGS_H_
